/**
 * What the 50 MB HAR tests share (tests/hostile/har_big*_test.ts): the
 * size, the bounds, and `run`, which takes a document through the
 * worker's steps in this process and checks that what would cross to the
 * page (the detail) stays small.
 */
import assert from "node:assert/strict";
import { HarParseError } from "../../lib/har/errors.ts";
import { bounded, entry, outcome, type PipelineResult } from "./har_hostile.ts";

/** Loosely typed JSON. */
// deno-lint-ignore no-explicit-any
export type Json = any;

/** The size of every big string. */
export const MB50 = 50 * 1024 * 1024;
/** ms: a hang detector; each case takes ~1-3 s here. */
export const BOUND = 60_000;
/** Most a detail may weigh as JSON (what the page receives). */
export const DETAIL_MAX = 3_000_000;
/** A token the sanitizer must redact. */
export const SECRET = "s3cr3t-token-value";

/** A plain entry's request, to spread and override. */
export const req = (): Json => entry().request as Json;
/** A plain entry's response, to spread and override. */
export const res = (): Json => entry().response as Json;
/** An entry whose response has `content` (a big body, as a case builds it). */
export const withBody = (content: Json): Json =>
  entry({ response: { ...res(), content } });

/**
 * Takes `doc` (holding a 50 MB string) through parse, detail and
 * sanitize within {@link BOUND}; fails on a rejection or a heavy detail.
 */
export function run(cls: string, doc: unknown): PipelineResult {
  const text = JSON.stringify(doc);
  assert.ok(text.length > MB50, "the document holds the 50 MB string");
  const r = bounded(cls, BOUND, () => outcome(text, cls, 5));
  if (r instanceof HarParseError) assert.fail(r.message);
  for (const d of r.details) {
    const size = JSON.stringify(d).length;
    assert.ok(size < DETAIL_MAX, `${cls}: the detail weighs ${size}`);
  }
  return r;
}
