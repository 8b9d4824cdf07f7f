/**
 * Work written as a generator that yields between its steps, so a caller
 * that must stay responsive (a Web Worker answering messages) can stop
 * between them; everyone else runs it through at once with {@link drain}.
 */

/** Runs `steps` to their end with no stop between them; their result. */
export function drain<T>(steps: Generator<unknown, T>): T {
  for (;;) {
    const r = steps.next();
    if (r.done) return r.value;
  }
}
