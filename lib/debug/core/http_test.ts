/** The Host an HTTP/2 request names in `:authority`, and where it is listed. */
import assert from "node:assert/strict";
import { authorityHost, clientAddress, placeHost, pushHeader } from "./http.ts";

Deno.test("http: ok/the :authority host is listed where Headers would list Host", () => {
  const CASES: [string, [string, string][], string[]][] = [
    ["ok/middle", [["accept", "*/*"], ["user-agent", "x"]], [
      "accept",
      "host",
      "user-agent",
    ]],
    ["ok/first", [["x-a", "1"]], ["host", "x-a"]],
    ["ok/last", [["accept", "*/*"], ["from", "a"]], ["accept", "from", "host"]],
    ["ok/empty", [], ["host"]],
    // Title-Case names compare by their lower case.
    ["ok/title-case", [["Accept", "*/*"], ["User-Agent", "x"]], [
      "Accept",
      "host",
      "User-Agent",
    ]],
  ];
  for (const [name, pairs, want] of CASES) {
    const out: [string, string][] = pairs.map(([k, v]) => [k, v]);
    placeHost(out, "host", "a.example");
    assert.deepEqual(out.map(([k]) => k), want, name);
  }
});

Deno.test("http: the :authority host only where no Host header is sent", () => {
  assert.equal(
    authorityHost(new Headers(), "https://a.example:8443/x?y"),
    "a.example:8443",
  );
  assert.equal(authorityHost(new Headers({ host: "b" }), "https://a/x"), null);
});

Deno.test("http: repeated Set-Cookie request headers are joined as every other repeat is", () => {
  const pairs: [string, string][] = [];
  new Headers([["set-cookie", "a=1"], ["set-cookie", "b=2"], ["x-d", "1"]])
    .forEach((v, k) => pushHeader(pairs, k, v));
  assert.deepEqual(pairs, [["set-cookie", "a=1, b=2"], ["x-d", "1"]]);
});

const ADDRESS: [string, string | null, number, string][] = [
  ["ok/no proxy trusted: the peer", "6.6.6.6, 10.0.0.1", 0, "127.0.0.9"],
  ["ok/one proxy: the last entry", "6.6.6.6, 10.0.0.1", 1, "10.0.0.1"],
  [
    "ok/two proxies: the one before",
    "6.6.6.6,10.0.0.1 , 10.0.0.2",
    2,
    "10.0.0.1",
  ],
  ["ok/fewer entries than proxies: the first", "10.0.0.1", 3, "10.0.0.1"],
  ["ok/no header: the peer", null, 1, "127.0.0.9"],
  ["bad/an empty entry: the peer", "6.6.6.6, ", 1, "127.0.0.9"],
  ["bad/a long entry is cut", `${"9".repeat(300)}`, 1, "9".repeat(100)],
];
for (const [name, xff, hops, want] of ADDRESS) {
  Deno.test(`clientAddress: ${name}`, () => {
    const req = new Request("http://wb.test/", {
      headers: xff === null ? {} : { "x-forwarded-for": xff },
    });
    const info = { remoteAddr: { hostname: "127.0.0.9" } };
    assert.equal(clientAddress(req, info, hops), want);
  });
}
