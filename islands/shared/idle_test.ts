/**
 * Work put off to idle periods runs only in one with enough time left:
 * never as a task of its own between busy frames.
 */
import assert from "node:assert/strict";
import { type IdleScheduler, whenIdle } from "./idle.ts";

const MS = 5;

/** An idle scheduler whose periods have the given times left, in turn. */
function periods(left: number[]) {
  const waiting: ((d: { timeRemaining(): number }) => void)[] = [];
  const idle: IdleScheduler = (run) => waiting.push(run);
  return {
    idle,
    /** Runs the idle callbacks, one period each (at most `max`); how many ran. */
    flush(max = Infinity) {
      let n = 0;
      while (waiting.length && left.length && n < max) {
        const ms = left.shift()!;
        waiting.shift()!({ timeRemaining: () => ms });
        n++;
      }
      return n;
    },
  };
}

const CASES: [string, number[], number][] = [
  ["ok/a long idle period runs it at once", [50], 1],
  ["ok/short periods wait for a long enough one", [1, 0, MS - 1, 20], 4],
  ["ok/exactly enough", [MS], 1],
  // requestIdleCallback with a timeout calls back with no time left when
  // the page stayed busy: the work still waits for real idle time.
  ["bad/no period long enough never runs it", [0, 1, 2, 3], 0],
];

for (const [name, left, after] of CASES) {
  Deno.test(`idle whenIdle: ${name}`, () => {
    const p = periods([...left]);
    let ran = 0;
    whenIdle(() => ran++, MS, p.idle);
    const used = p.flush();
    assert.equal(ran, after ? 1 : 0);
    if (after) assert.equal(used, after);
  });
}

Deno.test("idle whenIdle: cancelled before an idle period, it never runs", () => {
  const p = periods([1, 50]);
  let ran = 0;
  const cancel = whenIdle(() => ran++, MS, p.idle);
  p.flush(1); // a short period: it waits on
  cancel();
  p.flush();
  assert.equal(ran, 0);
});

Deno.test("idle whenIdle: the work is told the time left in its period", () => {
  let ms = 30;
  const seen: number[] = [];
  whenIdle(
    (left) => {
      seen.push(left());
      ms -= 12;
      seen.push(left());
    },
    MS,
    (run) => run({ timeRemaining: () => ms }),
  );
  assert.deepEqual(seen, [30, 18]);
});

Deno.test("idle whenIdle: with within, it runs once that time is up if no idle period came, and only once", async () => {
  const p = periods([]);
  let ran = 0;
  whenIdle(() => ran++, MS, p.idle, 10);
  await new Promise((r) => setTimeout(r, 30));
  assert.equal(ran, 1);
  // An idle period after that does not run it again.
  const q = periods([50]);
  let again = 0;
  whenIdle(() => again++, MS, q.idle, 10);
  q.flush();
  await new Promise((r) => setTimeout(r, 30));
  assert.equal(again, 1);
});

Deno.test("idle whenIdle: cancelled, the within timer does not run it", async () => {
  const p = periods([]);
  let ran = 0;
  const cancel = whenIdle(() => ran++, MS, p.idle, 10);
  cancel();
  await new Promise((r) => setTimeout(r, 30));
  assert.equal(ran, 0);
});
