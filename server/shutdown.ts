/**
 * Graceful shutdown of a server entry on SIGINT or SIGTERM. The runtime
 * (`deno serve`, or `Deno.serve`'s `shutdown()`) stops accepting
 * connections and waits for the responses in flight; `drain` ends the ones
 * that would not end soon by themselves (event streams, sleeps, sockets).
 * Whatever is still open after `graceMs` is cut by exiting, because Deno
 * Deploy kills an isolate 5 s after asking it to stop.
 */

/** Signals this close together are one press (see {@link installShutdown}). */
export const SAME_PRESS_MS = 250;

/** Options of {@link installShutdown}. */
export interface ShutdownOptions {
  /** Exit this long after the first signal at the latest (default 4500 ms). */
  graceMs?: number;
  /** Called after draining, e.g. to shut down a `Deno.serve` server. */
  stop?: () => void | Promise<void>;
}

/**
 * On the first SIGINT or SIGTERM, calls `drain` (and `stop`), and makes
 * sure the process exits within `graceMs`; a second signal exits at once
 * (status 128 + its number, as a shell reports a process a signal ended),
 * as an operator who presses Ctrl+C twice expects. A signal within
 * {@link SAME_PRESS_MS} of the first is the same press: Ctrl+C reaches
 * every process of the terminal's group, and `deno task start` also
 * forwards it to the server it runs. Returns a function
 * removing the listeners. Where signals cannot be listened to (Windows'
 * SIGTERM), the platform's stop is abrupt anyway.
 */
export function installShutdown(
  drain: () => void,
  options: ShutdownOptions = {},
): () => void {
  const graceMs = options.graceMs ?? 4500;
  let started = -1;
  const onSignal = (sig: "SIGINT" | "SIGTERM") => {
    if (started >= 0) {
      if (performance.now() - started < SAME_PRESS_MS) return;
      Deno.exit(sig === "SIGINT" ? 130 : 143);
    }
    started = performance.now();
    drain();
    const timer = setTimeout(() => Deno.exit(0), graceMs);
    // The deadline must not keep an otherwise finished process alive.
    Deno.unrefTimer(timer);
    // After the requests drain ended have answered (in microtasks): shut
    // down before, and Deno waits for the rest of an upload whose client
    // went quiet (see lib/debug/mod.ts's close).
    setTimeout(
      () =>
        Promise.resolve(options.stop?.()).catch((err) => console.error(err)),
      0,
    );
  };
  const added: [Deno.Signal, () => void][] = [];
  for (const sig of ["SIGINT", "SIGTERM"] as const) {
    const listener = () => onSignal(sig);
    try {
      Deno.addSignalListener(sig, listener);
      added.push([sig, listener]);
    } catch { /* not available on this platform */ }
  }
  return () => {
    for (const [sig, listener] of added) {
      Deno.removeSignalListener(sig, listener);
    }
  };
}
