/**
 * Shared by the hostile-input case modules: a tally of inputs tried and the
 * slowest answer, with a time bound per input (a hang detector on a shared
 * two-core machine, not a speed target: speed lives in bench/), and small
 * builders of specs.
 */
import assert from "node:assert/strict";
import {
  accepted,
  answer,
  type AnswerOptions,
  rejected,
} from "./spec_hostile_harness.ts";

/** Default bound for one input, parse to last detail: a hang detector for a
 * busy two-core machine (inputs answer in 1 to 3,000 ms alone). */
export const BOUND_MS = 10_000;

/** Counts inputs and checks each answer's time. */
export class Tally {
  inputs = 0;
  slowest = 0;
  constructor(readonly bound = BOUND_MS) {}

  #time(ms: number, what: string): void {
    this.inputs++;
    this.slowest = Math.max(this.slowest, ms);
    assert.ok(
      ms < this.bound,
      `${what}: answered in ${ms.toFixed(0)} ms, bound ${this.bound} ms`,
    );
  }

  /** Any answer (list or located error), within the bound. */
  answer(text: string, opts?: AnswerOptions) {
    const a = answer(text, opts);
    this.#time(a.ms, "answer");
    return a;
  }

  /** A list, within the bound. */
  accepted(text: string, opts?: AnswerOptions) {
    const t0 = performance.now();
    const a = accepted(text, opts);
    this.#time(performance.now() - t0, "accepted");
    return a;
  }

  /** A located error, within the bound. */
  rejected(text: string) {
    const t0 = performance.now();
    const e = rejected(text);
    this.#time(performance.now() - t0, "rejected");
    return e;
  }
}

/** One hostile case: builds its inputs and asserts on the answers. */
export interface HostileCase {
  name: string;
  /** Bound per input (default {@link BOUND_MS}). */
  bound?: number;
  run(t: Tally): void;
}

/** A minimal OpenAPI 3.1 JSON document around `paths` (raw JSON text). */
export function json31(pathsJson: string, extra = ""): string {
  return `{"openapi":"3.1.0","info":{"title":"t","version":"1"},${extra}"paths":${pathsJson}}`;
}

/** A minimal OpenAPI 3.1 YAML head; append `paths:` and the rest. */
export const YAML31 = "openapi: 3.1.0\ninfo: {title: t, version: '1'}\n";

/** `"<open>" × n + middle + "<close>" × n`. */
export function nest(open: string, middle: string, close: string, n: number) {
  return open.repeat(n) + middle + close.repeat(n);
}

/** `METHOD path` of each listed endpoint. */
export function rows(a: ReturnType<Tally["accepted"]>): string[] {
  return a.index.endpoints.map((e) => `${e.method} ${e.path}`);
}
