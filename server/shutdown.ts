/**
 * Graceful shutdown of a server entry on SIGINT or SIGTERM. The runtime
 * (`deno serve`, or `Deno.serve`'s `shutdown()`) stops accepting
 * connections and waits for the responses in flight; `drain` ends the ones
 * that would not end soon by themselves (event streams, sleeps, sockets).
 * Whatever is still open after `graceMs` is cut by exiting, because Deno
 * Deploy kills an isolate 5 s after asking it to stop.
 */

/** Options of {@link installShutdown}. */
export interface ShutdownOptions {
  /**
   * Exit this long after the first signal at the latest (default 3500 ms:
   * a drain takes a tenth of a second, and a machine under load fires a
   * timer late; Deno Deploy kills at 5 s, which §8 promises to beat).
   */
  graceMs?: number;
  /** Called after draining, e.g. to shut down a `Deno.serve` server. */
  stop?: () => void | Promise<void>;
}

/**
 * On the first SIGINT or SIGTERM, calls `drain` (and `stop`), and makes
 * sure the process exits within `graceMs`. Returns a function removing the
 * listeners. Where signals cannot be listened to (Windows' SIGTERM), the
 * platform's stop is abrupt anyway.
 */
export function installShutdown(
  drain: () => void,
  options: ShutdownOptions = {},
): () => void {
  const graceMs = options.graceMs ?? 3500;
  let started = false;
  const onSignal = () => {
    if (started) return;
    started = true;
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
  const added: Deno.Signal[] = [];
  for (const sig of ["SIGINT", "SIGTERM"] as const) {
    try {
      Deno.addSignalListener(sig, onSignal);
      added.push(sig);
    } catch { /* not available on this platform */ }
  }
  return () => {
    for (const sig of added) Deno.removeSignalListener(sig, onSignal);
  };
}
