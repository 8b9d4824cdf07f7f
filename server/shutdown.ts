/**
 * Graceful shutdown of a server entry on SIGINT or SIGTERM. The runtime
 * (`deno serve`, or `Deno.serve`'s `shutdown()`) stops accepting
 * connections and waits for the responses in flight; `drain` ends the ones
 * that would not end soon by themselves (event streams, sleeps, sockets).
 * Whatever is still open after `graceMs` is cut by exiting, because Deno
 * Deploy kills an isolate 5 s after asking it to stop.
 *
 * Under `deno serve --parallel` each isolate hears a signal only if it
 * listens when the signal comes (the runtime hands it to the listeners
 * registered then; its own, which stops an isolate's server, is added once
 * the module has loaded: denoland/deno#32862). An isolate still loading
 * its modules, as on a loaded machine, misses it, serves on after its
 * siblings ended, and the process never exits (a second signal ends it).
 * Such an isolate learns of the stop from the others here (see
 * {@link installShutdown}) and ends the process once they have drained.
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

/** Channel on which the isolate that heard a signal tells the others. */
const CHANNEL = "wirebench-shutdown";
/**
 * Environment keys (per process) the isolates share: when the first signal
 * came, and one per isolate still draining. The environment is the one
 * state all isolates of a process read at once; a channel message is lost
 * on an isolate that subscribes after it was sent.
 */
const STOP_AT = `WIREBENCH_STOP_AT_${Deno.pid}`;
const DRAINING = `WIREBENCH_DRAINING_${Deno.pid}_`;
/** How often a late isolate looks whether its siblings have drained. */
const POLL_MS = 25;
/**
 * How long an isolate told of a stop waits for the signal itself: a
 * sibling sends the notice after the signal was dispatched to every
 * listener, so an isolate that listened hears it at once, and only one
 * that missed it goes on.
 */
const NOTICE_MS = 100;

/** `Deno.env`, or nothing where it is denied (then only the channel tells). */
function env(): Deno.Env | undefined {
  try {
    Deno.env.has(STOP_AT);
    return Deno.env;
  } catch {
    return undefined;
  }
}

/**
 * Sets (or, for `undefined`, deletes) environment key `key`; nothing where
 * writing is refused (an environment read but not written, as a host may
 * offer): the drain must go on whatever the notice's fate.
 */
function share(key: string, value: string | undefined): void {
  try {
    if (value === undefined) env()?.delete(key);
    else env()?.set(key, value);
  } catch { /* only the channel tells */ }
}

/** Whether an isolate of this process is still draining. */
function siblingsDraining(): boolean {
  return Object.keys(env()?.toObject() ?? {}).some((k) =>
    k.startsWith(DRAINING)
  );
}

/**
 * On the first SIGINT or SIGTERM, calls `drain` (and `stop`), and makes
 * sure the process exits within `graceMs`. An isolate of `deno serve
 * --parallel` that missed the signal (it was still loading) learns of it
 * from its siblings (a shared environment key, read at install, and a
 * broadcast for the ones installed meanwhile), drains, and exits the
 * process once no sibling is draining, or at the siblings' deadline.
 * Returns a function removing the listeners. Where signals cannot be
 * listened to (Windows' SIGTERM), the platform's stop is abrupt anyway.
 */
export function installShutdown(
  drain: () => void,
  options: ShutdownOptions = {},
): () => void {
  const graceMs = options.graceMs ?? 3500;
  let started = false;
  // Subscribed before listening to signals and reading STOP_AT: a sibling
  // writes STOP_AT before it broadcasts, so a stop is either read below or
  // heard here. Open, it keeps the isolate alive until the first signal or
  // the returned function closes it.
  const channel = new BroadcastChannel(CHANNEL);
  const onSignal = () => {
    if (started) return;
    started = true;
    const stopAt = Number(env()?.get(STOP_AT)) || Date.now();
    share(STOP_AT, String(stopAt));
    // Until this isolate's event loop ends, a late sibling waits for it.
    const mine = DRAINING + crypto.randomUUID();
    share(mine, "1");
    globalThis.addEventListener("unload", () => share(mine, undefined));
    // Sent even once closed (an open channel would keep the isolate alive).
    channel.postMessage(stopAt);
    channel.close();
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
  /**
   * A stop that came while this isolate was loading: the runtime's server
   * missed it too and serves on (`deno serve` stops it on the signal only),
   * so the process ends here, once the siblings' responses are done (their
   * loops ended) and this isolate's drain has answered (a poll later), or
   * at the siblings' deadline, not one of its own from now.
   */
  const onMissed = (stopAt: number) => {
    if (started) return;
    started = true;
    channel.close();
    drain();
    const left = Math.max(0, stopAt + graceMs - Date.now());
    Deno.unrefTimer(setTimeout(() => Deno.exit(0), left));
    Deno.unrefTimer(setInterval(() => {
      if (!siblingsDraining()) Deno.exit(0);
    }, POLL_MS));
  };
  channel.onmessage = (e: MessageEvent<number>) => {
    Deno.unrefTimer(setTimeout(() => onMissed(e.data), NOTICE_MS));
  };
  const added: Deno.Signal[] = [];
  for (const sig of ["SIGINT", "SIGTERM"] as const) {
    try {
      Deno.addSignalListener(sig, onSignal);
      added.push(sig);
    } catch { /* not available on this platform */ }
  }
  const stoppedAt = Number(env()?.get(STOP_AT));
  if (stoppedAt) onMissed(stoppedAt);
  return () => {
    channel.close();
    for (const sig of added) Deno.removeSignalListener(sig, onSignal);
  };
}
