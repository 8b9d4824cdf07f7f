/** A Content-Type's media type, as RFC 9110 §8.3.1 reads it. */
import assert from "node:assert/strict";
import { mediaType } from "./media_type.ts";

const CASES: [string, string | null, string][] = [
  ["ok/plain", "text/plain", "text/plain"],
  ["ok/parameters dropped", "text/html; charset=utf-8", "text/html"],
  ["ok/case and spaces", " Application/JSON ;q=1", "application/json"],
  ["bad/none", null, ""],
  ["bad/empty", "", ""],
];
for (const [name, value, want] of CASES) {
  Deno.test(`mediaType: ${name}`, () => assert.equal(mediaType(value), want));
}
