/** The per-document memo: once per object, never shared between documents. */
import assert from "node:assert/strict";
import { RefResolver } from "./refs.ts";

Deno.test("refs: a resolver's memo answers once per object, and two documents never share answers", () => {
  const shared = ["a"];
  const one = new RefResolver({});
  const two = new RefResolver({});
  let made = 0;
  const make = (list: string[]) => `${++made}:${list.length}`;
  assert.equal(one.memo.get("t", shared, make), "1:1");
  assert.equal(one.memo.get("t", shared, make), "1:1");
  // Another table, or another document's memo, computes its own answer.
  assert.equal(one.memo.get("u", shared, make), "2:1");
  assert.equal(two.memo.get("t", shared, make), "3:1");
  assert.equal(made, 3);
});

Deno.test("refs: a plain-name reference finds the first anchor of that name in document order", () => {
  const doc = {
    components: {
      schemas: {
        Tree: { $dynamicAnchor: "node", title: "first" },
        Strict: { $dynamicAnchor: "node", title: "second" },
        List: [{ $anchor: "item", title: "one" }, {
          $anchor: "item",
          title: "two",
        }],
      },
    },
  };
  const r = new RefResolver(doc);
  assert.equal(
    (r.deref({ $dynamicRef: "#node" }).value as { title: string }).title,
    "first",
  );
  assert.equal(
    (r.deref({ $ref: "#item" }).value as { title: string }).title,
    "one",
  );
});
