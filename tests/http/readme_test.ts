/**
 * The README's "Use it in your tests" snippets, run as a reader would:
 * the Deno test from a folder outside the checkout (another project,
 * importing the library by its package name through a deno.json that
 * links this checkout, so the import goes through our `exports` map as it
 * would from JSR), and the CI step in bash with `deno task debug` in the
 * background.
 */
import assert from "node:assert/strict";
import { freePort } from "../helpers/processes.ts";

const ROOT = new URL("../../", import.meta.url);
const README = await Deno.readTextFile(new URL("README.md", ROOT));

/** The fenced block after `<!-- snippet: name -->`. */
function snippet(name: string): string {
  const at = README.indexOf(`<!-- snippet: ${name} -->`);
  assert.ok(at >= 0, `README has the ${name} snippet`);
  const m = /```\w*\n([\s\S]*?)```/.exec(README.slice(at));
  assert.ok(m, `a code block follows the ${name} marker`);
  return m[1];
}

const ENV = { RUST_BACKTRACE: "0", NO_COLOR: "1" };

/** The package name and the debug API's export, from our deno.json. */
const CONFIG = JSON.parse(await Deno.readTextFile(new URL("deno.json", ROOT)));
const PACKAGE: string = CONFIG.name;
const DEBUG_EXPORT = `${PACKAGE}/debug`;

/**
 * The deno.json of a project that uses a checkout of Wirebench: the
 * package by name, resolved from the checkout (`links`) instead of JSR, so
 * nothing is fetched and only what `exports` lists can be imported.
 */
function projectConfig(checkout: string): string {
  return JSON.stringify({
    imports: { [PACKAGE]: `jsr:${PACKAGE}@^${CONFIG.version}` },
    links: [checkout],
  });
}

for (
  const [name, marker, uses] of [
    ["Deno test", "deno-test", /await using server = await startDebugServer/],
    [
      "own-server",
      "own-server",
      /debug\.drain\(\);\s*await server\.shutdown\(\)/,
    ],
  ] as const
) {
  Deno.test({
    name:
      `readme: the ${name} snippet passes from another project's folder, importing by package name`,
    sanitizeResources: false,
    fn: async () => {
      const dir = await Deno.makeTempDir({ prefix: "wirebench-readme-" });
      try {
        let code = snippet(marker);
        if (code.includes("./wirebench/lib/debug/mod.ts")) {
          // The README's older text imported the module by path; the package
          // name is what a user writes now.
          console.log(
            "README's deno-test snippet imports by path; run by name",
          );
          code = code.replace("./wirebench/lib/debug/mod.ts", DEBUG_EXPORT);
        }
        assert.match(code, new RegExp(`from "${PACKAGE}(/debug)?"`));
        assert.match(code, uses);
        await Deno.writeTextFile(`${dir}/client_test.ts`, code);
        await Deno.writeTextFile(
          `${dir}/deno.json`,
          projectConfig(new URL(ROOT).pathname),
        );
        const out = await new Deno.Command(Deno.execPath(), {
          args: ["test", "--allow-net", "client_test.ts"],
          cwd: dir,
          env: ENV,
          stdout: "piped",
          stderr: "piped",
        }).output();
        const text = new TextDecoder().decode(out.stdout) +
          new TextDecoder().decode(out.stderr);
        assert.ok(out.success, text);
        assert.match(text, /1 passed \| 0 failed/);
      } finally {
        await Deno.remove(dir, { recursive: true });
      }
    },
  });
}

Deno.test({
  name:
    "readme: the package exposes only its exports map (a module path is refused)",
  sanitizeResources: false,
  fn: async () => {
    const dir = await Deno.makeTempDir({ prefix: "wirebench-exports-" });
    try {
      await Deno.writeTextFile(
        `${dir}/deno.json`,
        projectConfig(new URL(ROOT).pathname),
      );
      const names = Object.keys(CONFIG.exports).map((k: string) =>
        k === "." ? PACKAGE : `${PACKAGE}/${k.slice(2)}`
      );
      // Each export's module, imported by name, lists its exported names.
      await Deno.writeTextFile(
        `${dir}/ok.ts`,
        names.map((n, i) => `import * as m${i} from "${n}";\n`).join("") +
          `console.log(JSON.stringify({${
            names.map((n, i) => `"${n}": Object.keys(m${i})`).join(",")
          }}));\n`,
      );
      await Deno.writeTextFile(
        `${dir}/private.ts`,
        `import "${PACKAGE}/lib/debug/mod.ts";\n`,
      );
      const run = (file: string) =>
        new Deno.Command(Deno.execPath(), {
          args: ["run", "--no-check", file],
          cwd: dir,
          env: ENV,
          stdout: "piped",
          stderr: "piped",
        }).output();
      const ok = await run("ok.ts");
      const okText = new TextDecoder().decode(ok.stdout);
      assert.ok(ok.success, okText + new TextDecoder().decode(ok.stderr));
      const exported: Record<string, string[]> = JSON.parse(okText);
      assert.ok(exported[PACKAGE].includes("startDebugServer"));
      for (
        const [name, member] of [
          ["debug", "createDebugHandler"],
          ["debug", "startDebugServer"],
          ["openapi", "parseSpec"],
          ["compare", "compareSpecs"],
          ["har", "parseHarText"],
          ["har", "indexHarText"],
          ["har", "sanitizeHar"],
        ]
      ) {
        assert.ok(
          exported[`${PACKAGE}/${name}`]?.includes(member),
          `${PACKAGE}/${name} exports ${member}`,
        );
      }
      const bad = await run("private.ts");
      assert.equal(bad.success, false);
      assert.match(
        new TextDecoder().decode(bad.stderr),
        /Unknown export '\.\/lib\/debug\/mod\.ts'/,
      );
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
});

Deno.test({
  name:
    "readme: the CI step serves the API with deno task debug and curl gets the echo",
  ignore: Deno.build.os === "windows",
  sanitizeResources: false,
  fn: async () => {
    const port = String(freePort());
    const dir = await Deno.makeTempDir({ prefix: "wirebench-ci-" });
    const script = snippet("ci-step").replaceAll("8080", port)
      .replace("debug-api.log", `${dir}/debug-api.log`);
    try {
      const out = await new Deno.Command("bash", {
        args: ["-c", `${script}\nstatus=$?\nkill %1\nwait\nexit $status`],
        cwd: ROOT,
        env: ENV,
        stdout: "piped",
        stderr: "piped",
      }).output();
      const stdout = new TextDecoder().decode(out.stdout);
      const log = await Deno.readTextFile(`${dir}/debug-api.log`);
      assert.ok(out.success, new TextDecoder().decode(out.stderr) + log);
      const echo = JSON.parse(stdout);
      assert.equal(echo.method, "POST");
      assert.deepEqual(echo.json, { hello: "world" });
      assert.match(
        log,
        // All interfaces, printed as the loopback URL that reaches them.
        new RegExp(`listening on http://127\\.0\\.0\\.1:${port}`),
      );
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
});
