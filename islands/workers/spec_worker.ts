/**
 * Web Worker of the spec viewer: reads large picked files and parses and
 * indexes large specs off the main thread so the page never freezes, keeps
 * the parsed document, and computes operation details on request. A picked
 * file's list is posted twice: from its outline as soon as it is read
 * ("preview"), then from the whole document ("parsed"). Built to
 * `/_build/spec_worker.js`.
 */
/// <reference lib="webworker" />
import { operationDetail, prepareDetails } from "../../lib/openapi/detail.ts";
import { SchemaGraph } from "../../lib/openapi/schema_graph.ts";
import {
  checkSpec,
  type ParsedSpec,
  tryParseSpec,
} from "../../lib/openapi/mod.ts";
import {
  previewIndex,
  startsJson,
  warmPreview,
} from "../../lib/openapi/preview.ts";
import { decodeText } from "../../lib/openapi/utf8.ts";
import {
  type FromWorker,
  MAX_NODES_PER_REQUEST,
  type ToWorker,
} from "../openapi/protocol.ts";

/** The parsed document, and its schema graph (node ids live as long as it). */
let current: { id: number; parsed: ParsedSpec; graph: SchemaGraph } | null =
  null;

/**
 * Longest run of a background job ({@link prepareDetails}, or
 * {@link warmPreview}) between two messages, past its last step: a detail
 * asked for, or a file picked, meanwhile waits about this long more than a
 * step (one node: 7 ms at worst on OpenAI's schemas, cold; or one
 * generated document read, up to about 40 ms cold).
 */
const SLICE_MS = 10;

/**
 * Runs `steps` a slice at a time, as long as `wanted()` holds: messages
 * are handled between slices.
 */
function inSlices(steps: Iterator<unknown>, wanted: () => boolean): void {
  const run = () => {
    if (!wanted()) return;
    const end = performance.now() + SLICE_MS;
    try {
      while (performance.now() < end) if (steps.next().done) return;
    } catch {
      return; // a bug: only a head start is lost
    }
    setTimeout(run, 0);
  };
  setTimeout(run, 0);
}

/** Builds details' nodes ahead while the spec stays (details come sooner). */
function prepare(id: number): void {
  if (!current || current.id !== id) return;
  const steps = prepareDetails(current.parsed, current.graph);
  inSlices(steps, () => current?.id === id);
}

/** True until the first file or text comes to be parsed. */
let idle = true;
/** True once the page asked for the warm-up (it runs once). */
let warming = false;

/**
 * Longest wait for the page's "shown" (see {@link painted}): a page in a
 * background tab paints no frame, and a page that never says must not
 * hold its parse for long. A frame on a loaded machine can take hundreds
 * of milliseconds, and the parse would only slow it more.
 */
const SHOWN_WAIT_MS = 1000;

/** Ends the wait of {@link painted}, when one is under way. */
let onShown: ((id: number) => void) | null = null;

/**
 * Resolves once the page says it has painted parse `id`'s preview, or
 * after {@link SHOWN_WAIT_MS}, whichever comes first. One parse runs at a
 * time (the page stops the worker to start another), so one wait at most.
 */
function painted(id: number): Promise<void> {
  return new Promise((done) => {
    const timer = setTimeout(finish, SHOWN_WAIT_MS);
    function finish() {
      clearTimeout(timer);
      onShown = null;
      done();
    }
    onShown = (shownId) => {
      if (shownId === id) finish();
    };
  });
}

function post(m: FromWorker): void {
  (self as unknown as Worker).postMessage(m);
}

async function parse(m: ToWorker & { type: "parse" }): Promise<void> {
  idle = false;
  current = null;
  const t = performance.now();
  let text: string;
  if ("file" in m) {
    post({ type: "stage", id: m.id, stage: "reading" });
    try {
      const bytes = new Uint8Array(await m.file.arrayBuffer());
      // The list from the file's outline first: a fraction of the whole
      // decode and parse that follows (lib/openapi/preview.ts).
      let index = null;
      try {
        index = previewIndex(bytes);
      } catch { /* a bug: the whole parse still answers */ }
      if (index) {
        // A JSON document's whole parse waits for the page to paint these
        // rows: on two cores, started at once it took the CPU from that
        // first frame (Kubernetes' rows painted 30-50 ms later), and it is
        // done tens of milliseconds later anyway. A YAML document's takes
        // half a second (OpenAI's): it starts at once, or every detail
        // asked meanwhile would wait the frame longer (90 ms, for 20 ms
        // sooner rows).
        const shown = startsJson(bytes) ? painted(m.id) : null;
        post({ type: "preview", id: m.id, index, ms: performance.now() - t });
        if (shown) await shown;
      }
      text = decodeText(bytes);
    } catch (err) {
      const message = `The file could not be read: ${(err as Error).message}`;
      const error = { kind: "syntax" as const, message };
      return post({ type: "failed", id: m.id, error, ms: 0 });
    }
  } else text = m.text;
  // The list first; the slower checks follow in a second message.
  const r = tryParseSpec(text, {
    checks: false,
    onStage: (stage) => post({ type: "stage", id: m.id, stage }),
  });
  const ms = performance.now() - t;
  if (!r.ok) return post({ type: "failed", id: m.id, error: r.error, ms });
  current = {
    id: m.id,
    parsed: r.parsed,
    graph: new SchemaGraph(r.parsed.resolver),
  };
  post({ type: "parsed", id: m.id, index: r.parsed.index, ms });
  // The checks run before any detail is answered, as they always have:
  // building a detail first lost nested items of Stripe's charge (the
  // oracle test of tests/browser/spec_detail_test.ts, now and then).
  const warnings = checkSpec(r.parsed);
  post({ type: "checked", id: m.id, warnings, ms: performance.now() - t });
  prepare(m.id);
}

self.onmessage = (ev: MessageEvent<ToWorker>) => {
  const m = ev.data;
  if (m.type === "parse") {
    void parse(m);
  } else if (m.type === "warm") {
    // Asked when a file is likely to come (the page saw the pointer or the
    // focus on its picker): compile what that file's preview needs while
    // the person is still picking it; a pick ends it. A worker started for
    // a parse (or restarted after a stale one) is not asked.
    if (idle && !warming) {
      warming = true;
      inSlices(warmPreview(), () => idle);
    }
  } else if (m.type === "shown") {
    onShown?.(m.id);
  } else if (m.type === "detail") {
    let d = null;
    try {
      if (current && current.id === m.parseId) {
        const { container, path, method } = m.op;
        d = operationDetail(
          current.parsed,
          container,
          path,
          method,
          current.graph,
        );
      }
    } catch { /* a bug must not kill the worker and its parsed document */ }
    post({ type: "detail", id: m.id, detail: d });
  } else if (m.type === "nodes") {
    let nodes: FromWorker & { type: "nodes" } = {
      type: "nodes",
      id: m.id,
      nodes: [],
    };
    try {
      if (current && current.id === m.parseId) {
        nodes = {
          ...nodes,
          nodes: current.graph.collect(m.ids, m.depth, MAX_NODES_PER_REQUEST),
        };
      }
    } catch { /* as above */ }
    post(nodes);
  }
};
