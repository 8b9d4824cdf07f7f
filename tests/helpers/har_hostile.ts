/**
 * Shared by the hostile-input tests of the HAR viewer: builders of hostile
 * documents (as text: a 100,000-level value cannot go through
 * JSON.stringify), the pipeline the worker runs, the invariants every
 * accepted file must satisfy, a hang detector that runs the real worker
 * in a Deno Worker, and a tally of inputs and times for the report.
 */
import assert from "node:assert/strict";
import { statusClass } from "../../lib/shared/status.ts";
import { otherOrders } from "../../lib/har/orders.ts";
import { entryDetail, type HarDetail } from "../../lib/har/detail.ts";
import { entryAt } from "../../lib/har/entries.ts";
import { HarParseError } from "../../lib/har/errors.ts";
import { findJsonError } from "../../lib/shared/parse_error.ts";
import { type IndexedHar, indexHarText } from "../../lib/har/parse.ts";
import type { FromWorker } from "../../islands/har/protocol.ts";
import type { RowCopyKind } from "../../lib/har/row_copy.ts";
import { DEFAULT_REDACT_WORDS } from "../../lib/har/redact.ts";
import { sanitizedJsonParts } from "../../lib/har/sanitize.ts";
import { countHarSecrets } from "../../lib/har/secrets.ts";
import {
  STATUS_CLASSES,
  TYPE_CATEGORIES,
  type TypeCategory,
} from "../../lib/har/types.ts";

/** The nesting depth of the issue: 100,000 levels. */
export const DEPTH = 100_000;

/** `[[[...]]]`, `depth` levels, with `inner` in the middle. */
export function nestArrays(depth = DEPTH, inner = ""): string {
  return "[".repeat(depth) + inner + "]".repeat(depth);
}

/** `{"k":{"k":...inner...}}`, `depth` levels. */
export function nestObjects(depth = DEPTH, key = "a", inner = "1"): string {
  return `{"${key}":`.repeat(depth) + inner + "}".repeat(depth);
}

/** A plain, valid entry; `over` replaces top-level members. */
export function entry(
  over: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    startedDateTime: "2024-05-01T08:00:00.000Z",
    time: 10,
    request: {
      method: "GET",
      url: "https://example.com/a?q=1",
      httpVersion: "HTTP/1.1",
      headers: [{ name: "Accept", value: "*/*" }],
      queryString: [{ name: "q", value: "1" }],
      cookies: [],
      headersSize: -1,
      bodySize: 0,
    },
    response: {
      status: 200,
      statusText: "OK",
      httpVersion: "HTTP/1.1",
      headers: [{ name: "Content-Type", value: "text/plain" }],
      cookies: [],
      content: { size: 5, mimeType: "text/plain", text: "hello" },
      redirectURL: "",
      headersSize: 100,
      bodySize: 5,
    },
    cache: {},
    timings: { send: 1, wait: 8, receive: 1 },
    ...over,
  };
}

/** A HAR document around `entries`. */
export function har(
  entries: unknown[],
  log: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    log: {
      version: "1.2",
      creator: { name: "hostile", version: "1" },
      entries,
      ...log,
    },
  };
}

/**
 * JSON text of `doc` with every `"@@name@@"` string replaced by the raw
 * JSON text `splice[name]` (so values too deep for JSON.stringify fit in).
 */
export function withRaw(doc: unknown, splice: Record<string, string>): string {
  let text = JSON.stringify(doc);
  for (const [name, raw] of Object.entries(splice)) {
    const mark = JSON.stringify(`@@${name}@@`);
    assert.ok(text.includes(mark), `no ${mark} in the document`);
    text = text.split(mark).join(raw);
  }
  return text;
}

/** Inputs tried and the slowest time seen, per class, for the report. */
export const TALLY = new Map<string, { inputs: number; maxMs: number }>();

/** Counts `n` inputs of `cls` taking `ms` at most. */
export function tally(cls: string, ms: number, n = 1): void {
  const t = TALLY.get(cls) ?? { inputs: 0, maxMs: 0 };
  t.inputs += n;
  t.maxMs = Math.max(t.maxMs, ms);
  TALLY.set(cls, t);
}

/** Prints the tally (run with `--allow-env` and HAR_HOSTILE_REPORT=1). */
export function printTally(title: string): void {
  if (!Deno.env.get("HAR_HOSTILE_REPORT")) return;
  console.log(`\n${title}`);
  for (const [cls, t] of TALLY) {
    console.log(
      `  ${cls}: ${t.inputs} inputs, slowest ${t.maxMs.toFixed(0)} ms`,
    );
  }
}

/**
 * Runs `fn` and fails when it took longer than `boundMs`. A hang
 * detector, not a speed test: bounds are tens of times the expected time
 * (the real hang detector, with a timeout, is {@link HarWorkerProbe}).
 */
export function bounded<T>(cls: string, boundMs: number, fn: () => T): T {
  const t0 = performance.now();
  try {
    return fn();
  } finally {
    const ms = performance.now() - t0;
    tally(cls, ms);
    assert.ok(ms < boundMs, `${cls}: ${ms.toFixed(0)} ms > ${boundMs} ms`);
  }
}

/**
 * Asserts `err` is a clear rejection: a HarParseError (a SyntaxError) with
 * a message and either a line and column or a JSON path. A RangeError
 * (stack overflow) or a TypeError from inside the parser fails here.
 */
export function assertClearError(err: unknown, what = ""): HarParseError {
  if (!(err instanceof HarParseError)) {
    throw new assert.AssertionError({
      message: `${what}: expected a HarParseError, got ${
        err instanceof Error ? `${err.name}: ${err.message}` : String(err)
      }`,
    });
  }
  assert.ok(err instanceof SyntaxError);
  assert.ok(err.message.length > 10 && err.message.length < 600, err.message);
  if (err.kind === "json" && err.message === "The input is empty.") {
    return err; // nothing to point at
  }
  if (err.kind === "json") {
    assert.ok(err.line! >= 1 && err.column! >= 1, `${what}: no line/column`);
    assert.match(err.message, /\(line \d+, column \d+\)/);
  } else assert.ok(err.path, `${what}: no JSON path`);
  return err;
}

/** What the worker does with one file, in the same order. */
export interface PipelineResult {
  parsed: IndexedHar;
  details: HarDetail[];
  sanitized: string;
  redacted: number;
}

/**
 * The worker's pipeline on `text`: index (first rows first), the other
 * orders, the secret count, the detail of up to `details` entries (cURL
 * included) and the sanitized copy. Throws what the parser throws.
 */
export function pipeline(text: string, details = 20): PipelineResult {
  const parsed = indexHarText(text, () => {}, false);
  Object.assign(
    parsed.columns.orders,
    otherOrders(parsed.columns, parsed.columns.orders.start!),
  );
  parsed.meta.secrets = countHarSecrets(parsed.raw);
  const c = parsed.columns;
  const shown: HarDetail[] = [];
  for (let i = 0; i < Math.min(c.n, details); i++) {
    shown.push(entryDetail(parsed.raw[i], entryAt(c, parsed.raw[i], i)));
  }
  const { parts, redacted } = sanitizedJsonParts(parsed.root, {
    words: DEFAULT_REDACT_WORDS,
  });
  return { parsed, details: shown, sanitized: parts.join(""), redacted };
}

/** Result, or the error thrown; anything but a HarParseError fails. */
export function outcome(
  text: string,
  what: string,
  details = 20,
): PipelineResult | HarParseError {
  try {
    const r = pipeline(text, details);
    checkInvariants(r.parsed);
    return r;
  } catch (err) {
    if (err instanceof assert.AssertionError) throw err;
    return assertClearError(err, what);
  }
}

/**
 * What every accepted file satisfies: one row per entry, rows
 * in start order, offsets, durations and sizes finite and >= 0, status
 * classes that match the statuses, and summary totals that add up.
 */
export function checkInvariants(p: IndexedHar): void {
  const { columns: c, meta, raw } = p;
  assert.equal(c.n, raw.length, "one row per entry");
  const s = meta.summary;
  assert.equal(s.requests, c.n);
  const order = c.orders.start!;
  assert.equal(order.length, c.n);
  const seen = new Uint8Array(c.n);
  let transfer = 0, content = 0, span = 0, minStart = Infinity;
  const classes = new Array(STATUS_CLASSES.length).fill(0);
  const types = new Array(TYPE_CATEGORIES.length).fill(0);
  for (let k = 0; k < c.n; k++) {
    const i = order[k];
    assert.equal(seen[i], 0, "start order is a permutation");
    seen[i] = 1;
    if (k > 0) {
      const j = order[k - 1];
      assert.ok(
        c.start[j] < c.start[i] || (c.start[j] === c.start[i] && j < i),
        "rows in start order, ties by index",
      );
    }
  }
  for (let i = 0; i < c.n; i++) {
    for (
      const [name, v] of [["start", c.start[i]], ["duration", c.duration[i]], [
        "size",
        c.size[i],
      ]] as const
    ) {
      assert.ok(Number.isFinite(v) && v >= 0, `${name}[${i}] = ${v}`);
    }
    const cs = c.content[i];
    assert.ok(cs === -1 || (Number.isFinite(cs) && cs >= 0), `content ${cs}`);
    assert.equal(
      STATUS_CLASSES[c.statusClass[i]],
      statusClass(c.status[i]),
      `class of status ${c.status[i]}`,
    );
    assert.ok(c.type[i] < TYPE_CATEGORIES.length);
    assert.ok(c.methodIdx[i] < c.methods.length);
    assert.ok(c.hostIdx[i] < c.hosts.length && c.mimeIdx[i] < c.mimes.length);
    assert.ok(c.page[i] >= -1 && c.page[i] < meta.pages.length);
    transfer += c.size[i];
    if (cs >= 0) content += cs;
    span = Math.max(span, c.start[i] + c.duration[i]);
    minStart = Math.min(minStart, c.start[i]);
    classes[c.statusClass[i]]++;
    types[c.type[i]]++;
  }
  if (c.n) assert.equal(minStart, 0, "the earliest start is offset 0");
  assert.equal(s.transferBytes, transfer);
  assert.equal(s.contentBytes, content);
  assert.equal(s.spanMs, span);
  assert.ok(Number.isFinite(s.transferBytes) && Number.isFinite(s.spanMs));
  STATUS_CLASSES.forEach((k, n) => assert.equal(s.status[k], classes[n], k));
  TYPE_CATEGORIES.forEach((t: TypeCategory, n) =>
    assert.equal(s.byType[t].count, types[n], t)
  );
  for (const key of ["duration", "size"] as const) {
    const o = c.orders[key]!;
    for (let k = 1; k < o.length; k++) {
      assert.ok(c[key][o[k - 1]] <= c[key][o[k]], `${key} order`);
    }
  }
  const pageCount = meta.pages.reduce((n, pg) => n + pg.count, 0);
  assert.equal(pageCount, Array.from(c.page).filter((x) => x >= 0).length);
}

/** The offset findJsonError gives must be inside the text. */
export function assertLocated(text: string): void {
  const issue = findJsonError(text);
  assert.ok(issue, "a syntax error is found");
  assert.ok(issue.offset >= 0 && issue.offset <= text.length);
}

/** Nothing reached Object.prototype. */
export function assertNoPollution(): void {
  const probe = {} as Record<string, unknown>;
  assert.equal(probe.polluted, undefined, "Object.prototype.polluted");
  assert.equal(
    Object.getPrototypeOf(probe),
    Object.prototype,
    "prototype unchanged",
  );
  for (const k of ["polluted", "x", "isAdmin"]) {
    assert.ok(!(k in Object.prototype), `Object.prototype.${k}`);
  }
}

/**
 * The real HAR worker (islands/workers/har_worker.ts) in a Deno Worker:
 * every answer must come within the bound, else the test fails (and the
 * worker is terminated), which is what a page would see as a hang.
 */
export class HarWorkerProbe {
  #w = new Worker(
    new URL("../../islands/workers/har_worker.ts", import.meta.url).href,
    { type: "module" },
  );
  #waiters: ((m: FromWorker) => void)[] = [];
  #id = 0;

  constructor() {
    this.#w.onmessage = (ev: MessageEvent<FromWorker>) => {
      for (const w of [...this.#waiters]) w(ev.data);
    };
  }

  /** The first message for request `id` that `pick` accepts, within bound. */
  #wait<T extends FromWorker>(
    id: number,
    pick: (m: FromWorker) => m is T,
    boundMs: number,
    what: string,
  ): Promise<{ answer: T; ms: number }> {
    const t0 = performance.now();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        done();
        reject(new Error(`no ${what} from the worker in ${boundMs} ms`));
      }, boundMs);
      const waiter = (m: FromWorker) => {
        if (m.id !== id || !pick(m)) return;
        done();
        resolve({ answer: m, ms: performance.now() - t0 });
      };
      const done = () => {
        clearTimeout(timer);
        this.#waiters = this.#waiters.filter((w) => w !== waiter);
      };
      this.#waiters.push(waiter);
    });
  }

  /**
   * Loads a file (bytes or text, as a Blob from the picker would be) and
   * waits for rows or an error; `after` settles once the follow-up work
   * (other orders, secret count, header names) is done too.
   */
  async load(input: Uint8Array | string, boundMs: number) {
    const id = ++this.#id;
    const first = this.#wait(
      id,
      (m): m is Extract<FromWorker, { type: "loaded" | "error" }> =>
        m.type === "loaded" || m.type === "error",
      boundMs,
      "rows or error",
    );
    const after = this.#wait(
      id,
      (m): m is Extract<FromWorker, { type: "headers" | "error" }> =>
        m.type === "headers" || m.type === "error",
      boundMs * 2,
      "secret count and header names",
    );
    after.catch(() => {}); // awaited (or not) by the caller
    const file = new Blob([input as BlobPart]);
    this.#w.postMessage({ type: "load", id, file, name: "hostile.har" });
    return { ...(await first), after };
  }

  /** The detail of entry `index` (or the reason it failed). */
  detail(index: number, boundMs: number) {
    const id = ++this.#id;
    const answer = this.#wait(
      id,
      (m): m is Extract<FromWorker, { type: "detail" | "detail-error" }> =>
        m.type === "detail" || m.type === "detail-error",
      boundMs,
      "detail",
    );
    this.#w.postMessage({ type: "detail", id, index });
    return answer;
  }

  /** The sanitized copy of the loaded file. */
  sanitize(boundMs: number) {
    const id = ++this.#id;
    const answer = this.#wait(
      id,
      (m): m is Extract<FromWorker, { type: "sanitized" }> =>
        m.type === "sanitized",
      boundMs,
      "sanitized copy",
    );
    this.#w.postMessage({
      type: "sanitize",
      id,
      words: [...DEFAULT_REDACT_WORDS],
      dropBodies: false,
    });
    return answer;
  }

  /** What entry `index`'s row menu offers to copy. */
  rowCopies(index: number, boundMs: number) {
    const id = ++this.#id;
    const answer = this.#wait(
      id,
      (m): m is Extract<FromWorker, { type: "row-copies" }> =>
        m.type === "row-copies",
      boundMs,
      "row menu offers",
    );
    this.#w.postMessage({ type: "row-copies", id, index });
    return answer;
  }

  /** The text of copy `kind` of entry `index`, picked in its row menu. */
  rowCopy(index: number, kind: RowCopyKind, boundMs: number) {
    const id = ++this.#id;
    const answer = this.#wait(
      id,
      (m): m is Extract<FromWorker, { type: "row-copy" }> =>
        m.type === "row-copy",
      boundMs,
      "row menu copy",
    );
    this.#w.postMessage({ type: "row-copy", id, index, kind });
    return answer;
  }

  /** Ends the worker. */
  close(): void {
    this.#w.terminate();
  }
}
