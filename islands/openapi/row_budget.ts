/**
 * How many schema-tree rows an open operation renders, and when. Creating,
 * styling and laying out a row with its description costs about a third of
 * a millisecond here, and OpenAI's largest operation opens 400 rows over a
 * dozen trees: every tree taking all its rows at once would be one frame of
 * hundreds of milliseconds. So the trees of one detail share a budget: a
 * fixed number of rows in the first frame, handed out in document order
 * (what is on screen first), then a fixed number per animation frame to the
 * trees still filling in, again in document order.
 *
 * A frame's rows cost what the machine gives them: on busy cores the same
 * 60 rows took 55-60 ms of wall time (30 ms of CPU), a task long enough to
 * delay a keypress. So the rows per frame follow the frames: halved after a
 * frame that ran long, grown back (never past the base) after quick ones.
 */
import { createContext } from "preact";

/**
 * The budget of an operation detail. A detail opens under its row, so its
 * trees mostly start below the fold (Stripe's charge: the request body's
 * first row is 340 px down), yet Chromium lays out `content-visibility:
 * auto` rows far past the screen: every first-frame row costs layout. 30
 * rows before the first paint opened a cold Stripe charge in 140 ms against
 * 174 ms for 60 (CPU slowed 2x); 20, what a 900 px window shows of a tree
 * 340 px down and more, took that frame's layout from 60-80 ms to 37-45
 * ms on this busy host. 60 rows a frame after that keep each frame's
 * script, style and layout near 20 ms on a quiet host; on this busy one the
 * 60 rows of the frame right after the opening one took 67-72 ms (17-20 ms
 * of script, 24-38 of layout), so that frame gets 30, and quick frames
 * grow it back.
 */
export const DETAIL_ROWS: RowBudgetOptions = {
  first: 20,
  perFrame: 60,
  startPerFrame: 30,
};

/**
 * Frames are timed from one hand-out to the next (the rendering, layout and
 * paint of the rows between), so they come in whole 60 Hz frames: 17, 33,
 * 50 ms. A frame of three or more halves the rows per frame: at 50 ms it is
 * a long task (W3C Long Tasks API) already.
 */
const SLOW_FRAME_MS = 40;
/**
 * Only a frame that fit in one 60 Hz frame grows the rows back by half;
 * two keep the rate. Growing after two (the rule before) kept frames at
 * 25-30 ms of CPU, which a busy second core stretched past 50 ms of wall
 * time: opening the largest operations, 17 of 110 opens had a long task
 * against 25 before (three alternated runs on this host).
 */
const QUICK_FRAME_MS = 20;

/** Options of a {@link RowBudget}. */
export interface RowBudgetOptions {
  /** Rows all trees together render before the first paint. */
  first: number;
  /**
   * Rows added per animation frame after that, all trees together: the
   * most a frame gets; slow frames lower it (see above).
   */
  perFrame: number;
  /**
   * The fewest rows a frame gets however slow frames are (perFrame / 3: a
   * third still keeps "Expand all" on 4,000 rows moving).
   */
  minPerFrame?: number;
  /**
   * The rate the budget starts at: the rows of its first hand-out after
   * the first paint (perFrame by default), grown from there by quick
   * frames like any lowered rate; a pause keeps the rate it had, it does
   * not start again. The frame right after the one that opened a detail
   * has the least time left.
   */
  startPerFrame?: number;
  /** The clock frames are timed by, in ms (`performance.now` in a page). */
  now?: () => number;
  /** Schedules the next hand-out (`requestAnimationFrame` in a page). */
  frame?: (run: () => void) => number;
  cancel?: (id: number) => void;
}

interface Ask {
  need: number;
  grant: (rows: number) => void;
}

/** The shared row budget of one operation detail. */
export class RowBudget {
  #first: number;
  #perFrame: number;
  #frame: (run: () => void) => number;
  #cancel: (id: number) => void;
  #now: () => number;
  #min: number;
  /** Rows the next frame hands out. */
  #rate: number;
  /** When the last hand-out ran, while trees are waiting; else null. */
  #last: number | null = null;
  /** Trees waiting for rows, in the order they first asked. */
  #waiting = new Map<object, Ask>();
  #timer: number | null = null;

  constructor(o: RowBudgetOptions) {
    this.#first = Math.max(0, o.first);
    this.#perFrame = Math.max(1, o.perFrame);
    this.#frame = o.frame ?? ((run) => requestAnimationFrame(run));
    this.#cancel = o.cancel ?? ((id) => cancelAnimationFrame(id));
    this.#now = o.now ?? (() => performance.now());
    this.#min = Math.min(
      this.#perFrame,
      Math.max(1, o.minPerFrame ?? Math.ceil(this.#perFrame / 3)),
    );
    this.#rate = Math.max(
      this.#min,
      Math.min(this.#perFrame, o.startPerFrame ?? this.#perFrame),
    );
  }

  /** Rows per frame after the first, at most (a tree's own step, too). */
  get perFrame(): number {
    return this.#perFrame;
  }

  /** Rows the next frame hands out (slow frames lower it). */
  get rate(): number {
    return this.#rate;
  }

  /**
   * Rows a tree renders at first, out of the `want` it has: what the first
   * frame's budget still holds (trees render in document order).
   */
  claimFirst(want: number): number {
    const n = Math.min(Math.max(0, want), this.#first);
    this.#first -= n;
    return n;
  }

  /**
   * Takes `want` rows of the first frame's budget only if it still holds
   * them all (a part shown whole or not at all): true then; else nothing
   * is taken, and what is left goes to what asks after.
   */
  claimWhole(want: number): boolean {
    if (want > this.#first) return false;
    this.#first -= Math.max(0, want);
    return true;
  }

  /**
   * `who` needs `need` more rows; `grant` is called with part or all of
   * them in a coming frame. Asking again updates the need and keeps the
   * place in line; a need of 0 leaves the line.
   */
  ask(who: object, need: number, grant: (rows: number) => void): void {
    if (need <= 0) return this.drop(who);
    this.#waiting.set(who, { need, grant });
    if (this.#timer === null) this.#timer = this.#frame(this.#tick);
  }

  /** `who` needs nothing more (collapsed, or gone from the page). */
  drop(who: object): void {
    this.#waiting.delete(who);
    if (!this.#waiting.size && this.#timer !== null) {
      this.#cancel(this.#timer);
      this.#timer = null;
      this.#last = null;
    }
  }

  #tick = () => {
    this.#timer = null;
    const now = this.#now();
    if (this.#last !== null) {
      const took = now - this.#last;
      if (took > SLOW_FRAME_MS) {
        this.#rate = Math.max(this.#min, Math.floor(this.#rate / 2));
      } else if (took < QUICK_FRAME_MS) {
        this.#rate = Math.min(this.#perFrame, Math.ceil(this.#rate * 1.5));
      }
    }
    let left = this.#rate;
    const granted: [Ask, number][] = [];
    for (const [who, a] of this.#waiting) {
      if (!left) break;
      const n = Math.min(a.need, left);
      left -= n;
      a.need -= n;
      if (!a.need) this.#waiting.delete(who);
      granted.push([a, n]);
    }
    if (this.#waiting.size) this.#timer = this.#frame(this.#tick);
    // The next frame is timed from here only while trees still wait: a
    // new ask after a pause starts afresh.
    this.#last = this.#waiting.size ? now : null;
    for (const [a, n] of granted) a.grant(n);
  };
}

/** The budget of the operation being shown; null outside one. */
export const RowBudgetContext = createContext<RowBudget | null>(null);
