/**
 * Runs one hostile case off the test's thread, so a parser that hangs is
 * stopped by the test's watchdog (Worker.terminate) instead of hanging the
 * whole test run. Posts the tally, or the failure with its stack.
 */
/// <reference lib="deno.worker" />
import { GROUPS } from "../hostile/spec_cases.ts";
import { Tally } from "./spec_hostile_tally.ts";

/** What the worker answers. */
export type CaseReport =
  | { ok: true; inputs: number; slowest: number; ms: number }
  | { ok: false; message: string };

self.onmessage = (ev: MessageEvent<{ group: string; name: string }>) => {
  const { group, name } = ev.data;
  const c = GROUPS[group]?.find((x) => x.name === name);
  const t0 = performance.now();
  let report: CaseReport;
  try {
    if (!c) throw new Error(`no case ${group}/${name}`);
    const tally = new Tally(c.bound);
    c.run(tally);
    report = {
      ok: true,
      inputs: tally.inputs,
      slowest: tally.slowest,
      ms: performance.now() - t0,
    };
  } catch (err) {
    const e = err as Error;
    report = { ok: false, message: String(e?.stack ?? e).slice(0, 4000) };
  }
  self.postMessage(report);
};
