/** Filter marks, and a path's bidirectional controls shown, not obeyed. */
import assert from "node:assert/strict";
import { renderToString } from "preact-render-to-string";
import { Highlight } from "./Highlight.tsx";

Deno.test("highlight: a path's bidirectional control is a badge inside or outside a mark; summaries keep theirs", () => {
  const path = "/files/\u202Egnp.exe";
  const html = renderToString(
    <Highlight text={path} terms={["files/\u202eg"]} showControls />,
  );
  assert.ok(!html.includes("\u202E"), html);
  assert.match(
    html,
    /^\/<mark>files\/<span class="sv-bidi"[^>]*>U\+202E<\/span>g<\/mark>np\.exe$/,
  );
  const plain = renderToString(<Highlight text={path} terms={[]} />);
  assert.equal(plain, path);
  assert.equal(
    renderToString(<Highlight text="/a/b" terms={["a"]} showControls />),
    "/<mark>a</mark>/b",
  );
});

Deno.test("highlight: a path's right-to-left segments are isolated, a mark cut at their ends; a Latin path gets no element", () => {
  assert.equal(
    renderToString(
      <Highlight text="/ערים/{עיר}/x" terms={["ים/{ע"]} path />,
    ),
    "/<bdi>ער<mark>ים</mark></bdi><mark>/{</mark><bdi><mark>ע</mark>יר</bdi>}/x",
  );
  assert.equal(
    renderToString(<Highlight text="/pets/{id}" terms={[]} path />),
    "/pets/{id}",
  );
});
