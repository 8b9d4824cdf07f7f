/**
 * The import graph of everything the app ships (the server entry, the
 * browser boot script, the Web Workers, the modules deno.json exports, the
 * debug-only server and the diff and dev scripts): no cycles, and lib/ imports
 * nothing from the app's other layers (routes, islands, components,
 * server), so its modules stay pure and embeddable. Read from
 * `deno info --json`, the graph Deno itself resolves.
 */
import assert from "node:assert/strict";

const ROOT = new URL("../", import.meta.url);

/** The modules deno.json publishes (its `exports` targets). */
const EXPORTS: string[] = Object.values(
  JSON.parse(Deno.readTextFileSync(new URL("deno.json", ROOT)))
    .exports as Record<string, string>,
).map((p) => p.replace(/^\.\//, ""));

const ENTRIES = [
  ...new Set([
    "main.ts",
    "dev.ts",
    "diff.ts",
    "server/client.ts",
    "server/debug_only.ts",
    ...EXPORTS,
    ...[...Deno.readDirSync(new URL("islands/workers/", ROOT))]
      .filter((f) => f.name.endsWith(".ts"))
      .map((f) => `islands/workers/${f.name}`),
  ]),
];

/** Local module → the local modules it imports (code and types). */
async function graph(): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  await Promise.all(ENTRIES.map(async (entry) => {
    const r = await new Deno.Command(Deno.execPath(), {
      args: ["info", "--json", entry],
      cwd: ROOT,
      stdout: "piped",
      stderr: "inherit",
    }).output();
    assert.ok(r.success, `deno info ${entry}`);
    const info = JSON.parse(new TextDecoder().decode(r.stdout));
    for (const m of info.modules) {
      if (!m.specifier?.startsWith(ROOT.href)) continue;
      const deps = (m.dependencies ?? []).flatMap((
        d: { code?: { specifier?: string }; type?: { specifier?: string } },
      ) => [d.code?.specifier, d.type?.specifier])
        .filter((s: string | undefined): s is string =>
          !!s?.startsWith(ROOT.href)
        );
      out.set(rel(m.specifier), deps.map(rel));
    }
  }));
  return out;
}

function rel(specifier: string): string {
  return specifier.slice(ROOT.href.length);
}

/** The cycles of `g`, each as a path that returns to its start. */
function cycles(g: Map<string, string[]>): string[][] {
  const found: string[][] = [];
  const state = new Map<string, "open" | "done">();
  const stack: string[] = [];
  const visit = (v: string) => {
    state.set(v, "open");
    stack.push(v);
    for (const w of g.get(v) ?? []) {
      if (state.get(w) === "open") {
        found.push([...stack.slice(stack.indexOf(w)), w]);
      } else if (!state.has(w)) visit(w);
    }
    stack.pop();
    state.set(v, "done");
  };
  for (const v of g.keys()) if (!state.has(v)) visit(v);
  return found;
}

const g = await graph();

Deno.test("imports: the graph is read (entries found)", () => {
  assert.ok(EXPORTS.length > 0, "deno.json's exports are read");
  for (const e of ENTRIES) assert.ok(g.has(e), e);
  assert.ok(g.size > 50, `${g.size} modules`);
});

Deno.test("imports: no import cycles", () => {
  assert.deepEqual(cycles(g).map((c) => c.join(" → ")), []);
});

Deno.test("imports: lib/ imports nothing from routes, islands, components, server", () => {
  const bad = [...g].flatMap(([from, deps]) =>
    from.startsWith("lib/")
      ? deps.filter((d) => /^(routes|islands|components|server)\//.test(d))
        .map((d) => `${from} → ${d}`)
      : []
  );
  assert.deepEqual(bad, []);
});

Deno.test("imports: components/ is server-rendered markup, apart from the islands", () => {
  // The island marker may name the registered islands; nothing else in
  // components/ reaches into a tool's browser code, and no island into
  // components/ (a page hands an island to a component as a prop).
  const allowed = new Set(["components/Island.tsx → islands/registry.ts"]);
  const bad = [...g].flatMap(([from, deps]) =>
    deps.filter((d) =>
      (from.startsWith("components/") && d.startsWith("islands/")) ||
      (from.startsWith("islands/") && d.startsWith("components/"))
    ).map((d) => `${from} → ${d}`).filter((e) => !allowed.has(e))
  );
  assert.deepEqual(bad, []);
});

Deno.test("imports: the cycle finder finds a cycle", () => {
  const g = new Map([["a", ["b"]], ["b", ["c"]], ["c", ["a"]], ["d", []]]);
  assert.deepEqual(cycles(g), [["a", "b", "c", "a"]]);
});
