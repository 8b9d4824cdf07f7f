/** The URL a listener is reached at. */
import assert from "node:assert/strict";
import { listenUrl } from "./listen_url.ts";

const CASES: [string, string, string][] = [
  ["ok/loopback", "127.0.0.1", "http://127.0.0.1:8000/api/debug"],
  ["ok/a name", "localhost", "http://localhost:8000/api/debug"],
  [
    "ok/all IPv4 interfaces: loopback",
    "0.0.0.0",
    "http://127.0.0.1:8000/api/debug",
  ],
  ["ok/all IPv6 interfaces: loopback", "::", "http://[::1]:8000/api/debug"],
  ["ok/all IPv6 interfaces, bracketed", "[::]", "http://[::1]:8000/api/debug"],
  ["ok/IPv6 bracketed", "::1", "http://[::1]:8000/api/debug"],
  [
    "ok/IPv6 with a zone",
    "fe80::1%eth0",
    "http://[fe80::1%25eth0]:8000/api/debug",
  ],
];
for (const [name, host, want] of CASES) {
  Deno.test(`listenUrl: ${name}`, () => {
    assert.equal(listenUrl("http", host, 8000, "/api/debug"), want);
  });
}

Deno.test("listenUrl: ok/a root base adds nothing", () => {
  assert.equal(listenUrl("https", "::1", 1, "/"), "https://[::1]:1");
});
