import assert from "node:assert/strict";
import {
  keyTarget,
  MIN_TOP_ROWS,
  pageRows,
  renderedRows,
  revealScroll,
  rowAt,
  rowAtOffset,
  visibleRange,
  visibleRangeOf,
} from "./virtual.ts";

Deno.test("virtual window: the first 20 rows are always rendered at the top", () => {
  assert.deepEqual(visibleRange(10_000, 40, -1, 0, 0, 200), [0, MIN_TOP_ROWS]);
  assert.deepEqual(visibleRange(5, 40, -1, 0, 0, 600), [0, 5]);
  assert.deepEqual(visibleRange(0, 28, -1, 0, 0, 600), [0, 0]);
  // Scrolled to row 1000 of 10,000 with a 400 px viewport: 10 rows + overscan.
  assert.deepEqual(visibleRange(10_000, 40, -1, 0, 40_000, 400), [992, 1019]);
  // An expanded row 0 with 300 px of detail pushes the rest down.
  assert.deepEqual(visibleRange(100, 40, 0, 300, 340, 80), [0, 20]);
  const [s, e] = visibleRange(100, 40, 0, 300, 2000, 80);
  assert.deepEqual([s, e], [
    Math.floor((2000 - 300) / 40) - 8,
    Math.floor((2080 - 300) / 40) + 9,
  ]);
});

Deno.test("virtual window: bad/scroll offsets past either end stay in the list", () => {
  assert.deepEqual(visibleRange(100, 28, -1, 0, -500, 300), [0, 20]);
  const [s, e] = visibleRange(100, 28, -1, 0, 1e9, 300);
  assert.ok(s <= e && e === 100, `[${s}, ${e})`);
  // A list shorter than its viewport renders all of it.
  assert.deepEqual(visibleRange(3, 28, -1, 0, 0, 10_000), [0, 3]);
});

Deno.test("virtual window: rowAt counts the expanded row's extra height once", () => {
  assert.equal(rowAt(0, 40, -1, 0), 0);
  assert.equal(rowAt(79, 40, -1, 0), 1);
  assert.equal(rowAt(100, 40, 2, 300), 2); // before the expanded row's end
  assert.equal(rowAt(400, 40, 2, 300), 2); // inside its detail
  assert.equal(rowAt(420, 40, 2, 300), 3); // past it
});

Deno.test("virtual window: rows of more than one height, by their offsets", () => {
  // Rows of one height give what the arithmetic gives, open row or none.
  const n = 500;
  const even = Array.from({ length: n + 1 }, (_, k) => k * 40);
  for (const [sel, extra] of [[-1, 0], [0, 300], [30, 120], [499, 50]]) {
    for (const y of [-10, 0, 39, 40, 1234, 1500, 19_600]) {
      if (y >= 0) {
        assert.equal(
          rowAtOffset(even, y, sel, extra),
          rowAt(y, 40, sel, extra),
          `y ${y}, open ${sel}`,
        );
      }
      assert.deepEqual(
        visibleRangeOf(even, sel, extra, y, 400),
        visibleRange(n, 40, sel, extra, y, 400),
        `scrolled to ${y}, open ${sel}`,
      );
    }
  }
  // A 40 px header, then rows of 84: the row at 124 is the second one.
  const mixed = [0, 40, 124, 208, 248, 332];
  assert.equal(rowAtOffset(mixed, 0, -1, 0), 0);
  assert.equal(rowAtOffset(mixed, 39, -1, 0), 0);
  assert.equal(rowAtOffset(mixed, 40, -1, 0), 1);
  assert.equal(rowAtOffset(mixed, 130, -1, 0), 2);
  assert.equal(rowAtOffset(mixed, 210, -1, 0), 3);
  // Row 1 open with 100 px of detail: 130 is in it, 230 in row 2.
  assert.equal(rowAtOffset(mixed, 130, 1, 100), 1);
  assert.equal(rowAtOffset(mixed, 230, 1, 100), 2);
  assert.deepEqual(visibleRangeOf([0], -1, 0, 0, 400), [0, 0]);
  // Scrolled past the end (the list just got shorter): its last rows.
  assert.deepEqual(visibleRangeOf(mixed, -1, 0, 1e9, 400), [0, 5]);
  assert.deepEqual(visibleRangeOf(even, -1, 0, 1e9, 400), [492, 500]);
});

Deno.test("virtual keys: arrows, pages, Home/End, and back to the filter", () => {
  assert.equal(keyTarget("ArrowDown", 3, 10, 5), 4);
  assert.equal(keyTarget("ArrowDown", 9, 10, 5), 9);
  assert.equal(keyTarget("ArrowUp", 3, 10, 5), 2);
  assert.equal(keyTarget("ArrowUp", 0, 10, 5), "exit");
  assert.equal(keyTarget("PageDown", 7, 10, 5), 9);
  assert.equal(keyTarget("PageUp", 2, 10, 5), 0);
  assert.equal(keyTarget("Home", 5, 10, 5), 0);
  assert.equal(keyTarget("End", 5, 10, 5), 9);
  assert.equal(keyTarget("Escape", 5, 10, 5), "exit");
  assert.equal(keyTarget("a", 5, 10, 5), null);
});

Deno.test("virtual paging: a page keeps one row in view", () => {
  assert.equal(pageRows(600, 28), 20);
  assert.equal(pageRows(20, 28), 1);
  assert.equal(pageRows(0, 28), 1);
});

Deno.test("virtual reveal: scrolls only as far as the row needs", () => {
  // In view: no change.
  assert.equal(revealScroll(280, 28, 200, 300), 200);
  // Above: its top at the viewport's top.
  assert.equal(revealScroll(100, 28, 200, 300), 100);
  // Below: its bottom at the viewport's bottom.
  assert.equal(revealScroll(600, 28, 200, 300), 328);
  // A sticky header covering 28 px takes its share of the viewport.
  assert.equal(revealScroll(460, 28, 200, 300), 200);
  assert.equal(revealScroll(460, 28, 200, 300, 28), 216);
});

const RENDERED: [string, [number, number], number, number[]][] = [
  ["ok/no row open: the range", [3, 6], -1, [3, 4, 5]],
  ["ok/the open row in range: once", [3, 6], 4, [3, 4, 5]],
  ["ok/the open row above the range: first", [3, 6], 0, [0, 3, 4, 5]],
  ["ok/the open row below the range: last", [3, 6], 9, [3, 4, 5, 9]],
  ["ok/an empty range keeps the open row", [0, 0], 2, [2]],
];
for (const [name, range, sel, want] of RENDERED) {
  Deno.test(`virtual rendered rows: ${name}`, () => {
    assert.deepEqual(renderedRows(range, sel), want);
  });
}
