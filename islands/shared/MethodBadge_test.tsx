import assert from "node:assert/strict";
import { renderToString } from "preact-render-to-string";
import { MethodBadge } from "./MethodBadge.tsx";
import { methodClass } from "../../lib/shared/method_class.ts";

Deno.test("method badge: known methods in any case get their colour; any other method, however written, one fixed class", () => {
  assert.equal(methodClass("GET"), "method method-get");
  assert.equal(methodClass("query"), "method method-query");
  assert.equal(methodClass("PROPFIND"), "method method-extra");
  // A recorded method is never a class list of its own choosing.
  assert.equal(methodClass("get sv-hidden"), "method method-extra");
  assert.equal(
    renderToString(<MethodBadge method="get x" label="get x" />),
    '<span class="method method-extra">get x</span>',
  );
  assert.equal(
    renderToString(<MethodBadge method="post" />),
    '<span class="method method-post">POST</span>',
  );
});
