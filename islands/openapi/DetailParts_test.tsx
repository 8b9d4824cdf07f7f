/** An operation's parts as the detail renders them. */
import assert from "node:assert/strict";
import { renderToString } from "preact-render-to-string";
import { Params } from "./DetailParts.tsx";
import { parseSpec } from "../../lib/openapi/mod.ts";
import { operationDetail } from "../../lib/openapi/detail.ts";

Deno.test("detail parts: a parameter's enum values show their x-enum-varnames names and x-enumDescriptions, as a property's do", () => {
  const p = parseSpec(
    JSON.stringify({
      openapi: "3.0.3",
      info: { title: "t", version: "1" },
      paths: {
        "/a": {
          get: {
            parameters: [{
              name: "state",
              in: "query",
              schema: {
                type: "integer",
                enum: [0, 1],
                "x-enum-varnames": ["Active", "Closed"],
                "x-enumDescriptions": { "1": "No longer open" },
              },
            }, {
              name: "ids",
              in: "query",
              schema: {
                type: "array",
                items: { type: "integer", enum: [5], "x-enumNames": ["Five"] },
              },
            }],
            responses: { "200": { description: "ok" } },
          },
        },
      },
    }),
    { checks: false },
  );
  const d = operationDetail(p, "paths", "/a", "get")!;
  assert.deepEqual(d.parameters[0].enums[0].names, ["Active", "Closed"]);
  assert.deepEqual(d.parameters[0].enums[0].descriptions, [
    "",
    "No longer open",
  ]);
  const html = renderToString(<Params list={d.parameters} />);
  assert.match(
    html,
    /<code>0<\/code><span class="st-enum-name"> = Active<\/span>/,
  );
  assert.match(
    html,
    /<code>1<\/code><span class="st-enum-name"> = Closed<\/span><span class="st-enum-desc">: No longer open<\/span>/,
  );
  assert.match(
    html,
    /items one of <span class="sv-enum-named"><code>5<\/code><span class="st-enum-name"> = Five<\/span>/,
  );
});
