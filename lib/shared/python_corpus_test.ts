/**
 * Copy as Python over the shared corpus (`CORPUS_DIR`, default
 * `../shared/corpus`): every HAR entry's script and every spec
 * operation's runs under python3 with the stand-in `requests`
 * (tests/helpers/python.ts), asking for the method and URL its code
 * names, following no redirect; where there is none, a note says why. Skipped without the corpus
 * or python3.
 */
import assert from "node:assert/strict";
import { corpusDir, corpusFiles, SKIPPED } from "../../tests/helpers/corpus.ts";
import { askedPythonMany, hasRequests } from "../../tests/helpers/python.ts";
import { parseHarText } from "../har/parse.ts";
import { entryDetail } from "../har/detail.ts";
import { tryParseSpec } from "../openapi/mod.ts";
import { operationDetail } from "../openapi/detail.ts";
import { SchemaGraph } from "../openapi/schema_graph.ts";
import { normalMethod } from "./curl.ts";

const PYTHON = await hasRequests();
const HAR = corpusDir("har", { quiet: true });
const SPECS = corpusDir("specs", { quiet: true });

/** A script, where it came from, and the method it must send. */
interface Script {
  where: string;
  code: string;
  method: string;
}

/** Runs `scripts` and checks each asked for its method and URL. */
async function runAll(scripts: Script[]) {
  const asked = await askedPythonMany(scripts.map((s) => s.code));
  scripts.forEach((s, i) => {
    const a = asked[i];
    if ("error" in a) throw new Error(`${s.where}: ${a.error}\n${s.code}`);
    assert.equal(a.method, s.method, s.where);
    // A redirect is printed, as the cURL command (no -L) prints it.
    assert.equal(a.follow, false, s.where);
    const url = /^url = (.*)$/m.exec(s.code)![1];
    assert.equal(JSON.stringify(a.url), url.replace(/^'(.*)'$/, '"$1"'));
  });
}

Deno.test({
  name: `python corpus: every HAR entry's script runs, or a note says why${
    HAR ? "" : SKIPPED
  }`,
  ignore: !HAR || !PYTHON,
  fn: async () => {
    const scripts: Script[] = [];
    for (const file of corpusFiles("har")) {
      if (file.startsWith("broken-")) continue;
      let parsed;
      try {
        parsed = parseHarText(await Deno.readTextFile(`${HAR}${file}`));
      } catch {
        continue;
      }
      parsed.doc.entries.forEach((e, i) => {
        const d = entryDetail(parsed.raw[i], e);
        if (!d.python) assert.ok(d.pythonNote, `${file} #${i}: no reason`);
        else {
          scripts.push({
            where: `${file} #${i}`,
            code: d.python,
            method: normalMethod(e.method).toUpperCase(),
          });
        }
      });
    }
    assert.ok(scripts.length > 100, `${scripts.length} scripts`);
    await runAll(scripts);
  },
});

Deno.test({
  name: `python corpus: every spec operation's script runs, or a note says why${
    SPECS ? "" : SKIPPED
  }`,
  ignore: !SPECS || !PYTHON,
  fn: async () => {
    const scripts: Script[] = [];
    for (const file of corpusFiles("specs")) {
      const r = tryParseSpec(await Deno.readTextFile(`${SPECS}${file}`));
      if (!r.ok) continue;
      const graph = new SchemaGraph(r.parsed.resolver);
      const ops = [
        ...r.parsed.index.endpoints.map((e) => ["paths", e] as const),
        ...r.parsed.index.webhooks.map((e) => ["webhooks", e] as const),
      ];
      for (const [container, e] of ops) {
        const d = operationDetail(r.parsed, container, e.path, e.method, graph);
        if (!d) continue;
        if (!d.python) {
          assert.ok(d.pythonNote, `${file} ${e.method} ${e.path}: no reason`);
          continue;
        }
        scripts.push({
          where: `${file} ${e.method} ${e.path}`,
          code: d.python,
          method: normalMethod(e.method).toUpperCase(),
        });
      }
    }
    assert.ok(scripts.length > 100, `${scripts.length} scripts`);
    await runAll(scripts);
  },
});
