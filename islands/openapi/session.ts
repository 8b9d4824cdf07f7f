/**
 * Keeps the last loaded spec in this tab's sessionStorage, so a reload shows
 * the same spec with the filter and selection from the URL fragment. Stays
 * in the browser (never sent anywhere) and dies with the tab.
 *
 * A spec is stored in pieces, in idle time after the list shows:
 * `setItem` copies its value on the page's thread, and one 3 MB item (Stripe)
 * was a 100-350 ms task right in the frame that showed the list. A file the
 * worker read is read again here and decoded a piece at a time (having the
 * worker post its text back cost the page a 20 ms task to receive it). The
 * count of pieces is written last, so a reload between two pieces finds no
 * spec rather than half of one.
 */
import { bomEncoding } from "../../lib/shared/bom.ts";
import { whenIdle } from "../shared/idle.ts";

/** Prefix of the stored pieces' keys; `${KEY}.n`, written last, counts them. */
export const KEY = "wirebench.spec.v2";
/** The single-item store of the previous version, forgotten on sight. */
const OLD_KEY = "wirebench.spec.v1";
/** sessionStorage holds about 5 M UTF-16 units per origin in Chromium. */
const MAX_CHARS = 4_500_000;
/**
 * Characters (or a file's bytes) per stored piece: `setItem` copies about
 * 64 K characters in 4 ms of Chromium's time (8 ms at 128 K, measured).
 */
export const PIECE = 64 * 1024;

/** A remembered spec. */
export interface Saved {
  text: string;
  /** File name, or "" for pasted text. */
  name: string;
}

/** A spec to remember: its text, or the file it was read from. */
export type ToSave =
  | Saved
  | {
    /** Decoded a piece at a time, as the engine decodes it whole. */
    file: Blob;
    name: string;
  };

/**
 * Idle time a piece needs: `setItem` of {@link PIECE} characters and their
 * decoding take about 4 ms here. Pieces are stored only then (idle.ts):
 * with an idle callback's timeout of a second, as before, they ran between
 * the frames of an operation opened soon after the list showed.
 */
const PIECE_MS = 5;
/** Idle time the pieces of one idle callback take, at most (about). */
const SLICE_MS = 12;

/**
 * Remembers `s`, in pieces in idle time (a file is read, then decoded a
 * piece at a time); silently skips specs too large for storage. Returns a
 * function that stops a save not yet done (a newer spec came).
 */
export function save(s: ToSave): () => void {
  let stopped = false;
  const stop = () => {
    stopped = true;
  };
  const size = "text" in s ? s.text.length : s.file.size;
  // A UTF-16 file takes two bytes a character, UTF-8 at least one.
  if (size > ("text" in s ? MAX_CHARS : 2 * MAX_CHARS)) {
    forget();
    return stop;
  }
  void (async () => {
    let piece: (i: number) => string;
    let pieces: number;
    if ("text" in s) {
      const text = s.text;
      pieces = Math.ceil(text.length / PIECE) || 1;
      piece = (i) => text.slice(i * PIECE, (i + 1) * PIECE);
    } else {
      let bytes: Uint8Array;
      try {
        bytes = new Uint8Array(await s.file.arrayBuffer());
      } catch {
        return; // unreadable: the engine says so
      }
      const decoder = new TextDecoder(bomEncoding(bytes));
      pieces = Math.ceil(bytes.length / PIECE) || 1;
      piece = (i) =>
        decoder.decode(bytes.subarray(i * PIECE, (i + 1) * PIECE), {
          stream: i < pieces - 1,
        });
    }
    let i = 0, chars = 0;
    // Pieces while the idle period has time for one, up to SLICE_MS: a
    // callback asked from one period runs in the next, and one piece per
    // period (up to 50 ms each) kept Stripe's 46 pieces going for seconds;
    // a whole 50 ms period of them is a long task of its own.
    const step = (left: () => number) => {
      const until = performance.now() + SLICE_MS;
      if (stopped) return;
      try {
        if (i === 0) {
          forget(); // the spec this one replaces
          sessionStorage.setItem(`${KEY}.name`, s.name);
        }
        do {
          const p = piece(i);
          chars += p.length;
          if (chars > MAX_CHARS) return forget();
          sessionStorage.setItem(`${KEY}.${i}`, p);
          if (++i === pieces) {
            sessionStorage.setItem(`${KEY}.n`, String(pieces));
            return;
          }
        } while (left() >= PIECE_MS && performance.now() < until);
        whenIdle(step, PIECE_MS);
      } catch {
        forget(); // quota or storage disabled: a reload starts empty
      }
    };
    whenIdle(step, PIECE_MS);
  })();
  return stop;
}

/** The remembered spec, if any (and whole). */
export function restore(): Saved | null {
  try {
    const n = Number(sessionStorage.getItem(`${KEY}.n`));
    if (!Number.isSafeInteger(n) || n < 1) return null;
    let text = "";
    for (let i = 0; i < n; i++) {
      const piece = sessionStorage.getItem(`${KEY}.${i}`);
      if (piece === null) return null;
      text += piece;
    }
    if (!text) return null;
    return { text, name: sessionStorage.getItem(`${KEY}.name`) ?? "" };
  } catch {
    return null;
  }
}

/** Forgets the remembered spec (the count first: no half spec is ever whole). */
export function forget(): void {
  try {
    sessionStorage.removeItem(`${KEY}.n`);
    const mine: string[] = [];
    for (let i = 0; i < sessionStorage.length; i++) {
      const k = sessionStorage.key(i);
      if (k !== null && (k.startsWith(`${KEY}.`) || k.startsWith(OLD_KEY))) {
        mine.push(k);
      }
    }
    for (const k of mine) sessionStorage.removeItem(k);
  } catch { /* nothing to forget */ }
}
