/**
 * Registers one `Deno.test` per group of hostile cases, one step per case,
 * each run in a Web Worker under a watchdog: a case that gives no answer in
 * time fails as a hang (and the worker is replaced) instead of freezing the
 * test run. Prints what was tried, for the README's reliability section.
 */
import assert from "node:assert/strict";
import { GROUPS } from "../hostile/spec_cases.ts";
import type { CaseReport } from "./spec_hostile_worker.ts";

const WORKER = new URL("./spec_hostile_worker.ts", import.meta.url).href;

/** Options of {@link hostileSuite}. */
export interface SuiteOptions {
  /** Wall time a whole case may take before it counts as hung. */
  watchdogMs?: number;
  /** Skip with this message (e.g. the corpus is absent). */
  skip?: string;
}

function ask(
  holder: { w: Worker | null },
  group: string,
  name: string,
  watchdogMs: number,
): Promise<CaseReport> {
  const w = holder.w ??= new Worker(WORKER, { type: "module" });
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      w.terminate();
      holder.w = null;
      resolve({
        ok: false,
        message: `no answer within ${watchdogMs} ms: the parser hangs`,
      });
    }, watchdogMs);
    w.onmessage = (ev: MessageEvent<CaseReport>) => {
      clearTimeout(timer);
      resolve(ev.data);
    };
    w.onerror = (ev) => {
      ev.preventDefault();
      clearTimeout(timer);
      w.terminate();
      holder.w = null;
      resolve({ ok: false, message: `worker crashed: ${ev.message}` });
    };
    w.postMessage({ group, name });
  });
}

/** Registers the cases of `group` as one test with a step per case. */
export function hostileSuite(group: string, opts: SuiteOptions = {}): void {
  const cases = GROUPS[group];
  const watchdogMs = opts.watchdogMs ?? 60_000;
  Deno.test({
    name: `spec hostile ${group}${opts.skip ? ` (skipped: ${opts.skip})` : ""}`,
    ignore: opts.skip !== undefined,
    async fn(t) {
      const holder: { w: Worker | null } = { w: null };
      let inputs = 0;
      let slowest = 0;
      try {
        for (const c of cases) {
          await t.step(c.name, async () => {
            const r = await ask(holder, group, c.name, watchdogMs);
            if (!r.ok) assert.fail(r.message);
            inputs += r.inputs;
            slowest = Math.max(slowest, r.slowest);
          });
        }
      } finally {
        holder.w?.terminate();
      }
      console.log(
        `spec hostile ${group}: ${inputs} inputs answered, slowest ${
          slowest.toFixed(0)
        } ms`,
      );
    },
  });
}
