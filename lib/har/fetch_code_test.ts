/**
 * "Copy as fetch": each snippet is run, with a stand-in `fetch` that
 * records what it was asked, and must ask exactly for the recorded request.
 */
import assert from "node:assert/strict";
import { fetchCode } from "./fetch_code.ts";
import { replayOf, type SentBody } from "./curl.ts";

interface Asked {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

/** Runs `code` with a `fetch` that records its arguments. */
async function run(code: string): Promise<Asked> {
  let asked: Asked | null = null;
  const AsyncFunction = Object.getPrototypeOf(async () => {}).constructor;
  const stub = (url: string, init: Omit<Asked, "url">) => {
    asked = { url, ...init };
    return Promise.resolve(new Response(""));
  };
  await new AsyncFunction("fetch", code)(stub);
  assert.ok(asked, "fetch was called");
  return asked;
}

const h = (name: string, value: string) => ({ name, value });

Deno.test("fetchCode: ok/method, URL and headers as recorded; what fetch owns left out", async () => {
  const code = fetchCode(replayOf("GET", "https://api.test/a?b=1&c=%20", [
    h(":authority", "api.test"),
    h("Host", "api.test"),
    h("Connection", "keep-alive"),
    h("Content-Length", "0"),
    h("Accept", "application/json"),
    h("X-Trace", "1"),
    h("x-trace", "2"),
    h("Cookie", "a=1"),
    h("cookie", "b=2"),
    h("Accept-Encoding", "gzip, br"),
  ]));
  assert.deepEqual(await run(code), {
    url: "https://api.test/a?b=1&c=%20",
    method: "GET",
    headers: {
      Accept: "application/json",
      "X-Trace": "1, 2",
      Cookie: "a=1; b=2",
    },
  });
});

Deno.test("fetchCode: ok/text and binary bodies, the body's type as Content-Type", async () => {
  const text = await run(fetchCode(replayOf("POST", "https://x.test/", [], {
    text: '{"a":"\\u2028</script>`${x}`"}',
    mimeType: "application/json",
  })));
  assert.equal(text.body, '{"a":"\\u2028</script>`${x}`"}');
  assert.deepEqual(text.headers, { "Content-Type": "application/json" });
  const bytes = new Uint8Array([0, 1, 255, 10, 13, 0x22]);
  const binary = await run(
    fetchCode(replayOf("PUT", "https://x.test/", [], {
      bytes,
      mimeType: "",
    } as SentBody)),
  );
  assert.deepEqual([...(binary.body as Uint8Array)], [...bytes]);
});

Deno.test("bad/fetchCode: hostile recorded values stay string literals", async () => {
  const evil = '"); globalThis.pwned = 1; ("\u2028\u2029\n\r\\';
  const code = fetchCode(replayOf("POST", `https://x.test/${evil}`, [
    h(`X-${evil}`, evil),
  ], evil));
  const asked = await run(code);
  assert.equal(asked.body, evil);
  assert.equal(asked.headers[`X-${evil}`], evil);
  assert.equal((globalThis as { pwned?: number }).pwned, undefined);
});

Deno.test("fetchCode: bad/a GET's recorded body is left out with a note: fetch refuses one", async () => {
  const code = fetchCode(replayOf("GET", "https://x.test/", [], "q=1"));
  assert.match(code, /\/\/ The recorded GET body is left out/);
  assert.equal((await run(code)).body, undefined);
});
