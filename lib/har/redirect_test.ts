import assert from "node:assert/strict";
import { parsedHar } from "../../tests/helpers/har_doc.ts";
import { redirectedTo } from "./redirect.ts";

Deno.test("redirect: the request a redirect led to, resolved as a client does, started no sooner", () => {
  const { columns: c } = parsedHar([
    { url: "http://m.x.test", status: 301, at: 0 },
    { url: "https://x.test/final", at: 10 },
    { url: "http://m.x.test/", status: 302, at: 20 },
    { url: "https://x.test/final", at: 30 },
  ]);
  // The earliest entry of that URL started after it, not one before.
  assert.equal(redirectedTo(c, 2, "https://x.test/final"), 3);
  // Relative: resolved against the request's URL.
  assert.equal(redirectedTo(c, 0, "/"), 2);
  // Recorded without the slash a parser adds: still the same URL.
  assert.equal(redirectedTo(c, 1, "http://m.x.test"), 2);
  assert.equal(redirectedTo(c, 0, "https://elsewhere.test/"), -1);
  assert.equal(redirectedTo(c, 0, ""), -1);
  assert.equal(redirectedTo(c, 0, "http://["), -1);
});

Deno.test("redirect: the earliest start, not the file's order; a recorded URL without its slash; the same millisecond", () => {
  // File order is not start order: the earliest start wins.
  const a = parsedHar([
    { url: "http://x.test/old", status: 301, at: 0 },
    { url: "http://x.test/new", at: 30 },
    { url: "http://x.test/new", at: 10 },
  ]).columns;
  assert.equal(redirectedTo(a, 0, "/new"), 2);
  // Recorded without the slash a parser adds.
  const b = parsedHar([
    { url: "http://x.test/old", status: 301, at: 0 },
    { url: "http://x.test", at: 10 },
  ]).columns;
  assert.equal(redirectedTo(b, 0, "http://x.test/"), 1);
  // Started in the same millisecond: still the one it led to.
  const s = parsedHar([
    { url: "http://x.test/old", status: 302, at: 0 },
    { url: "http://x.test/new", at: 0 },
  ]).columns;
  assert.equal(redirectedTo(s, 0, "/new"), 1);
});
