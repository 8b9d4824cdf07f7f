/**
 * The CPU time a synchronous step costs, for the tests that prove an
 * algorithm is not quadratic or exponential: wall time stretches 3-15x on
 * a loaded two-core runner (other test files, Chromium), CPU time does not.
 *
 * It is the calling thread's time, not the process's: `deno test
 * --parallel` runs the test files as threads of one process, so the
 * process's CPU time counts the other files' work too.
 */
import process from "node:process";

/**
 * Milliseconds of CPU time (user and system) the calling thread spends in
 * `fn`, in steps of the kernel's tick (10 ms on Linux): for bounds of 100
 * ms and more. Synchronous work only: a Promise from `fn` throws, as its
 * work would run after the measure ends (time async work by counts or
 * events).
 */
export function cpuMs(fn: () => unknown): number {
  const before = process.threadCpuUsage();
  const value = fn();
  const { user, system } = process.threadCpuUsage(before);
  if (value instanceof Promise) {
    throw new TypeError("cpuMs measures synchronous work, not a Promise");
  }
  return (user + system) / 1000;
}
