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
const render = (
  id: string,
  base: string,
  revision: string,
  required?: ChangeDetailData["required"],
) => {
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
    ...(required ? { required } : {}),
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

Deno.test("change detail: a property that became optional shows the required list it left, marked, before the property", () => {
  const prop = '{\n  "type": "string"\n}';
  const list = (json: string | null): SideValue =>
    json === null
      ? { pointer: null, found: false, json: "", truncated: false }
      : {
        pointer: "/components/schemas/A/required",
        found: true,
        json,
        truncated: false,
      };
  const html = render("response-property-became-optional", prop, prop, {
    base: list('[\n  "id",\n  "x"\n]'),
    revision: list('[\n  "id"\n]'),
  });
  assert.match(html, /data-testid="change-required"/);
  assert.match(html, /shown first/);
  // The name the list lost is the line marked; the property reads alike.
  assert.match(html, /<del class="cmp-mark"> {2}&quot;x&quot;<\/del>/);
  assert.doesNotMatch(html, /<ins /);
  assert.ok(html.indexOf("change-required") < html.indexOf('"change-side"'));
  // The change's own hooks stay the property's: one pointer a side.
  assert.equal(html.match(/data-testid="change-pointer"/g)?.length, 2);
  // A side with no list says so.
  const none = render("response-property-became-optional", prop, prop, {
    base: list('[\n  "x"\n]'),
    revision: list(null),
  });
  assert.match(none, /lists no required names/);
  // Without lists (a Swagger 2.0 form field), the note alone, as before.
  const bare = render("request-property-became-required", prop, prop);
  assert.doesNotMatch(bare, /change-required/);
  assert.match(bare, /the values below are\s+the property's own/);
});
