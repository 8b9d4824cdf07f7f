/** Paths and JSON holding right-to-left words keep their order. */
import assert from "node:assert/strict";
import { renderToString } from "preact-render-to-string";
import { PathText, QuotedText } from "./BidiText.tsx";

const JSON_TEXT = '{"שם": "רחוב", "n": 1}';

Deno.test("BidiText: ok/right-to-left runs in <bdi>, the rest as it is; Latin text gets no element", () => {
  assert.equal(
    renderToString(<PathText text="/مدن/القاهرة?اسم=x" />),
    "/<bdi>مدن</bdi>/<bdi>القاهرة</bdi>?<bdi>اسم</bdi>=x",
  );
  assert.equal(
    renderToString(<QuotedText text={JSON_TEXT} />),
    "{<bdi>&quot;שם&quot;</bdi>: <bdi>&quot;רחוב&quot;</bdi>, &quot;n&quot;: 1}",
  );
  assert.equal(renderToString(<PathText text="/a/b?c=d" />), "/a/b?c=d");
});
