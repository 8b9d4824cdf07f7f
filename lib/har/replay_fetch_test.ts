/**
 * "Copy as fetch" of a recorded request's replay (lib/shared/fetch_code.ts
 * of `replayOf`): each snippet is run, with a stand-in `fetch` that builds
 * the real `Request` (which throws where fetch would: a bad header, a GET
 * body, credentials in the URL, a forbidden method) and records what it
 * was asked; it must ask exactly for the recorded request.
 */
import assert from "node:assert/strict";
import { runFetchCode as run } from "../../tests/helpers/fetch_stub.ts";
import { fetchCode } from "../shared/fetch_code.ts";
import { replayOf, type SentBody } from "./curl.ts";

const h = (name: string, value: string) => ({ name, value });

/** The code of `r`'s fetch call. */
const code = (...args: Parameters<typeof replayOf>) =>
  fetchCode(replayOf(...args), { recorded: true }).code;

Deno.test("fetchCode: ok/method, URL and headers as recorded; what fetch owns left out", async () => {
  const call = code("GET", "https://api.test/a?b=1&c=%20", [
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
  ]);
  assert.deepEqual(await run(call), {
    url: "https://api.test/a?b=1&c=%20",
    method: "GET",
    headers: {
      Accept: "application/json",
      "X-Trace": "1, 2",
      Cookie: "a=1; b=2",
    },
    redirect: "manual",
  });
});

Deno.test("fetchCode: ok/text and binary bodies, the body's type as Content-Type", async () => {
  const text = await run(code("POST", "https://x.test/", [], {
    text: '{"a":"\\u2028</script>`${x}`"}',
    mimeType: "application/json",
  }));
  assert.equal(text.body, '{"a":"\\u2028</script>`${x}`"}');
  assert.deepEqual(text.headers, { "Content-Type": "application/json" });
  const bytes = new Uint8Array([0, 1, 255, 10, 13, 0x22]);
  const binary = await run(
    code("PUT", "https://x.test/", [], { bytes, mimeType: "" } as SentBody),
  );
  assert.deepEqual([...(binary.body as Uint8Array)], [...bytes]);
});

Deno.test("fetchCode: ok/a body recorded without a type is sent with the type curl sends it with, text or bytes", async () => {
  // curl's --data-raw and --data-binary say application/x-www-form-urlencoded;
  // fetch alone would say text/plain for a string and nothing for bytes.
  const form = { "Content-Type": "application/x-www-form-urlencoded" };
  const text = await run(code("POST", "https://x.test/", [], "a=1&b=2"));
  assert.deepEqual(text.headers, form);
  const bytes = { bytes: new Uint8Array([0xff, 0xfe]), mimeType: "" };
  const binary = await run(code("PUT", "https://x.test/", [], bytes));
  assert.deepEqual(binary.headers, form);
  // A type recorded, or no body sent, adds none.
  const typed = await run(
    code("POST", "https://x.test/", [h("content-type", "text/csv")], "a,b"),
  );
  assert.deepEqual(typed.headers, { "content-type": "text/csv" });
  const none = await run(code("DELETE", "https://x.test/", [], ""));
  assert.equal(none.headers, undefined);
});

Deno.test("fetchCode: bad/hostile recorded values stay string literals; fields Headers refuses are left out, named", async () => {
  const evil = '"); globalThis.pwned = 1; ("\u2028\u2029\n\r\\';
  const call = fetchCode(
    replayOf("POST", `https://x.test/${evil}`, [
      h(`X-${evil}`, "v"),
      h("X-Ok", evil),
      h("GET /463496.gif?a=1", "recorded as a name"),
      h("X-Latin", "caf\u00e9"),
      h("X-Beyond", "Zo\u00eb \u20acuro"),
      h("X-Nul", "a\0b"),
      h("X-Ctl", "a\x01b\x7f"),
    ], evil),
    { recorded: true },
  );
  const asked = await run(call.code);
  assert.equal(asked.body, evil);
  assert.deepEqual(asked.headers, {
    "X-Latin": "caf\u00e9",
    "Content-Type": "application/x-www-form-urlencoded",
  });
  assert.equal((globalThis as { pwned?: number }).pwned, undefined);
  assert.match(call.code, /\/\/ Left out, fetch cannot send them: /);
  assert.match(call.note, /^6 recorded headers fetch cannot send are left out/);
});

Deno.test("fetchCode: bad/a Host naming another authority than the URL's, which curl sends and fetch cannot, is named left out; one naming the URL's is fetch's own", async () => {
  const call = fetchCode(
    replayOf("GET", "https://203.0.113.7/a", [
      h("Host", "api.example.com"),
      h("X-Ok", "1"),
    ]),
    { recorded: true },
  );
  assert.deepEqual((await run(call.code)).headers, { "X-Ok": "1" });
  assert.match(call.code, /\/\/ Left out, fetch cannot send them: "Host"\.\n/);
  assert.match(call.note, /^1 recorded header fetch cannot send is left out/);
  const same = fetchCode({
    method: "GET",
    url: "https://api.example.com/a",
    headers: [["Host", "API.example.com "]],
    body: null,
  });
  assert.doesNotMatch(same.code, /Left out/);
  assert.equal(same.note, "");
});

Deno.test("fetchCode: bad/a GET's recorded body is left out with a note, in any case of the method", async () => {
  for (const method of ["GET", "get", "head"]) {
    const call = code(method, "https://x.test/", [], "q=1");
    assert.match(call, /\/\/ The recorded (GET|HEAD) body is left out/);
    const asked = await run(call);
    assert.equal(asked.body, undefined);
    assert.equal(asked.method, method.toUpperCase());
  }
});

Deno.test("fetchCode: ok/credentials in the URL become Basic; bad/a forbidden method gets no call", async () => {
  const asked = await run(code("GET", "https://ann:p%40ss@x.test/a", []));
  assert.equal(asked.url, "https://x.test/a");
  assert.equal(asked.headers.Authorization, `Basic ${btoa("ann:p@ss")}`);
  // Escapes that are no UTF-8 are sent as written, not a thrown URIError.
  const raw = await run(code("GET", "https://a%E0%A4:b@x.test/", []));
  assert.equal(raw.headers.Authorization, `Basic ${btoa("a%E0%A4:b")}`);
  // An empty method is curl's GET.
  assert.equal((await run(code("", "https://x.test/", []))).method, "GET");
  for (
    const url of ["/just/a/path", "http://h:99999/", "http://exa mple.com/"]
  ) {
    const call = fetchCode(replayOf("GET", url, []));
    assert.equal(call.code, "", url);
    assert.match(call.note, /not one fetch can request/);
  }
  for (const method of ["CONNECT", "trace", "TRACK"]) {
    const call = fetchCode(replayOf(method, "https://x.test/", []));
    assert.equal(call.code, "");
    assert.match(call.note, /fetch refuses the method/);
  }
});

Deno.test("fetchCode: ok/the fields fetch adds that the cURL command does not send are said: Content-Length: 0 of a POST or PUT without a body (Node.js's of a PATCH, QUERY, PROPFIND or PROPPATCH too), Node.js's Pragma and Cache-Control of a conditional request", () => {
  for (const method of ["POST", "PUT"]) {
    assert.match(
      code(method, "https://x.test/", []),
      new RegExp(
        `\n  // fetch sends Content-Length: 0 with a ${method} without a body; Copy as cURL sends none\\.\n`,
      ),
    );
  }
  // Node.js's undici frames these bodiless methods so too (Deno does not).
  for (const method of ["PATCH", "QUERY", "PROPFIND", "PROPPATCH"]) {
    assert.match(
      code(method, "https://x.test/", []),
      new RegExp(
        `\n  // Node\\.js's fetch sends Content-Length: 0 with a ${method} without a body; Copy as cURL sends none\\.\n`,
      ),
    );
  }
  for (const method of ["DELETE", "OPTIONS", "REPORT", "patch"]) {
    assert.doesNotMatch(code(method, "https://x.test/", []), /Content-Length/);
  }
  assert.doesNotMatch(
    code("POST", "https://x.test/", [], { text: "a", mimeType: "text/plain" }),
    /Content-Length/,
  );
  assert.doesNotMatch(
    code("PATCH", "https://x.test/", [], { text: "a", mimeType: "text/plain" }),
    /Content-Length/,
  );
  assert.match(
    code("GET", "https://x.test/", [h("If-None-Match", '"a"')]),
    /\n {2}\/\/ Node\.js's fetch adds Pragma and Cache-Control: no-cache to a conditional request; Copy as cURL sends neither\.\n/,
  );
  assert.doesNotMatch(code("GET", "https://x.test/", []), /Pragma/);
  // fetch's own Accept-Encoding and Accept-Language (Fetch §4.5), said
  // where the request has none; a recorded gzip is curl's --compressed.
  const CASES: [
    string,
    { name: string; value: string }[],
    RegExp[],
    RegExp[],
  ][] = [
    ["ok/none recorded: both said", [], [
      /\n {2}\/\/ fetch adds Accept-Encoding \(Deno: gzip,br; Node\.js 20: gzip, deflate; a browser its own, Chromium: gzip, deflate, br, zstd\) and decodes the answer; Copy as cURL sends none\.\n/,
      /\n {2}\/\/ fetch adds Accept-Language \(Deno and Node\.js: \*; a browser its languages\); Copy as cURL sends none\.\n/,
    ], []],
    [
      "ok/recorded: neither said",
      [
        h("Accept-Encoding", "gzip, br"),
        h("Accept-Language", "fr"),
      ],
      [],
      [/fetch adds/],
    ],
    [
      "ok/identity recorded: sent as it is, not said",
      [
        h("Accept-Encoding", "identity"),
      ],
      [/fetch adds Accept-Language/],
      [/fetch adds Accept-Encoding/],
    ],
  ];
  for (const [name, headers, has, hasNot] of CASES) {
    const c = code("GET", "https://x.test/", headers);
    for (const re of has) assert.match(c, re, name);
    for (const re of hasNot) assert.doesNotMatch(c, re, name);
  }
});
