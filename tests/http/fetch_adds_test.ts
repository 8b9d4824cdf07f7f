/**
 * What "Copy as fetch" says fetch adds, checked where it runs: a call is
 * run by Deno's fetch and by Node.js's (when `node` 20 is installed)
 * against the debug API's /anything, and the Accept-Encoding and
 * Accept-Language each sent must be the ones its comments name; a call
 * that gives its own sends that one, and says nothing; the headers a call
 * says a browser drops are the ones Deno and Node.js send as given.
 */
import assert from "node:assert/strict";
import { runFetchForReal } from "../helpers/fetch_stub.ts";
import { startDebug } from "../helpers/debug_server.ts";
import { operationFetch } from "../../lib/openapi/operation_fetch.ts";
import type { OperationRequest } from "../../lib/openapi/curl.ts";

/** Node.js's major version, or 0 when `node` is not installed. */
async function nodeMajor(): Promise<number> {
  try {
    const out = await new Deno.Command("node", { args: ["--version"] })
      .output();
    return Number(/^v(\d+)/.exec(new TextDecoder().decode(out.stdout))?.[1]);
  } catch {
    return 0;
  }
}

const NODE = await nodeMajor();

/** `code` made to print the text of its answer. */
const printing = (code: string) =>
  code.replace(/^await fetch\(/m, "const res = await fetch(") +
  "console.log(await res.text());\n";

/** The headers /anything received from `code` run by Deno's fetch. */
async function byDeno(code: string): Promise<Record<string, string>> {
  return JSON.parse(await runFetchForReal(code)).headers;
}

/** The headers /anything received from `code` run by Node.js. */
async function byNode(code: string): Promise<Record<string, string>> {
  const out = await new Deno.Command("node", {
    args: ["--input-type=module", "-e", printing(code)],
    stdout: "piped",
    stderr: "piped",
  }).output();
  assert.ok(out.success, new TextDecoder().decode(out.stderr));
  return JSON.parse(new TextDecoder().decode(out.stdout)).headers;
}

const op = (url: string, o: Partial<OperationRequest> = {}) =>
  operationFetch({
    method: "GET",
    url,
    query: [],
    headers: [],
    contentType: "",
    body: null,
    ...o,
  }).code;

Deno.test(
  "fetch adds: the Accept-Encoding and Accept-Language a fetch call's comments name are the ones Deno's and Node.js 20's fetch send /anything; one the call gives is sent and not said",
  async () => {
    const s = startDebug();
    try {
      const code = op(`${s.base}/anything`);
      const said = code.match(
        /\/\/ fetch adds Accept-Encoding \(Deno: ([^;]+); Node\.js 20: ([^;]+);/,
      );
      assert.ok(said, code);
      const language = code.match(
        /\/\/ fetch adds Accept-Language \(Deno and Node\.js: ([^;]+);/,
      );
      assert.ok(language, code);
      const deno = await byDeno(code);
      assert.equal(deno["Accept-Encoding"], said[1]);
      assert.equal(deno["Accept-Language"], language[1]);
      if (NODE === 20) {
        const node = await byNode(code);
        assert.equal(node["Accept-Encoding"], said[2]);
        assert.equal(node["Accept-Language"], language[1]);
      }
      // Given, it is the call's, sent as it is.
      const given = op(`${s.base}/anything`, {
        headers: [
          { name: "Accept-Encoding", value: "identity" },
          { name: "Accept-Language", value: "fr" },
        ],
      });
      assert.doesNotMatch(given, /fetch adds/);
      const sent = await byDeno(given);
      assert.equal(sent["Accept-Encoding"], "identity");
      assert.equal(sent["Accept-Language"], "fr");
    } finally {
      await s.close();
    }
  },
);

Deno.test(
  "fetch adds: the headers a call says a browser drops (an operation's Cookie, Origin, Sec-) are sent as given by Deno's and Node.js 20's fetch, but Sec-Fetch-Mode, Node.js's own",
  async () => {
    const s = startDebug();
    try {
      const given = {
        Cookie: "session=abc",
        Origin: "https://a.test",
        "Sec-Fetch-Mode": "navigate",
        "Sec-Fetch-Site": "same-origin",
      };
      const code = op(`${s.base}/anything`, {
        headers: Object.entries(given).map(([name, value]) => ({
          name,
          value,
        })),
      });
      assert.match(
        code,
        /\/\/ A browser's fetch drops these without a word \(forbidden request headers; Node\.js and Deno send them\): "Cookie", "Origin", "Sec-Fetch-Mode", "Sec-Fetch-Site"\./,
      );
      assert.match(code, /Node\.js's fetch sends its own Sec-Fetch-Mode: cors/);
      const deno = await byDeno(code);
      for (const [name, value] of Object.entries(given)) {
        assert.equal(deno[name], value, name);
      }
      if (NODE === 20) {
        const node = await byNode(code);
        for (const [name, value] of Object.entries(given)) {
          assert.equal(node[name], name === "Sec-Fetch-Mode" ? "cors" : value);
        }
      }
    } finally {
      await s.close();
    }
  },
);
