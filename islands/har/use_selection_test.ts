/**
 * A HAR row clicked while the next file loads opens nothing in that file;
 * a link's selection opens its own request, wherever the file has it.
 */
import assert from "node:assert/strict";
import { renderHook } from "../../tests/helpers/hooks.ts";
import { type EntryInit, parsedHar } from "../../tests/helpers/har_doc.ts";
import type { HarColumns } from "../../lib/har/columns.ts";
import { entryKey } from "../../lib/har/entries.ts";
import { type Selected, useFileSelection } from "./use_selection.ts";

/** `n` distinct requests, or the given ones. */
const file = (n: number, entries?: EntryInit[]) =>
  parsedHar(
    entries ??
      Array.from({ length: n }, (_, i) => ({ url: `https://x.example/${i}` })),
  ).columns;

/** The hook with a fragment of its own (`state`, which `set` writes). */
async function viewer(c: HarColumns | null, sel: number, selKey = "") {
  const shown: number[] = [];
  const state: { c: HarColumns | null } & Selected = { c, sel, selKey };
  const set = (p: Selected) => {
    state.sel = p.sel;
    state.selKey = p.selKey;
  };
  const run = await renderHook((p: typeof state) => {
    const r = useFileSelection(p.c, p, set);
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
  await run.rerender({ c: file(10), sel: 3, selKey: "" });
  assert.equal(run.current.sel, 3);
});

Deno.test("har selection: a row selected writes its entry's key with its index", async () => {
  const c = file(4);
  const { run, state } = await viewer(c, -1);
  await using _ = run;
  await run.act(() => run.current.select(2));
  assert.deepEqual([state.sel, state.selKey], [2, entryKey(c, 2)]);
  await run.act(() => run.current.select(-1));
  assert.deepEqual([state.sel, state.selKey], [-1, ""]);
});

Deno.test("har selection: a link's entry opens where the file has it, or is reported missing", async () => {
  const made = file(3);
  const key = entryKey(made, 1);
  // The same file: the index holds.
  {
    const { run, state } = await viewer(made, 1, key);
    await using _ = run;
    assert.equal(run.current.sel, 1);
    assert.equal(run.current.missing, -1);
    assert.equal(state.sel, 1);
  }
  // The same requests exported in another order: found by key.
  const reordered = file(
    3,
    [2, 1, 0].map((i) => ({ url: `https://x.example/${i}` })),
  );
  {
    const { run, state, shown } = await viewer(null, 1, key);
    await using _ = run;
    state.c = reordered;
    await run.rerender({ ...state });
    assert.equal(run.current.sel, 1, "entry 1 of the reordered file is /1");
    const other = file(3, [{ url: "https://x.example/2" }, {
      url: "https://x.example/0",
    }, { url: "https://x.example/1" }]);
    state.c = other;
    await run.rerender({ ...state });
    await run.rerender({ ...state });
    assert.equal(run.current.sel, 2);
    assert.deepEqual(
      [state.sel, state.selKey],
      [2, key],
      "the fragment follows",
    );
    assert.ok(!shown.includes(0), "never the wrong entry's detail");
  }
  // Another file: nothing opens, the link's index is reported, and the
  // fragment keeps the link's selection for the next file.
  {
    const { run, state, shown } = await viewer(
      file(5, [5, 6, 7].map((i) => ({ url: `https://y.example/${i}` }))),
      1,
      key,
    );
    await using _ = run;
    await run.rerender({ ...state });
    assert.equal(run.current.sel, -1);
    assert.equal(run.current.missing, 1);
    assert.deepEqual([state.sel, state.selKey], [1, key]);
    assert.ok(shown.every((i) => i === -1), "no detail asked for");
    // The file the link was made from, picked next, opens its entry.
    state.c = file(3);
    await run.rerender({ ...state });
    await run.rerender({ ...state });
    assert.equal(run.current.sel, 1);
    assert.equal(run.current.missing, -1);
    state.c = file(
      5,
      [5, 6, 7].map((i) => ({ url: `https://y.example/${i}` })),
    );
    await run.rerender({ ...state });
    await run.rerender({ ...state });
    // Selecting a row there clears the report.
    await run.act(() => run.current.select(0));
    await run.rerender({ ...state });
    assert.equal(run.current.missing, -1);
    assert.equal(run.current.sel, 0);
  }
  // An older link without a key, past the file's end: reported too.
  {
    const { run, state } = await viewer(file(2), 7);
    await using _ = run;
    await run.rerender({ ...state });
    assert.equal(run.current.sel, -1);
    assert.equal(run.current.missing, 7);
  }
});

Deno.test("har selection: another file opened forgets the last one's missing-entry report", async () => {
  const made = file(3);
  const { run, state } = await viewer(
    file(2, [{ url: "https://y.example/0" }, { url: "https://y.example/1" }]),
    1,
    entryKey(made, 1),
  );
  await using _ = run;
  await run.rerender({ ...state });
  assert.equal(run.current.missing, 1);
  state.c = file(4);
  await run.rerender({ ...state });
  assert.equal(run.current.missing, -1);
});
