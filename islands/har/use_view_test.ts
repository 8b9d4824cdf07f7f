/**
 * The search of headers and bodies: until the worker's mask of every text
 * term has come, the list keeps what it showed and says which are missing;
 * off, the masks change nothing.
 */
import assert from "node:assert/strict";
import { renderHook } from "../../tests/helpers/hooks.ts";
import { parsedHar } from "../../tests/helpers/har_doc.ts";
import type { DeepMasks } from "../../lib/har/search.ts";
import { emptyHashState, type HashState } from "./hash_state.ts";
import { useView } from "./use_view.ts";

const c = parsedHar([
  { url: "https://a.example/one" },
  { url: "https://a.example/two" },
  { url: "https://b.example/three" },
]).columns;

interface Props {
  hs: HashState;
  deep: DeepMasks | null;
}

const indices = (v: { rows: Uint32Array } | null) => v && [...v.rows];

Deno.test("har view: a deep term without its mask keeps the rows shown, and says so", async () => {
  const first: Props = {
    hs: { ...emptyHashState(), q: "a.example" },
    deep: null,
  };
  const run = await renderHook<Props, ReturnType<typeof useView>>(
    (p) => useView(c, null, [], p.hs, p.deep),
    first,
  );
  await using _ = run;
  assert.deepEqual(indices(run.current.view), [0, 1]);
  assert.deepEqual(run.current.deepMissing, []);
  // On, with a new term: its mask has not come.
  const hs = { ...emptyHashState(), q: "a.example needle", deep: true };
  await run.rerender({ hs, deep: null });
  assert.deepEqual(run.current.deepMissing, ["a.example", "needle"]);
  assert.deepEqual(indices(run.current.view), [0, 1], "the last rows");
  // One mask comes: still waiting for the other.
  const one = new Map([["a.example", Uint8Array.of(0, 0, 1)]]);
  await run.rerender({ hs, deep: one });
  assert.deepEqual(run.current.deepMissing, ["needle"]);
  assert.deepEqual(indices(run.current.view), [0, 1]);
  // Both: the answer.
  const both = new Map(one).set("needle", Uint8Array.of(0, 1, 1));
  await run.rerender({ hs, deep: both });
  assert.deepEqual(run.current.deepMissing, []);
  assert.deepEqual(indices(run.current.view), [1, 2]);
  // Off: the masks are not used, nothing is missing.
  await run.rerender({ hs: { ...hs, deep: false }, deep: both });
  assert.deepEqual(run.current.deepMissing, []);
  assert.deepEqual(indices(run.current.view), []);
});

Deno.test("har view: a /pattern/ without its mask keeps the rows shown and is never tested here", async () => {
  // Minutes of backtracking on one URL, were it tested on this thread.
  const slow = "/(a|a)*z/";
  const long = parsedHar([
    { url: "https://a.example/one" },
    { url: `https://a.example/${"a".repeat(40)}` },
  ]).columns;
  const run = await renderHook<
    { hs: HashState; masks: Map<string, Uint8Array> },
    ReturnType<typeof useView>
  >(
    (p) => useView(long, null, [], p.hs, null, p.masks),
    { hs: { ...emptyHashState(), q: "one" }, masks: new Map() },
  );
  await using _ = run;
  assert.deepEqual(indices(run.current.view), [0]);
  const hs = { ...emptyHashState(), q: `a.example -${slow}` };
  await run.rerender({ hs, masks: new Map() });
  assert.deepEqual(run.current.patternMissing, [slow]);
  assert.deepEqual(indices(run.current.view), [0], "the last rows");
  // Its mask comes (here, one stopped as too slow: it matches nothing).
  await run.rerender({ hs, masks: new Map([[slow, Uint8Array.of(0, 0)]]) });
  assert.deepEqual(run.current.patternMissing, []);
  assert.deepEqual(indices(run.current.view), [0, 1]);
});
