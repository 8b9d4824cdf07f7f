import assert from "node:assert/strict";
import { codedTag, contentVersion, entityTagOf } from "./content_hash.ts";

Deno.test("content hash: a coded form's tag differs from the plain one and stays quoted", () => {
  const plain = entityTagOf(new TextEncoder().encode("body"));
  assert.match(plain, /^"[0-9a-f]{20}"$/);
  assert.equal(codedTag(plain, "br"), `${plain.slice(0, -1)}-br"`);
  assert.notEqual(codedTag(plain, "br"), codedTag(plain, "gzip"));
  // Not a quoted tag: left as it is rather than made one.
  assert.equal(codedTag("W/x", "br"), "W/x");
});

Deno.test("content hash: a version is 12 hex digits and follows the bytes", () => {
  const a = contentVersion(new Uint8Array([1]));
  assert.match(a, /^[0-9a-f]{12}$/);
  assert.notEqual(a, contentVersion(new Uint8Array([2])));
});
