/**
 * Webhook and callback lists stop at a bound instead of freezing the page,
 * and their first render holds the first slice of it (the others follow a
 * frame at a time, which tests/browser/spec_speed_test.ts watches); a
 * link's row asked of one document opens in that document only.
 */
import assert from "node:assert/strict";
import { renderToString } from "preact-render-to-string";
import { Extras, useAskedRow } from "./Extras.tsx";
import { askApartRow } from "./apart_open.ts";
import { apartId } from "./hash.ts";
import { renderHook } from "../../tests/helpers/hooks.ts";
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

/**
 * A page whose rendered rows are `rows` (id to its disclosure's state):
 * what apart_open.ts dispatches on and opens, without a DOM.
 */
function page(rows: Map<string, { open: boolean }>) {
  const g = globalThis as { document?: unknown };
  const before = Object.getOwnPropertyDescriptor(g, "document");
  const doc = Object.assign(new EventTarget(), {
    getElementById(id: string) {
      const state = rows.get(id);
      if (!state) return null;
      const details = {
        set open(v: boolean) {
          state.open = v;
        },
        querySelector: () => null,
      };
      return { querySelector: () => details, scrollIntoView() {} };
    },
  });
  Object.defineProperty(g, "document", { value: doc, configurable: true });
  return {
    [Symbol.dispose]() {
      if (before) Object.defineProperty(g, "document", before);
      else delete g.document;
    },
  };
}

Deno.test("spec extras: a link's row asked of one document is not opened in the next one, picked before the row rendered", async () => {
  const rows = new Map<string, { open: boolean }>();
  using _ = page(rows);
  const id = apartId({ kind: "webhook", path: "hook7", method: "post" });
  const a = Array.from({ length: 30 }, (_, i) => hook(i));
  const b = Array.from({ length: 30 }, (_, i) => hook(i));
  const none: CallbackEntry[] = [];
  const reached: number[] = [];
  await using run = await renderHook(
    (hooks: Endpoint[]) =>
      useAskedRow(hooks, none, (w) => void reached.push(w)),
    a,
  );
  // The link asks A's list: it has the row (not rendered yet).
  await run.act(() => assert.equal(askApartRow(id), true));
  assert.deepEqual(reached, [7]);
  // B comes before A's row rendered; B's first slice holds its own hook7.
  rows.set(id, { open: false });
  await run.rerender(b);
  await run.rerender(b);
  assert.equal(rows.get(id)!.open, false, "B's row stays closed, unasked");
  // Asked of B, B's row opens.
  await run.act(() => assert.equal(askApartRow(id), true));
  await run.rerender(b);
  assert.equal(rows.get(id)!.open, true);
});
