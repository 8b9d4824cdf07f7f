/**
 * The shared row budget of an operation detail, on a hand-driven frame
 * clock: the first frame's rows go to trees in the order they render, and
 * each later frame's rows to the trees still waiting, first asker first.
 */
import assert from "node:assert/strict";
import { RowBudget } from "./row_budget.ts";

/**
 * A budget whose frames run only when `step()` says so, each `ms` after the
 * last (16 unless told).
 */
function clocked(
  first: number,
  perFrame: number,
  minPerFrame?: number,
  startPerFrame?: number,
) {
  const queue = new Map<number, () => void>();
  let next = 1;
  let clock = 0;
  const budget = new RowBudget({
    first,
    perFrame,
    minPerFrame,
    startPerFrame,
    now: () => clock,
    frame: (run) => {
      queue.set(next, run);
      return next++;
    },
    cancel: (id) => queue.delete(id),
  });
  return {
    budget,
    pending: () => queue.size,
    step(ms = 16) {
      clock += ms;
      const runs = [...queue.values()];
      queue.clear();
      for (const r of runs) r();
    },
  };
}

/** A tree as the budget sees it: rows wanted, rows shown. */
function tree(c: ReturnType<typeof clocked>, want: number) {
  const t = { want, shown: 0 };
  t.shown = c.budget.claimFirst(want);
  const ask = () =>
    c.budget.ask(t, t.want - t.shown, (n) => {
      t.shown += n;
      ask(); // as the tree's effect does after each grant
    });
  ask();
  return t;
}

const FIRST_CASES: [string, number, number[], number[]][] = [
  ["ok/one tree under the budget takes all it wants", 60, [25], [25]],
  ["ok/trees take the first frame in document order", 60, [40, 40, 40], [
    40,
    20,
    0,
  ]],
  ["ok/an empty tree takes nothing", 60, [0, 70], [0, 60]],
  ["ok/a budget of 0 gives nothing at first", 0, [5], [0]],
  ["bad/a negative want takes nothing", 60, [-3, 10], [0, 10]],
];

const WHOLE_CASES: [string, number, number[], boolean[], number][] = [
  // [name, first-frame rows, parts' costs, shown at once, rows left]
  ["ok/parts that fit are taken whole, in order", 30, [10, 20], [
    true,
    true,
  ], 0],
  [
    "ok/a part that does not fit takes nothing; what asks after may",
    30,
    [
      25,
      10,
      5,
    ],
    [true, false, true],
    0,
  ],
  ["ok/a part of 0 fits", 0, [0], [true], 0],
];

for (const [name, first, costs, shown, left] of WHOLE_CASES) {
  Deno.test(`row budget whole: ${name}`, () => {
    const c = clocked(first, 60);
    assert.deepEqual(costs.map((n) => c.budget.claimWhole(n)), shown);
    assert.equal(c.budget.claimFirst(1_000), left);
  });
}

for (const [name, first, wants, got] of FIRST_CASES) {
  Deno.test(`row budget: ${name}`, () => {
    const c = clocked(first, 60);
    assert.deepEqual(wants.map((w) => tree(c, w).shown), got);
  });
}

Deno.test("row budget: later frames fill waiting trees in order, a frame's worth each", () => {
  const c = clocked(60, 50);
  const a = tree(c, 100), b = tree(c, 30), d = tree(c, 10);
  assert.deepEqual([a.shown, b.shown, d.shown], [60, 0, 0]);
  c.step(); // a takes 40, b the 10 left
  assert.deepEqual([a.shown, b.shown, d.shown], [100, 10, 0]);
  c.step(); // b's last 20, then d's 10
  assert.deepEqual([a.shown, b.shown, d.shown], [100, 30, 10]);
  assert.equal(c.pending(), 0, "no frame asked once all are in");
});

Deno.test("row budget: asking again keeps the place in line; a tree gone drops out", () => {
  const c = clocked(0, 10);
  const a = { n: 0 }, b = { n: 0 };
  c.budget.ask(a, 30, (n) => (a.n += n));
  c.budget.ask(b, 30, (n) => (b.n += n));
  c.budget.ask(a, 25, (n) => (a.n += n)); // a's need changed: still first
  c.step();
  assert.deepEqual([a.n, b.n], [10, 0]);
  c.budget.drop(a); // collapsed, or closed
  c.step();
  assert.deepEqual([a.n, b.n], [10, 10]);
  c.budget.drop(b);
  assert.equal(c.pending(), 0, "the frame request is cancelled");
});

Deno.test("row budget: a need of 0 leaves the line", () => {
  const c = clocked(0, 10);
  const a = { n: 0 };
  c.budget.ask(a, 5, (n) => (a.n += n));
  c.budget.ask(a, 0, (n) => (a.n += n));
  assert.equal(c.pending(), 0);
  c.step();
  assert.equal(a.n, 0);
});

/** Rows granted per frame to one tree wanting `want`, frames `ms` apart. */
function grants(
  perFrame: number,
  want: number,
  gaps: number[],
  min?: number,
  start?: number,
) {
  const c = clocked(0, perFrame, min, start);
  const t = tree(c, want);
  const out: number[] = [];
  for (const ms of gaps) {
    const before = t.shown;
    c.step(ms);
    out.push(t.shown - before);
  }
  return out;
}

const PACE_CASES: [string, number[], number[], number?, number?][] = [
  // The first frame after an ask is never judged: nothing was timed.
  ["ok/quick frames keep the base", [200, 16, 16, 16], [60, 60, 60, 60]],
  ["ok/a slow frame halves the next", [16, 16, 70, 16], [60, 60, 30, 45]],
  ["ok/quick frames grow it back, never past the base", [
    16,
    80,
    80,
    16,
    16,
    16,
  ], [60, 30, 20, 30, 45, 60]],
  // Frames are an integer number of 60 Hz frames apart: two (33 ms) keep
  // the rate, three (50 ms) halve it.
  ["ok/frames between quick and slow keep the rate", [16, 60, 33, 33], [
    60,
    30,
    30,
    30,
  ]],
  ["ok/a frame of two vsyncs is not quick", [16, 50, 33, 20], [
    60,
    30,
    30,
    30,
  ]],
  ["ok/a frame of three vsyncs is slow", [16, 16, 50, 16], [60, 60, 30, 45]],
  ["ok/slow frames stop at the floor", [16, 90, 90, 90, 90], [
    60,
    30,
    20,
    20,
    20,
  ]],
  ["ok/a floor of its own", [16, 90, 90, 90], [60, 30, 15, 10], 10],
  ["bad/a floor above the base is the base", [16, 90, 90], [60, 60, 60], 500],
  [
    "ok/a start of its own, grown by quick frames",
    [16, 16, 16, 16],
    [
      30,
      45,
      60,
      60,
    ],
    undefined,
    30,
  ],
  [
    "ok/a start kept by frames neither quick nor slow",
    [16, 33, 33],
    [
      30,
      30,
      30,
    ],
    undefined,
    30,
  ],
  ["bad/a start under the floor is the floor", [16, 16], [20, 30], 20, 5],
  ["bad/a start over the base is the base", [16, 16], [60, 60], undefined, 90],
];

for (const [name, gaps, want, min, start] of PACE_CASES) {
  Deno.test(`row budget pace: ${name}`, () => {
    assert.deepEqual(grants(60, 10_000, gaps, min, start), want);
  });
}

Deno.test("row budget pace: a pause with no tree waiting is not a slow frame", () => {
  const c = clocked(0, 60);
  const a = { n: 0 };
  c.budget.ask(a, 60, (n) => (a.n += n));
  c.step(); // all 60 in: the line is empty
  c.step(5_000);
  c.budget.ask(a, 200, (n) => (a.n += n));
  c.step(16);
  assert.equal(a.n, 120);
  assert.equal(c.budget.rate, 60);
});
