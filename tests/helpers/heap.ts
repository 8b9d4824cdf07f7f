/**
 * Heap measurement for leak tests: a full garbage collection without a
 * command-line flag or any hook in the product. `--expose-gc` can be set at
 * run time through node:v8, and `gc` is then defined in a fresh context.
 */
import v8 from "node:v8";
import vm from "node:vm";

let gc: (() => void) | undefined;

/** Runs a full (major) garbage collection. */
export function forceGc(): void {
  if (!gc) {
    v8.setFlagsFromString("--expose-gc");
    gc = vm.runInNewContext("gc") as () => void;
  }
  gc();
}

/**
 * `Deno.memoryUsage().heapUsed` after pending tasks ran and two full
 * collections (the first can leave weakly held objects for the second).
 */
export async function heapAfterGc(): Promise<number> {
  await new Promise((r) => setTimeout(r, 20));
  forceGc();
  await new Promise((r) => setTimeout(r, 0));
  forceGc();
  return Deno.memoryUsage().heapUsed;
}
