/**
 * The page side of a Web Worker, for the viewers that parse off the main
 * thread. One message protocol shape: every message either way is a plain
 * object with a `type` and the `id` of the call it belongs to, so answers
 * find their call and answers to abandoned calls are dropped.
 *
 * A watchdog guards each open call: a worker that says nothing about it for
 * `timeoutMs` (30 s by default) is taken to hang (an endless loop in a
 * parser, a pathological input) and is stopped, and every open call hears
 * that its worker is gone. Any message from the worker restarts every open
 * call's watchdog: a worker reporting progress on a long job is left alone,
 * and so is a call that waits on that job (a spec's detail asked while the
 * spec is read). A worker that
 * crashes or cannot start is reported the same way; the next call starts a
 * fresh one.
 */

/** The shape of every message between a page and its worker. */
export interface WorkerMessage {
  type: string;
  /** The call the message belongs to. */
  id: number;
}

/** What an open call hears when its worker stops without finishing it. */
export interface WorkerGone {
  type: "gone";
  id: number;
  /**
   * "timeout": silent for too long and stopped; "crashed": an uncaught
   * error, or the worker could not load; "stopped": the page stopped it
   * (a newer job, or the page is leaving).
   */
  reason: "timeout" | "crashed" | "stopped";
  /** The worker had sent something about this call before it went. */
  answered: boolean;
  /** The error's message, for "crashed". */
  message?: string;
}

/**
 * Handles the messages of one call; returns true when the call is finished
 * (its last message came). A {@link WorkerGone} always finishes it.
 */
export type CallHandler<Out> = (m: Out | WorkerGone) => boolean | void;

/** A worker silent this long about an open call is stopped. */
export const WATCHDOG_MS = 30_000;

/** Options of a {@link WorkerClient}. */
export interface WorkerClientOptions {
  /** The watchdog's time, ms. */
  timeoutMs?: number;
}

interface Call<Out> {
  on: CallHandler<Out>;
  answered: boolean;
  timer?: ReturnType<typeof setTimeout>;
}

/**
 * Starts a module worker on demand and routes its answers to calls.
 * `In` is what the page sends, `Out` what the worker answers.
 */
export class WorkerClient<In extends WorkerMessage, Out extends WorkerMessage> {
  #url: string | null;
  #worker: Worker | null = null;
  #calls = new Map<number, Call<Out>>();
  #seq = 0;
  #timeoutMs: number;

  /** `url` is the built worker, or null when there is none (no bundles). */
  constructor(url: string | null, options: WorkerClientOptions = {}) {
    this.#url = url;
    this.#timeoutMs = options.timeoutMs ?? WATCHDOG_MS;
  }

  /** The watchdog's time, ms (for messages that say how long was waited). */
  get timeoutMs(): number {
    return this.#timeoutMs;
  }

  /** A worker is running (it may still be loading). */
  get running(): boolean {
    return this.#worker !== null;
  }

  /** Some call is open. */
  get busy(): boolean {
    return this.#calls.size > 0;
  }

  /** A fresh id for a message: ids increase across all calls. */
  nextId(): number {
    return ++this.#seq;
  }

  /**
   * Starts the worker unless it runs; false when none can run (no URL, no
   * Worker in this environment, or refused, e.g. by a content policy), and
   * then the caller does the work itself or says why it cannot.
   */
  start(): boolean {
    if (this.#worker) return true;
    if (!this.#url || typeof Worker === "undefined") return false;
    try {
      const w = new Worker(this.#url, { type: "module" });
      w.onmessage = (ev: MessageEvent<Out>) => this.#deliver(ev.data);
      w.onerror = (ev) => {
        ev.preventDefault(); // handled: the page stays clean
        if (this.#worker === w) this.#stop("crashed", ev.message);
      };
      this.#worker = w;
      return true;
    } catch {
      this.#url = null; // refused once, refused always: stop trying
      return false;
    }
  }

  /**
   * Sends `msg` (starting the worker if needed) and routes every message
   * with its id to `on` until `on` returns true or the worker goes. False
   * when no worker can run: then `on` is never called.
   */
  call(msg: In, on: CallHandler<Out>, transfer: Transferable[] = []): boolean {
    if (!this.start()) return false;
    const call: Call<Out> = { on, answered: false };
    this.#calls.set(msg.id, call);
    this.#arm(call);
    this.#worker!.postMessage(msg, transfer);
    return true;
  }

  /**
   * Sends `msg`, which no answer follows, starting the worker if needed
   * (unless `start` is false: a notice about work under way means nothing
   * to a new worker); false when no worker runs or can run.
   */
  notify(msg: In, start = true): boolean {
    if (start ? !this.start() : !this.#worker) return false;
    this.#worker!.postMessage(msg);
    return true;
  }

  /** Forgets call `id`: later messages about it are dropped. */
  cancel(id: number): void {
    const call = this.#calls.get(id);
    if (!call) return;
    clearTimeout(call.timer);
    this.#calls.delete(id);
  }

  /**
   * Stops the worker (the only way to interrupt a long synchronous parse);
   * open calls hear "stopped". The next call starts a new worker.
   */
  stop(): void {
    this.#stop("stopped");
  }

  #deliver(m: Out): void {
    // A worker that speaks is not stuck, whatever call it speaks about.
    for (const open of this.#calls.values()) this.#arm(open);
    const call = this.#calls.get(m.id);
    if (!call) return; // an abandoned call
    call.answered = true;
    if (call.on(m) === true) this.cancel(m.id);
  }

  #arm(call: Call<Out>): void {
    clearTimeout(call.timer);
    call.timer = setTimeout(() => this.#stop("timeout"), this.#timeoutMs);
  }

  #stop(reason: WorkerGone["reason"], message?: string): void {
    this.#worker?.terminate();
    this.#worker = null;
    const open = [...this.#calls];
    this.#calls.clear();
    for (const [id, call] of open) {
      clearTimeout(call.timer);
      const gone: WorkerGone = {
        type: "gone",
        id,
        reason,
        answered: call.answered,
      };
      if (message !== undefined) gone.message = message;
      call.on(gone);
    }
  }
}
