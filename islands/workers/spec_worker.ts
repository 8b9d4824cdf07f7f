/**
 * Web Worker of the spec viewer: parses and indexes large specs off the main
 * thread so the page never freezes, keeps the parsed document, and computes
 * operation details on request. Built to `/_build/spec_worker.js`.
 */
/// <reference lib="webworker" />
import { operationDetail } from "../../lib/spec/detail.ts";
import {
  checkSpec,
  type ParsedSpec,
  tryParseSpec,
} from "../../lib/spec/mod.ts";
import type { FromWorker, ToWorker } from "../spec/protocol.ts";

let current: { id: number; parsed: ParsedSpec } | null = null;

function post(m: FromWorker): void {
  (self as unknown as Worker).postMessage(m);
}

self.onmessage = (ev: MessageEvent<ToWorker>) => {
  const m = ev.data;
  if (m.type === "parse") {
    current = null;
    const t = performance.now();
    // The list first; the slower checks follow in a second message.
    const r = tryParseSpec(m.text, {
      checks: false,
      onStage: (stage) => post({ type: "stage", id: m.id, stage }),
    });
    const ms = performance.now() - t;
    if (!r.ok) return post({ type: "failed", id: m.id, error: r.error, ms });
    current = { id: m.id, parsed: r.parsed };
    post({ type: "parsed", id: m.id, index: r.parsed.index, ms });
    const warnings = checkSpec(r.parsed);
    post({ type: "checked", id: m.id, warnings, ms: performance.now() - t });
  } else if (m.type === "detail") {
    let d = null;
    try {
      if (current && current.id === m.parseId) {
        const { container, path, method } = m.op;
        d = operationDetail(current.parsed, container, path, method);
      }
    } catch { /* a bug must not kill the worker and its parsed document */ }
    post({ type: "detail", id: m.id, detail: d });
  }
};
