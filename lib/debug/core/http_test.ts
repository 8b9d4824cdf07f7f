/** The Host an HTTP/2 request names in `:authority`, and where it is listed. */
import assert from "node:assert/strict";
import { authorityHost, placeHost, pushHeader } from "./http.ts";

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
