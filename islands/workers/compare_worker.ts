/**
 * Web Worker of the compare page (/spec/compare): reads and parses each
 * side as soon as it is given, compares once both are there, and keeps
 * both documents and the comparison to answer the page's filter, detail
 * and export requests. The page never holds a document or an operation
 * list, so the Stripe pair (two 3 MB documents, 700 changes of which many
 * list 355 operations) never blocks it. Built to `/_build/compare_worker.js`.
 */
/// <reference lib="webworker" />
import {
  CompareInputError,
  compareModels,
  readSide,
} from "../../lib/openapi/compare/mod.ts";
import {
  formatJson,
  formatMarkdown,
} from "../../lib/openapi/compare/format.ts";
import { operationTerms } from "../../lib/openapi/compare/filter.ts";
import type { SpecModel } from "../../lib/openapi/compare/model.ts";
import {
  type Change,
  CompareLimitError,
  type CompareResult,
  type Side,
} from "../../lib/openapi/compare/types.ts";
import { decodeText } from "../../lib/openapi/utf8.ts";
import type {
  ChangeDetailData,
  FromWorker,
  SideValue,
  ToWorker,
  ViewQuery,
} from "../compare/protocol.ts";
import { boundedJson, resolvePointer } from "../compare/pretty.ts";
import {
  REQUIRED_CHANGE,
  requiredListPointer,
} from "../../lib/openapi/compare/required_list.ts";
import { rowsOf } from "../compare/view.ts";
import {
  exportResult,
  focusLabels,
  type Hays,
  narrowedLine,
  newHays,
  viewIndices,
} from "../../lib/openapi/compare/narrow.ts";
// Text up to the boxes' limit goes back to the page for its paste box;
// longer text stays here.
import { BOX_LIMIT } from "../shared/large_paste.ts";

const models: Record<Side, SpecModel | null> = { base: null, revision: null };
/** The newest call about each side: an older one still queued is skipped. */
const latest: Record<Side, number> = { base: 0, revision: 0 };
let view: ViewQuery = { filter: "", levels: ["breaking", "warning", "info"] };
let current: {
  gen: number;
  result: CompareResult;
  hays: Hays;
  shown: Uint32Array;
} | null = null;
let gen = 0;

function post(m: FromWorker, transfer: Transferable[] = []): void {
  (self as unknown as Worker).postMessage(m, transfer);
}

/** Compares the two sides when both are parsed, else says so. */
function compareIfReady(id: number): void {
  const b = models.base, r = models.revision;
  current = null;
  if (!b || !r) {
    post({ type: "idle", id });
    return;
  }
  post({ type: "comparing", id });
  const t = performance.now();
  let result: CompareResult;
  try {
    // Documentation changes are kept and hidden by the page's toggle, so
    // the toggle answers at once; the counts count them either way.
    result = compareModels(b, r, { all: true });
  } catch (err) {
    post({
      type: "failed",
      id,
      message: (err as Error).message,
      ...(err instanceof CompareLimitError && err.side
        ? { side: err.side }
        : {}),
    });
    return;
  }
  // The filter also reads each operation's summary, tags and operationId
  // (the spec viewer's filter terms), which changes do not carry: the CLI's outputs
  // and the exports stay as they are. Both documents are here, so the
  // terms stay here too and the page is sent only the indices shown.
  const hays = newHays(operationTerms(b, r));
  const shown = viewIndices(result.changes, view, hays);
  current = { gen: ++gen, result, hays, shown };
  post({
    type: "result",
    id,
    gen,
    base: result.base,
    revision: result.revision,
    counts: result.counts,
    rowsJson: JSON.stringify(rowsOf(result.changes)),
    shown: shown.slice(),
    focus: focusLabels(result.changes, shown, view, hays),
    ms: performance.now() - t,
  });
}

async function side(m: Extract<ToWorker, { type: "side" }>): Promise<void> {
  if (m.id !== latest[m.side]) return; // a newer input for this side is queued
  view = m.view;
  const t = performance.now();
  let text: string;
  if (m.file) {
    try {
      text = decodeText(new Uint8Array(await m.file.arrayBuffer()));
    } catch (err) {
      models[m.side] = null;
      current = null;
      post({
        type: "rejected",
        id: m.id,
        side: m.side,
        error: {
          kind: "syntax",
          message: `The file could not be read: ${(err as Error).message}`,
        },
      });
      post({ type: "idle", id: m.id });
      return;
    }
    if (m.id !== latest[m.side]) return;
  } else text = m.text ?? "";
  const boxText = m.file && text.length <= BOX_LIMIT ? text : undefined;
  try {
    const model = readSide(text, m.side);
    models[m.side] = model;
    post({
      type: "parsed",
      id: m.id,
      side: m.side,
      info: model.info,
      operations: model.ops.size,
      warnings: model.parsed.index.warnings,
      bytes: m.file ? m.file.size : text.length,
      ms: performance.now() - t,
      text: boxText,
    });
  } catch (err) {
    models[m.side] = null;
    current = null;
    if (!(err instanceof CompareInputError)) throw err;
    post({
      type: "rejected",
      id: m.id,
      side: m.side,
      error: err.info,
      text: boxText,
    });
    post({ type: "idle", id: m.id });
    return;
  }
  compareIfReady(m.id);
}

/** The value at one side's pointer, bounded, with a `$ref`'s target. */
/**
 * The `required` lists beside a property that became required or optional
 * (required_list.ts), for its detail; {} for any other change.
 */
function requiredLists(c: Change): Pick<ChangeDetailData, "required"> {
  if (!REQUIRED_CHANGE.test(c.id)) return {};
  const list = (model: SpecModel | null, pointer: string | null) => {
    if (!model || pointer === null) return null;
    const doc = model.parsed.doc;
    return requiredListPointer(pointer, (p) => {
      const at = resolvePointer(doc, p);
      return at.found ? at.value : undefined;
    });
  };
  const base = list(models.base, c.pointer.base);
  const revision = list(models.revision, c.pointer.revision);
  if (base === null && revision === null) return {};
  return {
    required: {
      base: sideValue(models.base, base),
      revision: sideValue(models.revision, revision),
    },
  };
}

function sideValue(model: SpecModel | null, pointer: string | null): SideValue {
  if (pointer === null || !model) {
    return { pointer, found: false, json: "", truncated: false };
  }
  const doc = model.parsed.doc;
  const at = resolvePointer(doc, pointer);
  if (!at.found) return { pointer, found: false, json: "", truncated: false };
  const shown = boundedJson(at.value);
  const out: SideValue = {
    pointer,
    found: true,
    json: shown.text,
    truncated: shown.truncated,
  };
  const v = at.value as Record<string, unknown> | null;
  const ref = v && typeof v === "object" && typeof v.$ref === "string"
    ? v.$ref
    : "";
  if (ref.startsWith("#/") || ref === "#") {
    let frag = ref.slice(1);
    try {
      frag = decodeURIComponent(frag); // RFC 6901 §6: a fragment is URI-encoded
    } catch { /* kept as written */ }
    const target = resolvePointer(doc, frag);
    if (target.found) {
      const t = boundedJson(target.value);
      out.target = { ref, json: t.text, truncated: t.truncated };
    }
  }
  return out;
}

/** Every call is answered, so the page's watchdog never mistakes a stale one for a hang. */
function stale(id: number): void {
  post({ type: "stale", id });
}

async function handle(m: ToWorker): Promise<void> {
  switch (m.type) {
    case "side":
      return await side(m);
    case "clear":
      if (m.id !== latest[m.side]) return;
      models[m.side] = null;
      current = null;
      return;
    case "swap": {
      view = m.view;
      [models.base, models.revision] = [models.revision, models.base];
      compareIfReady(m.id);
      return;
    }
    case "view": {
      view = m.view;
      if (!current || current.gen !== m.gen) return stale(m.id);
      current.shown = viewIndices(current.result.changes, view, current.hays);
      const shown = current.shown.slice();
      const focus = focusLabels(
        current.result.changes,
        shown,
        view,
        current.hays,
      );
      post({ type: "view", id: m.id, gen: m.gen, shown, focus }, [
        shown.buffer,
      ]);
      return;
    }
    case "detail": {
      const c = current?.gen === m.gen && current.result.changes[m.index];
      if (!c) return stale(m.id);
      post({
        type: "detail",
        id: m.id,
        gen: m.gen,
        detail: {
          index: m.index,
          where: c.where,
          operations: c.operations,
          base: sideValue(models.base, c.pointer.base),
          revision: sideValue(models.revision, c.pointer.revision),
          ...requiredLists(c),
        },
      });
      return;
    }
    case "export": {
      if (!current || current.gen !== m.gen) return stale(m.id);
      const shown = viewIndices(current.result.changes, m.view, current.hays);
      // The JSON is always the CLI's (§9 "Download JSON"), whatever the
      // filter; only the Markdown copy narrows to the changes shown.
      const r = m.format === "markdown"
        ? exportResult(
          current.result,
          m.view,
          shown,
          undefined,
          focusLabels(current.result.changes, shown, m.view, current.hays),
        )
        : exportResult(current.result, m.view, shown, "all");
      if (m.format === "markdown") {
        post({
          type: "exported",
          id: m.id,
          gen: m.gen,
          text: formatMarkdown(
            r,
            narrowedLine(m.view, current.result.counts),
          ),
          count: r.changes.length,
        });
      } else {
        const blob = new Blob([formatJson(r)], { type: "application/json" });
        post({
          type: "exported",
          id: m.id,
          gen: m.gen,
          blob,
          count: r.changes.length,
        });
      }
      return;
    }
  }
}

/**
 * One message at a time, in order: reading a file awaits, and a side
 * given meanwhile must not be compared against a half-read other.
 */
let queue: Promise<void> = Promise.resolve();

self.onmessage = (ev: MessageEvent<ToWorker>) => {
  const m = ev.data;
  if (m.type === "side" || m.type === "clear") latest[m.side] = m.id;
  queue = queue.then(() => handle(m)).catch((err) => {
    post({ type: "failed", id: m.id, message: String(err?.message ?? err) });
  });
};
