/**
 * Reading hostile documents without blowing up. A YAML alias is shared, not
 * copied (js-yaml keeps one object per anchor), so a few hundred bytes of
 * "billion laughs" make a graph that is tiny in memory but astronomically
 * large when walked as a tree; JSON nests 100,000 levels deep in 200 kB. So
 * the viewer never stringifies an object or array it did not check (that
 * recursion is exponential on shared nodes and overflows the stack on deep
 * ones), and everything it derives per endpoint is charged to a budget
 * proportional to the input.
 */
import { SpecError } from "./errors.ts";
import { jsonPath } from "../shared/parse_error.ts";

/**
 * The first `max` own keys of `o`. The engine lists every key to start
 * (for-in as Object.keys does), so a caller that may meet one object many
 * times through a YAML alias keeps the answer (see formPairs).
 */
export function firstKeys(o: Record<string, unknown>, max: number): string[] {
  const out: string[] = [];
  for (const k in o) {
    if (out.length >= max) break;
    if (Object.hasOwn(o, k)) out.push(k);
  }
  return out;
}

/**
 * A scalar as text: strings as they are, numbers and booleans in their JS
 * spelling; null for anything else (never `String(array)`, which recurses
 * into every nested array).
 */
export function scalarText(v: unknown): string | null {
  switch (typeof v) {
    case "string":
      return v;
    case "number":
    case "boolean":
    case "bigint":
      return String(v);
    default:
      return null;
  }
}

/** The scalar entries of `v` as text, at most `max` of them. */
export function scalarList(v: unknown, max: number): string[] {
  if (!Array.isArray(v)) return [];
  const out: string[] = [];
  for (let i = 0; i < v.length && out.length < max; i++) {
    const s = scalarText(v[i]);
    if (s !== null) out.push(s);
  }
  return out;
}

/** Characters of derived text allowed beyond the size of the input. */
const BASE_BUDGET = 16_000_000;
/** A real spec derives far less than this per character of input. */
const PER_INPUT_CHAR = 4;

/**
 * Counts what indexing derives (endpoints, their search text, callbacks).
 * Real documents stay far below the limit, since each derived character
 * comes from a written one; documents that multiply through YAML aliases
 * (the same 1,000 tags shared by 100,000 operations) run out, and are
 * rejected with the JSON path where it happened instead of freezing the tab.
 */
export class Budget {
  #left: number;
  /** `inputChars` is the length of the input text. */
  constructor(inputChars: number) {
    this.#left = BASE_BUDGET + PER_INPUT_CHAR * inputChars;
  }

  /** Charges `n` characters for the value at `keys`; throws when spent. */
  spend(n: number, keys: readonly (string | number)[]): void {
    this.#left -= n;
    if (this.#left >= 0) return;
    throw new SpecError({
      kind: "structure",
      message:
        "The document expands far beyond its own size (the same content reused over and over, e.g. YAML aliases as in a 'billion laughs' document): listing it would exhaust the browser's memory",
      path: jsonPath(keys),
    });
  }
}
