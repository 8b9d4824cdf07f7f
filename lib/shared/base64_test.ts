import assert from "node:assert/strict";
import { base64Bytes, bytesBase64 } from "./base64.ts";

Deno.test("base64: bytes to text and back, whitespace ignored, bad text null", () => {
  const bytes = new Uint8Array(100_000).map((_, i) => (i * 7) & 0xff);
  const text = bytesBase64(bytes);
  assert.equal(text, new TextDecoder().decode(new TextEncoder().encode(text)));
  assert.deepEqual(base64Bytes(text), bytes);
  assert.deepEqual(
    base64Bytes("aGk\n hI\tQ=="),
    new TextEncoder().encode("hi!!"),
  );
  assert.equal(bytesBase64(new Uint8Array([0xff, 0, 1])), "/wAB");
  assert.equal(base64Bytes("not base64!"), null);
  assert.deepEqual(base64Bytes(""), new Uint8Array(0));
});
