/**
 * Web Worker of the spec viewer: reads large picked files and parses and
 * indexes large specs off the main thread so the page never freezes, keeps
 * the parsed document, and computes operation details on request. A picked
 * file's list is posted twice: from its outline as soon as it is read
 * ("preview"), then from the whole document ("parsed"). Built to
 * `/_build/spec_worker.js`.
 */
/// <reference lib="webworker" />
import {
  operationDetail,
  prepareDetails,
  schemaDetail,
} from "../../lib/openapi/detail.ts";
import { SchemaGraph } from "../../lib/openapi/schema_graph.ts";
import {
  checkSpec,
  type DetailSource,
  type ParsedSpec,
  piecesSpec,
  tryParseSpecSteps,
} from "../../lib/openapi/mod.ts";
import type { YamlPieces } from "../../lib/openapi/yaml_pieces.ts";
import type { SchemaNode } from "../../lib/openapi/types.ts";
import {
  headIndex,
  previewIndex,
  warmPreview,
} from "../../lib/openapi/preview.ts";
import { decodeText } from "../../lib/openapi/utf8.ts";
import {
  type FromWorker,
  MAX_NODES_PER_REQUEST,
  type OperationRef,
  type ToWorker,
} from "../openapi/protocol.ts";

/**
 * The parsed document, and its schema graph (node ids live as long as it).
 * It stays while the next one is read, until the page shows that one's
 * list (or its error): the page still lists this one meanwhile, and its
 * rows and trees are asked about (see {@link moveOn}).
 */
let current: { id: number; parsed: ParsedSpec; graph: SchemaGraph } | null =
  null;

/**
 * The document being read whole, and what is known of it meanwhile: a
 * YAML document read in pieces answers details from the pieces they need
 * (mod.ts `piecesSpec`), with a graph of its own whose node ids start at
 * {@link EARLY_FIRST_ID} (it stays, for their trees, once the whole is
 * read); other details wait for the whole.
 */
interface Reading {
  id: number;
  text: string;
  pieces: YamlPieces | null;
  /** Made on the first detail asked (undefined until then). */
  source?: DetailSource | null;
  graph?: SchemaGraph;
  /**
   * Details asked that wait for the pieces or the whole, and node requests
   * of a detail from pieces that its view could not answer.
   */
  waiting: (ToWorker & { type: "detail" | "nodes" | "schema" })[];
  /** Set once the whole is read, or failed to be. */
  over: boolean;
}
let reading: Reading | null = null;

/** Node ids of a graph built from pieces: far from the whole one's. */
const EARLY_FIRST_ID = 2 ** 30;

/**
 * Longest run of a job ({@link prepareDetails}, {@link warmPreview}, or a
 * YAML document's whole read) between two messages, past its last step: a
 * detail asked for, or a file picked, meanwhile waits about this long more
 * than a step (one node: 7 ms at worst on OpenAI's schemas, cold; one
 * generated document read, up to about 40 ms cold; one piece of a YAML
 * document, a few milliseconds).
 */
const SLICE_MS = 10;

/**
 * Runs `steps` a slice at a time while `wanted()` holds, handling messages
 * between slices and waiting out a {@link hold}; resolves to their result
 * (undefined once no longer wanted). Every other slice follows a message
 * on a channel of its own, the others a timer: timers nested in timers
 * wait 4 ms each past the fifth (HTML "timers" nesting level), 100 ms over
 * a 300 ms read, and one set from a channel's task is not nested; a
 * channel alone can starve the worker's own messages (Deno runs channel
 * tasks first).
 */
function sliced<T>(steps: Iterator<unknown, T>): Promise<T>;
function sliced<T>(
  steps: Iterator<unknown, T>,
  wanted: () => boolean,
): Promise<T | undefined>;
function sliced<T>(
  steps: Iterator<unknown, T>,
  wanted = () => true,
): Promise<T | undefined> {
  return new Promise((done, fail) => {
    const ch = new MessageChannel();
    let timer = false;
    const finish = (value: T | undefined) => {
      ch.port1.close();
      done(value);
    };
    const run = () => {
      if (!wanted()) return finish(undefined);
      if (held) return void held.done.then(run);
      const end = performance.now() + SLICE_MS;
      try {
        for (;;) {
          const r = steps.next();
          if (r.done) return finish(r.value);
          if (performance.now() >= end) break;
        }
      } catch (err) {
        ch.port1.close();
        return fail(err);
      }
      next();
    };
    const next = () => {
      timer = !timer;
      if (timer) setTimeout(run, 0);
      else ch.port2.postMessage(null);
    };
    ch.port1.onmessage = run;
    next(); // messages already here go first
  });
}

/** A job ahead: a bug in it only loses a head start. */
function ahead(steps: Iterator<unknown>, wanted: () => boolean): void {
  sliced(steps, wanted).catch(() => {});
}

/** Builds details' nodes ahead while the spec stays (details come sooner). */
function prepare(id: number): void {
  if (!current || current.id !== id) return;
  const steps = prepareDetails(current.parsed, current.graph);
  // Not past a newer read: the document stays for the page, not the jobs.
  ahead(steps, () => current?.id === id && reading?.id === id);
}

/**
 * The page shows parse `id`'s list or error from now on: an older document
 * is asked about no more, and its memory goes.
 */
function moveOn(id: number): void {
  if (current && current.id !== id) current = null;
}

/**
 * Bytes of a picked file read first, for its first rows (`headIndex`):
 * Kubernetes' first 128 KB hold 28 path items (63 rows, two windows), and
 * read and scanned in about a tenth of the whole file's read and outline.
 * A document whose `paths` starts later (Stripe's, after 800 KB of
 * components) lists from the whole file, as before.
 */
const HEAD_BYTES = 128 * 1024;

/**
 * The first rows of picked `file`, from its first {@link HEAD_BYTES}
 * (null when they list none, or the file is no longer than that).
 */
async function firstRows(file: Blob) {
  if (file.size <= HEAD_BYTES) return null;
  const head = new Uint8Array(await file.slice(0, HEAD_BYTES).arrayBuffer());
  try {
    return headIndex(head);
  } catch {
    return null; // a bug: the whole file still lists
  }
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

/**
 * Longest pause for the page to paint a detail it opens (see the "hold"
 * message): a press, its click a tenth of a second later, and the
 * detail's frame; a row pressed and not opened paints none.
 */
const DETAIL_SHOWN_WAIT_MS = 300;

/** The waits of {@link painted} under way. */
const shownWaits = new Set<(id: number) => void>();

/**
 * Resolves once the page says it has painted parse `id`'s preview, or a
 * detail it opened, or after `ms`, whichever comes first.
 */
function painted(id: number, ms = SHOWN_WAIT_MS): Promise<void> {
  return new Promise((done) => {
    const timer = setTimeout(finish, ms);
    function finish() {
      clearTimeout(timer);
      shownWaits.delete(wait);
      done();
    }
    function wait(shownId: number) {
      if (shownId === id) finish();
    }
    shownWaits.add(wait);
  });
}

/**
 * A pause the page asked for ("hold": it opens an operation) until it has
 * painted the detail: a read in pieces and the background jobs wait, so
 * that frame has the cores (the page's thread and this one share two).
 * Details are still answered meanwhile.
 */
let held: { id: number; done: Promise<void>; end: () => void } | null = null;

function hold(id: number): void {
  // Something already waits for the whole read: pausing it delays that.
  const r = reading;
  if (r?.id === id && !r.over && r.waiting.length) return;
  if (held?.id === id) return;
  held?.end(); // another spec's
  let end = () => {};
  const ended = new Promise<void>((r) => end = r);
  const done = Promise.race([painted(id, DETAIL_SHOWN_WAIT_MS), ended])
    .then(() => {
      if (held?.done === done) held = null;
    });
  held = { id, done, end };
}

function post(m: FromWorker): void {
  (self as unknown as Worker).postMessage(m);
}

async function parse(m: ToWorker & { type: "parse" }): Promise<void> {
  idle = false;
  // Details asked from here on are owed until the whole is read.
  const now: Reading = {
    id: m.id,
    text: "",
    pieces: null,
    waiting: [],
    over: false,
  };
  reading = now;
  const t = performance.now();
  let text: string;
  if ("file" in m) {
    post({ type: "stage", id: m.id, stage: "reading" });
    try {
      // The first rows from the file's first bytes, then the list from its
      // outline, then the whole document: each a fraction of what follows.
      const first = await firstRows(m.file);
      let headShown: Promise<void> | undefined;
      if (first) {
        headShown = painted(m.id);
        post({
          type: "preview",
          id: m.id,
          index: first,
          ms: performance.now() - t,
          head: true,
        });
        moveOn(m.id);
      }
      // The rest waits for the first rows' frame, as the whole parse waits
      // for the outline's (see below): the whole file's read, begun at
      // once, took the cores from that frame.
      await headShown;
      const bytes = new Uint8Array(await m.file.arrayBuffer());
      let index = null;
      try {
        index = previewIndex(bytes);
      } catch { /* a bug: the whole parse still answers */ }
      if (index) {
        // The whole parse waits for the page to paint these rows: on two
        // cores, started at once it took the CPU from that first frame
        // (Kubernetes' rows painted 30-50 ms later). Details asked
        // meanwhile lose little: a JSON document is parsed tens of
        // milliseconds later, and a YAML one's come from its pieces.
        const shown = painted(m.id);
        post({ type: "preview", id: m.id, index, ms: performance.now() - t });
        moveOn(m.id);
        await shown;
      }
      text = decodeText(bytes);
    } catch (err) {
      const message = `The file could not be read: ${(err as Error).message}`;
      const error = { kind: "syntax" as const, message };
      post({ type: "failed", id: m.id, error, ms: 0 });
      moveOn(m.id);
      return owed(now);
    }
  } else text = m.text;
  now.text = text;
  // The list first; the slower checks follow in a second message.
  const r = await sliced(tryParseSpecSteps(text, {
    checks: false,
    onStage: (stage) => post({ type: "stage", id: m.id, stage }),
    onPieces: (p) => {
      now.pieces = p;
      for (const w of now.waiting.splice(0)) answer(w);
    },
  }));
  const ms = performance.now() - t;
  if (!r.ok) {
    post({ type: "failed", id: m.id, error: r.error, ms });
    moveOn(m.id);
    return owed(now);
  }
  current = {
    id: m.id,
    parsed: r.parsed,
    graph: new SchemaGraph(r.parsed.resolver),
  };
  post({ type: "parsed", id: m.id, index: r.parsed.index, ms });
  // The trees of details from pieces go on from the whole document.
  now.source?.resolver.rebase(r.parsed.doc);
  // The checks run before any detail is answered from the whole document,
  // as they always have: building a detail first lost nested items of
  // Stripe's charge (the oracle test of tests/browser/spec_detail_test.ts,
  // now and then).
  const warnings = checkSpec(r.parsed);
  post({ type: "checked", id: m.id, warnings, ms: performance.now() - t });
  owed(now);
  prepare(m.id);
}

/** Answers the details owed by the read `r`, now it is over. */
function owed(r: Reading): void {
  r.over = true;
  for (const w of r.waiting.splice(0)) answer(w);
  // A graph from pieces now resolves in the whole document (or is gone).
  r.pieces = null;
  r.text = "";
  r.source = undefined;
}

/** Answers a detail, schema or nodes request. */
function answer(m: ToWorker & { type: "detail" | "nodes" | "schema" }): void {
  if (m.type === "detail") detail(m);
  else if (m.type === "schema") schema(m);
  else nodes(m);
}

/**
 * Answers schema request `m` from the whole document (the page lists the
 * named schemas only once it is read): one still read waits for it.
 */
function schema(m: ToWorker & { type: "schema" }): void {
  const r = reading;
  if (r?.id === m.parseId && !r.over) return owe(r, m);
  let d = null;
  try {
    if (current?.id === m.parseId) {
      d = schemaDetail(current.parsed, m.name, current.graph);
    }
  } catch { /* a bug must not kill the worker and its parsed document */ }
  post({ type: "schema", id: m.id, detail: d });
}

/**
 * A request that waits for the whole read: a pause for a detail to be
 * painted (see {@link hold}) would only delay it.
 */
function owe(
  r: Reading,
  m: ToWorker & { type: "detail" | "nodes" | "schema" },
): void {
  r.waiting.push(m);
  held?.end();
}

/**
 * Answers nodes request `m` from the graph its ids belong to: a detail
 * from pieces has its own (see `reading`). One its view cannot answer
 * waits for the whole read, whose document that graph then resolves in.
 */
function nodes(m: ToWorker & { type: "nodes" }): void {
  const early = m.ids.every((id) => id >= EARLY_FIRST_ID);
  const r = reading?.id === m.parseId ? reading : null;
  const graph = early
    ? r?.graph
    : current?.id === m.parseId
    ? current.graph
    : undefined;
  let found: SchemaNode[] = [];
  try {
    if (graph) found = graph.collect(m.ids, m.depth, MAX_NODES_PER_REQUEST);
  } catch {
    if (early && r && !r.over) return owe(r, m);
    // A bug must not kill the worker and its parsed document.
  }
  post({ type: "nodes", id: m.id, nodes: found });
}

/** The detail of `op` from the whole document; null if it is gone. */
function wholeDetail(parseId: number, op: OperationRef) {
  if (!current || current.id !== parseId) return null;
  return operationDetail(
    current.parsed,
    op.container,
    op.path,
    op.method,
    current.graph,
    op.callback,
  );
}

/**
 * Answers detail request `m`: from the whole document once it is read,
 * from the pieces it needs while a YAML document is read, else when they
 * or the whole are read.
 */
function detail(m: ToWorker & { type: "detail" }): void {
  const answer = () => {
    let d = null;
    try {
      d = wholeDetail(m.parseId, m.op);
    } catch { /* a bug must not kill the worker and its parsed document */ }
    post({ type: "detail", id: m.id, detail: d });
  };
  const r = reading;
  if (r?.id !== m.parseId || r.over) return answer();
  if (r.pieces) {
    try {
      if (r.source === undefined) {
        r.source = piecesSpec(r.pieces, r.text);
        if (r.source) {
          r.graph = new SchemaGraph(r.source.resolver, {
            firstId: EARLY_FIRST_ID,
          });
        }
      }
      if (r.source && r.graph) {
        const { container, path, method, callback } = m.op;
        const d = operationDetail(
          r.source,
          container,
          path,
          method,
          r.graph,
          callback,
        );
        if (d) return post({ type: "detail", id: m.id, detail: d });
      }
    } catch {
      // A member only the whole read can tell (PieceError), or a detail
      // that cannot be posted: the whole document answers it.
    }
  }
  owe(r, m);
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
      ahead(warmPreview(), () => idle);
    }
  } else if (m.type === "shown") {
    for (const wait of [...shownWaits]) wait(m.id);
  } else if (m.type === "hold") {
    hold(m.id);
  } else if (
    m.type === "detail" || m.type === "nodes" || m.type === "schema"
  ) {
    answer(m);
  }
};
