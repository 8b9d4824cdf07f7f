/**
 * Where a spec is parsed: small inputs on the main thread (a few
 * milliseconds, no round trip), large ones in the Web Worker so typing,
 * scrolling and the progress display stay live. A newer parse (wherever
 * it runs) or a Clear cancels an older one still reading in the worker by
 * replacing the worker.
 */
import { decodeText } from "../../lib/openapi/utf8.ts";
import { operationDetail, schemaDetail } from "../../lib/openapi/detail.ts";
import { type ParsedSpec, tryParseSpec } from "../../lib/openapi/mod.ts";
import { SchemaGraph } from "../../lib/openapi/schema_graph.ts";
import type {
  OperationDetail,
  SchemaDetail,
  SchemaNode,
  SpecIndex,
  SpecWarning,
} from "../../lib/openapi/types.ts";
import {
  type FromWorker,
  MAX_NODES_PER_REQUEST,
  type OperationRef,
  type ParseResult,
  type ParseStage,
  type ToWorker,
} from "./protocol.ts";
import {
  WATCHDOG_MS,
  WorkerClient,
  type WorkerGone,
} from "../shared/worker_client.ts";
import { afterPaint } from "../shared/after_paint.ts";

/**
 * A picked file's text (WHATWG Encoding "decode", see utf8.ts), or the
 * rejection to show when it cannot be read.
 */
async function readFile(file: Blob): Promise<string | ParseResult> {
  try {
    return decodeText(new Uint8Array(await file.arrayBuffer()));
  } catch (err) {
    return {
      ok: false,
      error: {
        kind: "syntax",
        message: `The file could not be read: ${(err as Error).message}`,
      },
      ms: 0,
    };
  }
}

/**
 * Inputs at least this long (UTF-16 units, ~200 KB; bytes for a file) go to
 * the worker.
 */
export const WORKER_THRESHOLD = 200_000;
/**
 * YAML aliases (`*name` after a space, `[`, `{` or `,`) also go to the
 * worker, whatever the size: a few hundred bytes of aliases can stand for
 * billions of nodes, and the parser's bounds are the page's only guard on
 * the main thread. A false match (Markdown emphasis) costs a round trip.
 */
const ALIAS = /[\s[{,]\*[^\s*]/;
/** A worker silent this long about a parse is stopped (a hang detector). */
export const PARSE_TIMEOUT_MS = WATCHDOG_MS;

type Holder =
  | { kind: "local"; parsed: ParsedSpec; graph: SchemaGraph }
  | { kind: "worker"; parseId: number }
  /**
   * Listed from a preview; the worker's whole parse is under way. Details
   * are asked of the worker all the same: it answers them from the pieces
   * they need while it reads a YAML document, else once it holds the whole.
   */
  | { kind: "pending"; parseId: number };

/**
 * Details kept per spec: a row opened again, or asked for when the pointer
 * goes down and again when the click lands, costs no second round trip.
 */
const KEPT_DETAILS = 16;

/** Parses specs and answers detail requests about the latest one. */
export class SpecEngine {
  #client: WorkerClient<ToWorker, FromWorker>;
  #latest = 0;
  /**
   * The parse the worker is reading, until its list ("parsed") or its
   * failure comes: past that the worker holds a document the page may
   * still show, and its checks are short.
   */
  #reading: number | null = null;
  #holder: Holder | null = null;
  /** Detail answers of the current holder, oldest first. */
  #details = new Map<string, Promise<OperationDetail | null>>();

  /**
   * `workerUrl` is the built worker (`buildUrl("spec_worker.js")`), or null;
   * `timeoutMs` bounds each silence of the worker during a parse and its checks.
   */
  constructor(workerUrl: string | null, timeoutMs = PARSE_TIMEOUT_MS) {
    this.#client = new WorkerClient(workerUrl, { timeoutMs });
  }

  /**
   * Starts the worker ahead of need and has it warm what a picked file's
   * preview needs, so the first big file lists sooner.
   */
  warm(): void {
    this.#client.notify({ type: "warm", id: 0 });
  }

  /**
   * Parses `input`, a text or a picked file; resolves to null when a newer
   * parse started meanwhile (its result would be stale). A file of at least
   * {@link WORKER_THRESHOLD} bytes goes to the worker unread (the page
   * neither reads, decodes nor copies it); a smaller one is read here, and
   * `onText` hears its text.
   */
  async parse(
    input: string | Blob,
    onStage: (s: ParseStage) => void,
    onChecked: (warnings: SpecWarning[]) => void,
    onText: (text: string) => void = () => {},
    onPreview: (index: SpecIndex, ms: number, head: boolean) => void = () => {},
  ): Promise<ParseResult | null> {
    const id = this.#client.nextId();
    this.#latest = id;
    // Whether this one goes to the worker or is read here, the older read
    // would only burn a core and report stages of a spec no longer wanted.
    this.#supersede();
    let text = typeof input === "string" ? input : null;
    if (typeof input !== "string" && input.size < WORKER_THRESHOLD) {
      const read = await readFile(input);
      if (id !== this.#latest) return null;
      if (typeof read !== "string") return this.#unread(read);
      text = read;
      onText(text);
    }
    if (
      text === null || text.length >= WORKER_THRESHOLD || ALIAS.test(text)
    ) {
      const r = await this.#inWorker(
        id,
        text ?? input,
        onStage,
        onChecked,
        onPreview,
      );
      if (r) return id === this.#latest ? r : null;
      // Stopped for a newer parse (or a Clear): nothing to say any more.
      if (id !== this.#latest) return null;
      // No worker: let the progress state paint before the main thread blocks.
      onStage("parsing");
      await new Promise((r) => setTimeout(r, 30));
      if (id !== this.#latest) return null;
      if (text === null) {
        const read = await readFile(input as Blob);
        if (id !== this.#latest) return null;
        if (typeof read !== "string") return this.#unread(read);
        text = read;
        onText(text);
      }
    }
    const t = performance.now();
    const r = tryParseSpec(text);
    const ms = performance.now() - t;
    if (id !== this.#latest) return null;
    this.#hold(
      r.ok
        ? {
          kind: "local",
          parsed: r.parsed,
          graph: new SchemaGraph(r.parsed.resolver),
        }
        : null,
    );
    return r.ok
      ? { ok: true, index: r.parsed.index, ms }
      : { ok: false, error: r.error, ms };
  }

  /** A file that could not be read: no spec to answer details about. */
  #unread(r: ParseResult): ParseResult {
    this.#hold(null);
    return r;
  }

  /** The parse in the worker; null when no worker could run or start. */
  #inWorker(
    id: number,
    input: string | Blob,
    onStage: (s: ParseStage) => void,
    onChecked: (warnings: SpecWarning[]) => void,
    onPreview: (index: SpecIndex, ms: number, head: boolean) => void,
  ): Promise<ParseResult | null> {
    return new Promise((resolve) => {
      const t0 = performance.now();
      let listed: SpecWarning[] | null = null; // set once the list arrived
      const msg: ToWorker = typeof input === "string"
        ? { type: "parse", id, text: input }
        : { type: "parse", id, file: input };
      const sent = this.#client.call(msg, (m) => {
        if (m.type === "parsed" || m.type === "failed" || m.type === "gone") {
          if (this.#reading === id) this.#reading = null;
        }
        switch (m.type) {
          case "stage":
            // Only the latest parse's: an older one's would bring back the
            // progress bar over the page that replaced it (or was cleared).
            if (id === this.#latest) onStage(m.stage);
            return false;
          case "preview":
            if (id === this.#latest) {
              this.#hold({ kind: "pending", parseId: id });
              onPreview(m.index, m.ms, m.head ?? false);
            }
            // Told only to the worker parsing it, not to one started since
            // (the page moved on, or this one stopped meanwhile).
            afterPaint(() =>
              id === this.#latest &&
              this.#client.notify({ type: "shown", id }, false)
            );
            return false;
          case "parsed":
            listed = m.index.warnings;
            if (id === this.#latest) {
              this.#hold({ kind: "worker", parseId: id });
            }
            resolve({ ok: true, index: m.index, ms: m.ms });
            return false; // the checks follow in a "checked" message
          case "checked":
            if (id === this.#latest) onChecked(m.warnings);
            return true;
          case "failed":
            if (id === this.#latest) this.#hold(null);
            resolve({ ok: false, error: m.error, ms: m.ms });
            return true;
          case "gone": {
            if (this.#holder?.kind === "pending" && id === this.#latest) {
              this.#hold(null); // its preview has no document behind it
            }
            // A worker that never answered could not start (the caller
            // parses here instead); one that died or ran out of time
            // reading this input must not take the page down with it.
            const why = m.reason === "timeout"
              ? `took longer than ${this.#client.timeoutMs / 1000} s`
              : "stopped (out of memory?)";
            if (listed) {
              if (id === this.#latest) {
                onChecked([...listed, { message: `The checks ${why}` }]);
              }
            } else if (m.answered || m.reason === "timeout") {
              resolve({
                ok: false,
                error: {
                  kind: "structure",
                  path: "$",
                  message:
                    `Reading this input ${why} and was given up; the page is still yours: load another spec`,
                },
                ms: performance.now() - t0,
              });
            } else resolve(null);
            return true;
          }
          default:
            return false;
        }
      });
      if (sent) this.#reading = id;
      else resolve(null);
    });
  }

  /** Stops the worker if it is still reading a parse older than the latest. */
  #supersede(): void {
    if (this.#reading !== null && this.#reading !== this.#latest) {
      this.#client.stop(); // its open calls hear "gone", and end
    }
  }

  /**
   * Details of an operation of the latest parsed spec; the same promise for
   * the same operation while the spec stays.
   */
  detail(op: OperationRef): Promise<OperationDetail | null> {
    this.#pauseWorker();
    return this.#kept(op);
  }

  /**
   * A named schema of the latest parsed spec, shown on its own; null when
   * there is none of that name (or the worker that held it is gone).
   */
  schema(name: string): Promise<SchemaDetail | null> {
    return this.#ask(
      null,
      (h) => schemaDetail(h.parsed, name, h.graph),
      (id, parseId) => ({ type: "schema", id, parseId, name }),
      (m) => m.type === "schema" ? m.detail : null,
    );
  }

  /**
   * An operation is opened (or pressed): the worker pauses its read of the
   * document (a YAML one, in pieces) and its jobs ahead until
   * {@link shown} (or a bound), so the frames that paint the detail have
   * the cores.
   */
  #pauseWorker(): void {
    const h = this.#holder;
    if (h?.kind === "pending" || h?.kind === "worker") {
      this.#client.notify({ type: "hold", id: h.parseId }, false);
    }
  }

  /** The opened operation's detail is painted: a paused worker goes on. */
  shown(): void {
    const h = this.#holder;
    if (h?.kind === "pending" || h?.kind === "worker") {
      this.#client.notify({ type: "shown", id: h.parseId }, false);
    }
  }

  /** The answer kept for `op`, or a new one asked for. */
  #kept(op: OperationRef): Promise<OperationDetail | null> {
    const cb = op.callback;
    const key = `${op.container} ${op.method} ${op.path}` +
      (cb ? `\n${cb.name}\n${cb.method} ${cb.expression}` : "");
    const kept = this.#details.get(key);
    if (kept) {
      this.#details.delete(key); // most recently used goes last
      this.#details.set(key, kept);
      return kept;
    }
    const p = this.#detail(op);
    this.#details.set(key, p);
    if (this.#details.size > KEPT_DETAILS) {
      this.#details.delete(this.#details.keys().next().value!);
    }
    // An answer that failed is asked again next time.
    p.then((d) => {
      // Only this answer: an old one (another spec's) leaves a newer be.
      if (!d && this.#details.get(key) === p) this.#details.delete(key);
    });
    return p;
  }

  /**
   * Asks the worker ahead for a detail likely to be opened next. Nothing
   * for a spec parsed on this thread: building it here would be the very
   * task on the page the asking ahead is for sparing. A `pressed` row
   * (its click follows) pauses the worker, as an open does.
   */
  ahead(op: OperationRef, pressed = false): void {
    const h = this.#holder;
    if (h?.kind === "worker" || h?.kind === "pending") {
      // A press is followed by its click a tenth of a second later.
      if (pressed) this.#pauseWorker();
      void this.#kept(op);
    }
  }

  #detail(op: OperationRef): Promise<OperationDetail | null> {
    return this.#ask(
      null,
      (h) =>
        operationDetail(
          h.parsed,
          op.container,
          op.path,
          op.method,
          h.graph,
          op.callback,
        ),
      (id, parseId) => ({ type: "detail", id, parseId, op }),
      (m) => m.type === "detail" ? m.detail : null,
    );
  }

  /**
   * An answer about the latest spec: computed here for a spec parsed on
   * the page, else asked of the worker that holds it; `none` when there is
   * no spec, the worker is gone, or the answer failed (a bug must not take
   * the page with it).
   */
  #ask<T, N>(
    none: N,
    local: (h: Holder & { kind: "local" }) => T,
    message: (id: number, parseId: number) => ToWorker,
    answer: (m: FromWorker | WorkerGone) => T | N,
  ): Promise<T | N> {
    const h = this.#holder;
    if (!h) return Promise.resolve(none);
    if (h.kind === "local") {
      try {
        return Promise.resolve(local(h));
      } catch {
        return Promise.resolve(none);
      }
    }
    // The worker that holds the document is gone: nothing to ask.
    if (!this.#client.running) return Promise.resolve(none);
    const id = this.#client.nextId();
    return new Promise((resolve) => {
      const sent = this.#client.call(message(id, h.parseId), (m) => {
        resolve(answer(m));
        return true;
      });
      if (!sent) resolve(none);
    });
  }

  /**
   * Schema nodes `ids` of the latest spec and what they link to, `depth`
   * levels down (the tree asks when a branch opens past what it has).
   */
  nodes(ids: number[], depth: number): Promise<SchemaNode[]> {
    if (!ids.length) return Promise.resolve([]);
    return this.#ask(
      [] as SchemaNode[],
      (h) => h.graph.collect(ids, depth, MAX_NODES_PER_REQUEST),
      (id, parseId) => ({ type: "nodes", id, parseId, ids, depth }),
      (m) => m.type === "nodes" ? m.nodes : [],
    );
  }

  /** Forgets the current spec (the Clear button). */
  reset(): void {
    this.#latest = this.#client.nextId();
    this.#supersede();
    this.#hold(null);
  }

  /**
   * The spec details are answered from; details kept of another go, but
   * not those asked for while its preview was listed (the same worker
   * answers them, from the same document).
   */
  #hold(h: Holder | null): void {
    const was = this.#holder;
    const kept = was?.kind === "pending" && h?.kind === "worker" &&
      was.parseId === h.parseId;
    if (!kept) this.#details.clear();
    this.#holder = h;
  }

  /** Stops the worker. */
  dispose(): void {
    this.#client.stop();
  }
}
