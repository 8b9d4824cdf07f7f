/**
 * One platform timer for all of the debug API's waits (sleeps and SSE
 * intervals): a min-heap of deadlines served by a single `setTimeout` armed
 * for the earliest one. Ten thousand sleeping requests then cost ten
 * thousand small heap entries instead of ten thousand runtime timers, each
 * with its own allocation (bench/http_bench.ts holds that many).
 *
 * Cancelling (a client left) removes the wait at once from the counts; when
 * nothing is waiting no platform timer is pending, so Deno's op sanitizer
 * and the counters agree that a disconnect freed the timer.
 */

const BATCH = 512;
/** The longest delay a platform timer holds (2^31 - 1 ms, about 24.8 days). */
const MAX_TIMER_MS = 2 ** 31 - 1;
/** Compact the heap once this many cancelled entries linger in it. */
const COMPACT_AT = 1024;

interface Entry {
  at: number;
  fn: (() => void) | null;
}

/** Counts of waits, for tests and the benchmark. */
export interface TimerCounter {
  /** Waits scheduled and neither fired nor cancelled. */
  active: number;
  /** Waits ever scheduled. */
  started: number;
  /** Waits cancelled early (the client left). */
  cancelled: number;
}

/** The shared timer; `schedule` returns a canceller (no-op once fired). */
export class TimerWheel implements TimerCounter {
  active = 0;
  started = 0;
  cancelled = 0;
  #heap: Entry[] = [];
  /** Cancelled entries still in the heap. */
  #dead = 0;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #armedAt = Infinity;
  readonly #now: () => number;

  /** A wheel on the clock `now` (milliseconds; a test passes a fake one). */
  constructor(now: () => number = () => performance.now()) {
    this.#now = now;
  }

  /** The clock deadlines are measured on, in milliseconds. */
  now(): number {
    return this.#now();
  }

  /** Calls `fn` after `ms`; the returned function cancels it. */
  schedule(ms: number, fn: () => void): () => void {
    const e: Entry = { at: this.#now() + ms, fn };
    this.active++;
    this.started++;
    this.#push(e);
    this.#arm();
    return () => {
      if (!e.fn) return;
      e.fn = null;
      this.active--;
      this.cancelled++;
      if (++this.#dead > COMPACT_AT && this.#dead * 2 > this.#heap.length) {
        this.#compact();
      }
      this.#arm();
    };
  }

  #fire = (): void => {
    this.#timer = undefined;
    this.#armedAt = Infinity;
    const now = this.#now();
    // At most BATCH per turn: ten thousand sleeps ending together would
    // otherwise build ten thousand responses in one task before any is sent.
    let budget = BATCH;
    // this.#heap, not a local: a callback that cancels may compact it.
    while (
      this.#heap.length && this.#heap[0].at <= now && budget-- > 0
    ) {
      const e = this.#pop();
      const fn = e.fn;
      if (!fn) {
        this.#dead--;
        continue;
      }
      e.fn = null;
      this.active--;
      try {
        fn();
      } catch (err) {
        console.error(err);
      }
    }
    this.#arm();
  };

  #arm(): void {
    // A cancelled wait must never keep a platform timer pending: it would
    // hold the event loop (and a draining `deno serve`) open until its
    // deadline, up to DEBUG_MAX_SLEEP_MS after the client left.
    this.#dropCancelledTop();
    const top = this.#heap[0];
    if (!top) {
      if (this.#timer !== undefined) clearTimeout(this.#timer);
      this.#timer = undefined;
      this.#armedAt = Infinity;
      return;
    }
    if (this.#timer !== undefined && this.#armedAt <= top.at) return;
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    // A platform timer holds at most 2^31 - 1 ms (HTML's timer steps; a
    // longer one fires at once and warns): a farther deadline (a limit of
    // Number.MAX_SAFE_INTEGER for "no limit") waits that long, then again.
    const wait = Math.min(MAX_TIMER_MS, Math.max(0, top.at - this.#now()));
    this.#armedAt = this.#now() + wait;
    this.#timer = setTimeout(this.#fire, wait);
  }

  #dropCancelledTop(): void {
    while (this.#heap.length && !this.#heap[0].fn) {
      this.#pop();
      this.#dead--;
    }
  }

  /** Rebuilds the heap without cancelled entries (memory stays bounded by live waits). */
  #compact(): void {
    const live = this.#heap.filter((e) => e.fn);
    this.#heap = [];
    this.#dead = 0;
    for (const e of live) this.#push(e);
  }

  #push(e: Entry): void {
    const h = this.#heap;
    let i = h.push(e) - 1;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (h[p].at <= e.at) break;
      h[i] = h[p];
      i = p;
    }
    h[i] = e;
  }

  #pop(): Entry {
    const h = this.#heap;
    const top = h[0];
    const last = h.pop()!;
    if (h.length) {
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        if (l >= h.length) break;
        const c = l + 1 < h.length && h[l + 1].at < h[l].at ? l + 1 : l;
        if (h[c].at >= last.at) break;
        h[i] = h[c];
        i = c;
      }
      h[i] = last;
    }
    return top;
  }
}
