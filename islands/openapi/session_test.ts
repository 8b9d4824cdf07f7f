/**
 * The spec kept for a reload is stored only in idle time long enough for a
 * piece (session.ts): never as a task of its own between busy frames.
 */
import assert from "node:assert/strict";
import { type IdleScheduler, PIECE_MS, whenIdle } from "./session.ts";

/** An idle scheduler whose periods have the given times left, in turn. */
function periods(left: number[]) {
  const waiting: ((d: { timeRemaining(): number }) => void)[] = [];
  const idle: IdleScheduler = (run) => waiting.push(run);
  return {
    idle,
    /** Runs the idle callbacks, one period each; how many ran. */
    flush() {
      let n = 0;
      while (waiting.length && left.length) {
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
  ["ok/short periods wait for a long enough one", [1, 0, PIECE_MS - 1, 20], 4],
  ["ok/exactly enough", [PIECE_MS], 1],
  // requestIdleCallback with a timeout calls back with no time left when
  // the page stayed busy: the piece still waits for real idle time.
  ["bad/no period long enough never runs it", [0, 1, 2, 3], 0],
];

for (const [name, left, after] of CASES) {
  Deno.test(`session whenIdle: ${name}`, () => {
    const p = periods([...left]);
    let ran = 0;
    whenIdle(() => ran++, PIECE_MS, p.idle);
    const used = p.flush();
    assert.equal(ran, after ? 1 : 0);
    if (after) assert.equal(used, after);
  });
}
