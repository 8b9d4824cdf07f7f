import assert from "node:assert/strict";
import { cutText, PREVIEW_CHARS, previewBody } from "./body.ts";

Deno.test("body: text cut without splitting a surrogate pair", () => {
  assert.equal(cutText("abcdef", 3), "abc");
  assert.equal(cutText("ab", 3), "ab");
  const s = "a😀b";
  const cut = cutText(s, 2);
  assert.ok(cut === "a" || cut === "a😀", JSON.stringify(cut));
});

Deno.test("body: no text is a body that was not saved, or none", () => {
  assert.equal(previewBody(undefined, undefined, "text/html", 10).kind, "none");
  assert.equal(previewBody("", undefined, "text/html", 0).kind, "none");
});

Deno.test("body: a long text body is previewed, not copied whole", () => {
  const text = "x".repeat(PREVIEW_CHARS * 2);
  const p = previewBody(text, undefined, "text/plain", text.length);
  assert.notEqual(p.kind, "none");
  assert.ok(JSON.stringify(p).length < text.length, "the preview is cut");
});
