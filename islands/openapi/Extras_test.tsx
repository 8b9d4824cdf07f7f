/**
 * Webhook and callback lists stop at a bound instead of freezing the page,
 * and their first render holds the first slice of it (the others follow a
 * frame at a time, which tests/browser/spec_speed_test.ts watches).
 */
import assert from "node:assert/strict";
import { renderToString } from "preact-render-to-string";
import { Extras } from "./Extras.tsx";
import { FIRST_SLICE } from "../shared/use_slices.ts";
import type { CallbackEntry, Endpoint } from "../../lib/openapi/types.ts";
import { endpoint } from "../../tests/helpers/endpoint.ts";

function hook(i: number): Endpoint {
  return endpoint("post", `hook${i}`);
}

function callback(i: number): CallbackEntry {
  return {
    parentContainer: "paths",
    parentMethod: "post",
    parentPath: "/subscribe",
    name: `cb${i}`,
    expression: "{$request.body#/url}",
    method: "post",
    summary: "",
  } as CallbackEntry;
}

for (const n of [3, 500, 20_000]) {
  Deno.test(`spec extras: ${n} webhooks and callbacks render a first slice of at most 500 rows each`, () => {
    const html = renderToString(
      <Extras
        webhooks={Array.from({ length: n }, (_, i) => hook(i))}
        callbacks={Array.from({ length: n }, (_, i) => callback(i))}
        spec={1}
        fetchDetail={() => Promise.resolve(null)}
      />,
    );
    const rows = (re: RegExp) => html.match(re)?.length ?? 0;
    assert.equal(rows(/data-testid="webhook-row"/g), Math.min(n, FIRST_SLICE));
    assert.equal(rows(/data-testid="callback-row"/g), Math.min(n, FIRST_SLICE));
    assert.match(html, new RegExp(`Webhooks \\(${n}\\)`));
    assert.equal(html.includes(`First 500 of ${n} shown.`), n > 500);
  });
}
