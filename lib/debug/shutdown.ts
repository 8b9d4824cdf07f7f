/**
 * Graceful shutdown on SIGTERM. `deno serve` (with or without --parallel)
 * already stops accepting connections on SIGTERM, lets in-flight requests
 * finish and exits 0; a listener added here runs in every serve isolate
 * too. What it cannot do is end responses that never end by themselves, so
 * the listener drains the debug API (lifecycle.ts): open SSE streams get a
 * final comment and a clean end, sleeps finish, new long requests get 503.
 */
import type { Lifecycle } from "./lifecycle.ts";

/**
 * Drains `life` when the process receives one of `signals`. Returns a
 * function removing the listeners (tests; a signal-less platform is a
 * no-op). Tests can call `life.drain()` directly instead of signalling.
 */
export function installShutdown(
  life: Lifecycle,
  signals: readonly Deno.Signal[] = ["SIGTERM"],
): () => void {
  const onSignal = () => life.drain();
  const added: Deno.Signal[] = [];
  for (const sig of signals) {
    try {
      Deno.addSignalListener(sig, onSignal);
      added.push(sig);
    } catch {
      // Windows has no SIGTERM listener; the platform's stop is abrupt there.
    }
  }
  return () => {
    for (const sig of added) Deno.removeSignalListener(sig, onSignal);
  };
}
