/** A HAR row clicked while the next file loads opens nothing in that file. */
import assert from "node:assert/strict";
import { renderHook } from "../../tests/helpers/hooks.ts";
import type { HarColumns } from "../../lib/har/columns.ts";
import { useFileSelection } from "./use_selection.ts";

const file = (n: number) => ({ n }) as HarColumns;

/** The hook with a fragment of its own (`state`, which `set` writes). */
async function viewer(c: HarColumns | null, sel: number) {
  const shown: number[] = [];
  const state = { c, sel };
  const set = (p: { sel: number }) => {
    state.sel = p.sel;
  };
  const run = await renderHook((p: typeof state) => {
    const r = useFileSelection(p.c, p.sel, set);
    shown.push(r.sel); // what each render would ask the detail of
    return r;
  }, { ...state });
  return { run, state, shown };
}

Deno.test("har selection: a row clicked in the list being replaced opens nothing in the next file", async () => {
  const first = file(100), next = file(100);
  const { run, state, shown } = await viewer(first, -1);
  await using _ = run;
  // The next file is loading; the old list is still shown, and clicked.
  await run.act(() => run.current.select(5));
  await run.rerender({ ...state });
  assert.equal(run.current.sel, 5);
  shown.length = 0;
  // The next file is loaded.
  state.c = next;
  await run.rerender({ ...state });
  assert.ok(!shown.includes(5), "entry 5 of the next file never asked for");
  assert.equal(state.sel, -1, "the fragment forgets it");
  // A row clicked in the file shown opens.
  await run.act(() => run.current.select(7));
  await run.rerender({ ...state });
  assert.equal(run.current.sel, 7);
});

Deno.test("har selection: the fragment's selection holds for the page's first file", async () => {
  const { run } = await viewer(null, 3);
  await using _ = run;
  assert.equal(run.current.sel, -1, "no file yet");
  await run.rerender({ c: file(10), sel: 3 });
  assert.equal(run.current.sel, 3);
});
