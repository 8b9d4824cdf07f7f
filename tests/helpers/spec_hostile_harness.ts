/**
 * What "answered" means for a hostile spec: the path the page takes (parse
 * the list, then the checks, then open details, then post everything to the
 * page) either gives a list that keeps the contract's promises, or a
 * `SpecError` (a `SyntaxError` subclass) saying what and where. Never a
 * `RangeError` from the stack, never a `TypeError` from deep inside, never
 * a polluted `Object.prototype`.
 */
import assert from "node:assert/strict";
import { operationDetail } from "../../lib/openapi/detail.ts";
import {
  applyFilter,
  compileFilter,
  copyText,
} from "../../lib/openapi/filter.ts";
import {
  checkSpec,
  type ParsedSpec,
  parseSpec,
  SpecError,
  type SpecErrorInfo,
} from "../../lib/openapi/mod.ts";
import { compareEndpoints } from "../../lib/openapi/operations.ts";
import { KNOWN_METHODS } from "../../lib/shared/methods.ts";
import type { OperationDetail, SpecIndex } from "../../lib/openapi/types.ts";

/** The outcome of one hostile input. */
export type Answer =
  | {
    ok: true;
    ms: number;
    parsed: ParsedSpec;
    index: SpecIndex;
    /** Details of the first endpoints and webhooks, as opened by a user. */
    details: OperationDetail[];
  }
  | { ok: false; ms: number; error: SpecErrorInfo };

/** Options of {@link answer}. */
export interface AnswerOptions {
  /** How many endpoints (and webhooks) to open; default 40. */
  details?: number;
}

/** Own names of the built-in prototypes, to see whether a parse added any. */
export function prototypeSnapshot(): string {
  return [Object.prototype, Array.prototype, Function.prototype].map((p) =>
    Reflect.ownKeys(p).map(String).sort().join(",")
  ).join("|");
}

const CLEAN = prototypeSnapshot();

/** Throws when any built-in prototype gained or lost a property. */
export function assertUnpolluted(): void {
  const probe = {} as Record<string, unknown>;
  for (const k of ["polluted", "get", "x", "yes"]) {
    assert.equal(probe[k], undefined, `Object.prototype.${k} was set`);
    assert.equal(([] as unknown as Record<string, unknown>)[k], undefined);
  }
  assert.equal(prototypeSnapshot(), CLEAN, "a built-in prototype changed");
  assert.equal(typeof Object.prototype.hasOwnProperty, "function");
  assert.equal(typeof Object.prototype.toString, "function");
}

/** Throws unless `err` is the located, clear rejection the page can show. */
export function assertSpecError(err: unknown): SpecErrorInfo {
  if (!(err instanceof SpecError)) {
    const e = err as Error;
    assert.fail(
      `expected a SpecError, got ${e?.name}: ${
        String(e?.message).slice(0, 300)
      }\n${String(e?.stack).slice(0, 1200)}`,
    );
  }
  assert.ok(err instanceof SyntaxError, "a SyntaxError subclass");
  const info = err.info;
  assert.ok(info.message.length > 0 && info.message.length < 2000);
  if (info.kind === "syntax") {
    assert.ok(Number.isInteger(info.line) && info.line! >= 1, "a line");
    assert.ok(Number.isInteger(info.column) && info.column! >= 1, "a column");
  } else {
    assert.ok(info.path?.startsWith("$"), `a JSON path: ${info.path}`);
  }
  assert.doesNotMatch(info.message, /Maximum call stack|undefined|\[object/);
  structuredClone(info);
  return info;
}

/**
 * Throws unless the list keeps its promises (count, order, one row per
 * operation);
 * `minor` is the OpenAPI minor version the document was read with.
 */
export function assertList(index: SpecIndex, minor: number): void {
  const list = index.endpoints;
  const extra = new Set(index.extraMethods);
  const sum = index.methodCounts.reduce((n, [, c]) => n + c, 0);
  assert.equal(sum, list.length, "method counts add up to the count");
  const seen = new Set<string>();
  for (let i = 0; i < list.length; i++) {
    const e = list[i];
    assert.equal(typeof e.path, "string");
    assert.equal(e.method, e.method.toLowerCase());
    assert.ok(
      KNOWN_METHODS.includes(e.method) || extra.has(e.method),
      `known method: ${e.method}`,
    );
    // Only OpenAPI 3.2 (and later, read as 3.2) has additionalOperations.
    if (extra.has(e.method)) assert.equal(minor, 2);
    const key = `${e.method} ${e.path}`;
    assert.ok(!seen.has(key), `listed once: ${key.slice(0, 80)}`);
    seen.add(key);
    if (i) {
      assert.ok(
        compareEndpoints(list[i - 1], e) < 0,
        `sorted: ${list[i - 1].path.slice(0, 40)} before ${
          e.path.slice(0, 40)
        }`,
      );
      // The contract's order, independently: code points, then method rank.
      const a = list[i - 1], b = e;
      if (a.path === b.path) {
        const ra = KNOWN_METHODS.indexOf(a.method);
        const rb = KNOWN_METHODS.indexOf(b.method);
        if (ra >= 0 && rb >= 0) assert.ok(ra < rb);
        if (ra < 0) assert.ok(rb < 0 && a.method < b.method);
      } else assert.ok(a.path < b.path);
    }
    assert.ok(e.tags.every((t) => typeof t === "string"));
    assert.equal(typeof e.summary, "string");
    assert.equal(typeof e.operationId, "string");
  }
  for (const s of [index.title, index.version, index.format]) {
    assert.equal(typeof s, "string");
    assert.ok(s.length <= 1000, "header fields stay short");
  }
  for (const w of index.warnings) {
    assert.ok(w.message.length < 2000, "warnings stay readable");
  }
  assert.ok(index.warnings.length <= 301, "warnings are capped");
}

/**
 * Runs `text` through the page's path: `parseSpec` without checks (what the
 * worker posts first), `checkSpec`, details of the first endpoints and
 * webhooks, the filter and copy, and a structured clone of everything posted.
 */
export function answer(text: string, opts: AnswerOptions = {}): Answer {
  const t0 = performance.now();
  let parsed: ParsedSpec;
  try {
    parsed = parseSpec(text, { checks: false });
  } catch (err) {
    const error = assertSpecError(err);
    assertUnpolluted();
    return { ok: false, ms: performance.now() - t0, error };
  }
  const index = parsed.index;
  structuredClone(index);
  checkSpec(parsed);
  structuredClone(index.warnings);
  const n = opts.details ?? 40;
  const details: OperationDetail[] = [];
  for (
    const [container, list] of [
      ["paths", index.endpoints.slice(0, n)],
      ["webhooks", index.webhooks.slice(0, n)],
    ] as const
  ) {
    for (const e of list) {
      const d = operationDetail(parsed, container, e.path, e.method);
      assert.ok(d, `detail of ${e.method} ${e.path.slice(0, 60)}`);
      structuredClone(d);
      details.push(d);
    }
  }
  const first = index.endpoints[0];
  if (first) {
    // The method, and a piece of the path when it is one plain text term.
    const piece = first.path.slice(0, 20);
    const plain = !/\s/.test(piece) &&
      !compileFilter(piece, index.extraMethods).methods.length;
    const terms = `${first.method} ${plain ? piece : ""}`;
    const hits = applyFilter(
      index.endpoints,
      compileFilter(terms, index.extraMethods),
    );
    assert.ok(hits.includes(first), "the filter finds an endpoint by itself");
    copyText(hits.slice(0, 100));
  }
  assertList(index, parsed.detected.minor);
  assertUnpolluted();
  return { ok: true, ms: performance.now() - t0, parsed, index, details };
}

/** `answer`, asserting that the input was accepted. */
export function accepted(text: string, opts?: AnswerOptions) {
  const a = answer(text, opts);
  if (!a.ok) assert.fail(`rejected: ${a.error.message.slice(0, 300)}`);
  return a;
}

/** `answer`, asserting that the input was rejected. */
export function rejected(text: string): SpecErrorInfo {
  const a = answer(text);
  if (a.ok) assert.fail(`accepted with ${a.index.endpoints.length} endpoints`);
  return a.error;
}
