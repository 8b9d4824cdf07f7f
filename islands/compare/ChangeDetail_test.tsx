import assert from "node:assert/strict";
import { renderToString } from "preact-render-to-string";
import { ChangeDetail } from "./ChangeDetail.tsx";
import type { ChangeDetailData, ChangeRow, SideValue } from "./protocol.ts";

const side = { title: "A", version: "1", format: "OpenAPI 3.1.0" };
const value = (json: string): SideValue => ({
  pointer: "/components/schemas/A/properties/x",
  found: true,
  json,
  truncated: false,
});
const render = (id: string, base: string, revision: string) => {
  const row: ChangeRow = {
    i: 0,
    id,
    level: "breaking",
    method: "get",
    path: "/a",
    first: "GET /a",
    n: 1,
    group: 0,
    text: "response property `x` changed",
  };
  const detail: ChangeDetailData = {
    index: 0,
    where: "response 200: x",
    operations: ["GET /a"],
    base: value(base),
    revision: value(revision),
  };
  return renderToString(
    <ChangeDetail
      id="d"
      row={row}
      subject="GET /a"
      detail={detail}
      base={side}
      revision={side}
    />,
  );
};

Deno.test("change detail: the note on where a change lies, before the values", () => {
  const same = '{\n  "type": "string"\n}';
  // The values read the same: said, and no line marked.
  const a = render("response-property-type-changed", same, same);
  assert.match(a, /Both versions read the same/);
  assert.ok(a.indexOf("change-same") < a.indexOf("cmp-halves"));
  assert.doesNotMatch(a, /cmp-mark/);
  // A property that became optional: its parent's required list, whatever
  // its own lines say.
  const b = render(
    "response-property-became-optional",
    same,
    '{\n  "type": "string",\n  "description": "d"\n}',
  );
  assert.match(b, /in the <code>required<\/code>/);
  assert.doesNotMatch(b, /Both versions read the same/);
  // Values that differ, no required change: no note, the lines marked.
  const c = render(
    "response-property-type-changed",
    same,
    '{\n  "type": "integer"\n}',
  );
  assert.doesNotMatch(c, /change-same/);
  assert.match(
    c,
    /<del class="cmp-mark"> {2}&quot;type&quot;: &quot;string&quot;<\/del>/,
  );
  assert.match(
    c,
    /<ins class="cmp-mark"> {2}&quot;type&quot;: &quot;integer&quot;<\/ins>/,
  );
});
