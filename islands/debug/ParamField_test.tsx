import assert from "node:assert/strict";
import { renderToString } from "preact-render-to-string";
import { ParamField } from "./ParamField.tsx";
import type { ParamSpec } from "../../lib/debug/core/catalog.ts";

const base = { in: "path", description: "", example: "x" } as const;

/** [name, spec, required said]. */
const CASES: [string, ParamSpec, boolean][] = [
  ["ok/a required text field", {
    ...base,
    name: "value",
    type: "string",
    required: true,
  }, true],
  ["ok/a required number field", {
    ...base,
    name: "n",
    type: "integer",
    required: true,
    min: 0,
    max: 5,
  }, true],
  ["ok/a required select", {
    ...base,
    name: "qop",
    type: "enum",
    required: true,
    enum: ["auth", "auth-int"],
  }, true],
  ["ok/an optional field says nothing", {
    ...base,
    in: "query",
    name: "seed",
    type: "string",
    required: false,
  }, false],
];

for (const [name, spec, required] of CASES) {
  Deno.test(`ParamField: ${name}`, () => {
    const html = renderToString(
      <ParamField spec={spec} uid="r" value="" onChange={() => {}} />,
    );
    assert.equal(html.includes('aria-required="true"'), required, html);
  });
}
