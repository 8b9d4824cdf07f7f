import assert from "node:assert/strict";
import { carryChunks } from "./build.ts";
import { moduleGraph, staticImports } from "./module_graph.ts";
import { buildDir } from "./assets.ts";
import { ISLANDS } from "../islands/registry.ts";

Deno.test("build: a rebuild keeps the replaced build's hashed chunks for a day from the rebuild, however old the build was", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const folder = async (name: string) => {
      const url = new URL(`file://${dir}/${name}/`);
      await Deno.mkdir(url);
      return url;
    };
    const put = (at: URL, name: string, text: string) =>
      Deno.writeTextFile(new URL(name, at), text);
    const read = (at: URL, name: string) =>
      Deno.readTextFile(new URL(name, at));
    const DAY = 24 * 3600_000;
    const t0 = Date.now();
    // Build 1, served for a week before build 2 replaces it.
    const b1 = await folder("b1");
    await put(b1, "client.js", "entry 1");
    await put(b1, "chunk-ONE11111.js", "chunk 1");
    await put(b1, "chunk-SAMESAME.js", "shared");
    const b2 = await folder("b2");
    await put(b2, "client.js", "entry 2");
    await put(b2, "chunk-SAMESAME.js", "shared");
    assert.equal(await carryChunks(b1, b2, t0 + 7 * DAY), 1);
    assert.equal(await read(b2, "chunk-ONE11111.js"), "chunk 1");
    assert.equal(await read(b2, "client.js"), "entry 2");
    // Build 3, an hour later: build 2's own chunk and build 1's, still
    // within its day, are both carried.
    const b3 = await folder("b3");
    await put(b3, "chunk-THREE333.js", "chunk 3");
    assert.equal(await carryChunks(b2, b3, t0 + 7 * DAY + 3600_000), 2);
    assert.equal(await read(b3, "chunk-ONE11111.js"), "chunk 1");
    assert.equal(await read(b3, "chunk-SAMESAME.js"), "shared");
    // Build 4, two days later: build 1's chunk has had its day; build 3's
    // own chunks are carried.
    const b4 = await folder("b4");
    assert.equal(await carryChunks(b3, b4, t0 + 9 * DAY), 1);
    await assert.rejects(read(b4, "chunk-ONE11111.js"), Deno.errors.NotFound);
    assert.equal(await read(b4, "chunk-THREE333.js"), "chunk 3");
    // A first build has nothing to carry.
    assert.equal(await carryChunks(new URL(`file://${dir}/none/`), b4), 0);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("build: the leading static imports of a chunk, and nothing below them", async (t) => {
  const CASES: [string, string[]][] = [
    [
      'import{a as b,c}from"./chunk-AAAAAAAA.js";import"./chunk-BBBBBBBB.js";var x=1;',
      [
        "chunk-AAAAAAAA.js",
        "chunk-BBBBBBBB.js",
      ],
    ],
    ['import*as m from"./chunk-CCCCCCCC.js";', ["chunk-CCCCCCCC.js"]],
    ["var s='import\"./chunk-DDDDDDDD.js\";';", []],
    ['import"./a.js";f();import"./b.js";', ["a.js"]],
    ['import("./Lazy-EEEEEEEE.js");', []],
    ["", []],
  ];
  for (const [code, want] of CASES) {
    await t.step(JSON.stringify(code), () => {
      assert.deepEqual(staticImports(code), want);
    });
  }
});

Deno.test("build: each island's chunk and what it imports, at any depth, each once", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const out = new URL(`file://${dir}/`);
    const files: Record<string, string> = {
      "client.js":
        'import"./chunk-PREACT00.js";var o={SpecViewer:()=>import("./SpecViewer-SSSSSSSS.js"),ThemeToggle:()=>import("./ThemeToggle-TTTTTTTT.js")};',
      "chunk-PREACT00.js": "export{}",
      "SpecViewer-SSSSSSSS.js":
        'import"./chunk-A0000000.js";import"./chunk-PREACT00.js";',
      "chunk-A0000000.js": 'import"./chunk-B0000000.js";',
      // A cycle ends.
      "chunk-B0000000.js": 'import"./chunk-A0000000.js";',
      "ThemeToggle-TTTTTTTT.js": 'import"./chunk-PREACT00.js";',
    };
    for (const [name, code] of Object.entries(files)) {
      await Deno.writeTextFile(new URL(name, out), code);
    }
    const graph = await moduleGraph(out, ["client.js"]);
    assert.deepEqual(graph.imports, { "client.js": ["chunk-PREACT00.js"] });
    assert.deepEqual(graph.islands, {
      ThemeToggle: ["ThemeToggle-TTTTTTTT.js", "chunk-PREACT00.js"],
      SpecViewer: [
        "SpecViewer-SSSSSSSS.js",
        "chunk-A0000000.js",
        "chunk-B0000000.js",
        "chunk-PREACT00.js",
      ],
    });
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("build: the manifest lists the chunks of every registered island", async () => {
  const manifest = JSON.parse(
    await Deno.readTextFile(new URL("manifest.json", buildDir())),
  );
  for (const name of Object.keys(ISLANDS)) {
    assert.ok(manifest.islands?.[name]?.length, `${name}: run deno task build`);
  }
});
