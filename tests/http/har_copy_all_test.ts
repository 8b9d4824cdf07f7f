/**
 * "Copy all listed as cURL" run for real: the copied text of a small HAR,
 * pasted into bash as a script, against the debug API's /anything over
 * TCP; each request must arrive as its own "Copy as cURL" sends it, in
 * list order, and the entries that offer no command send nothing.
 */
import assert from "node:assert/strict";
import { startDebug } from "../helpers/debug_server.ts";
import { hasCurl } from "../helpers/curl.ts";
import { copyAllHar } from "../helpers/har_copy_all.ts";
import { indexHarText } from "../../lib/har/parse.ts";
import { entryDetail } from "../../lib/har/detail.ts";
import { entryAt } from "../../lib/har/entries.ts";
import { copyAll, listedCommand } from "../../lib/har/copy_all.ts";

const CURL = await hasCurl();

/** Runs `script` as bash reads a paste (from its input): what it prints. */
async function bash(script: string): Promise<string> {
  const child = new Deno.Command("bash", {
    args: ["-s"],
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const writer = child.stdin.getWriter();
  await writer.write(new TextEncoder().encode(script + "\n"));
  await writer.close();
  const out = await child.output();
  const err = new TextDecoder().decode(out.stderr);
  assert.ok(out.success, err);
  assert.doesNotMatch(err, /curl: \(\d+\)/, "every curl succeeded");
  return new TextDecoder().decode(out.stdout);
}

Deno.test({
  name:
    "har copy all: the cURL commands of the listed entries, run by bash, reach /anything as each entry's Copy as cURL sends it, in list order",
  ignore: !CURL,
  fn: async () => {
    const s = startDebug();
    try {
      const file = indexHarText(
        JSON.stringify(copyAllHar(`${s.base}/anything`)),
      );
      const rows = [...file.columns.orders.start!];
      const all = copyAll(
        "curl",
        rows.length,
        (k) => listedCommand("curl", file.columns, file.raw[rows[k]], rows[k]),
      );
      assert.equal(all.copied, 6);
      // Each single copy run alone: what /anything answered it.
      const answers: string[] = [];
      for (const i of rows) {
        const { curl } = entryDetail(
          file.raw[i],
          entryAt(file.columns, file.raw[i], i),
        );
        if (curl) answers.push(await bash(curl));
      }
      const seen = answers.map((a) => JSON.parse(a));
      assert.deepEqual(
        seen.map((a) => `${a.method} ${new URL(a.url).pathname}`),
        [
          "GET /api/debug/anything/a",
          "POST /api/debug/anything/json",
          "PUT /api/debug/anything/bin",
          "DELETE /api/debug/anything/d",
          "POST /api/debug/anything/form",
          "POST /api/debug/anything/multi",
        ],
      );
      // The recorded details arrived (not only the request lines).
      assert.equal(seen[0].headers["X-Latin"], "caf\xe9");
      assert.equal(seen[0].headers.Cookie, "sid=abc");
      assert.equal(seen[1].data, '{"n": 1.50, "s": "caf\u00e9"}');
      assert.deepEqual(seen[4].form, { a: "1 2", b: "&" });
      assert.equal(
        seen[2].data,
        `data:application/octet-stream;base64,${btoa("\0\x01\xff\"\\'")}`,
      );
      // All of them at once, as pasted: the same answers, in that order.
      assert.equal(await bash(all.text), answers.join(""));
    } finally {
      await s.close();
    }
  },
});
