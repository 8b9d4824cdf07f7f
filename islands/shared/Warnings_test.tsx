/** A warning reads as words: its message, line and path apart in its text. */
import assert from "node:assert/strict";
import { renderToString } from "preact-render-to-string";
import { Warnings } from "./Warnings.tsx";

Deno.test("spec warnings: the message, its place and its path are spaced in the text a copy or a screen reader gets", () => {
  const html = renderToString(
    <Warnings
      list={[{ message: "Duplicate key", line: 3, column: 7, path: "$.paths" }]}
      checked
    />,
  );
  const li = /<li[^>]*>(.*?)<\/li>/s.exec(html)![1];
  const text = li.replace(/<[^>]+>/g, "");
  assert.equal(text, "Duplicate key line 3, column 7 $.paths");
});
