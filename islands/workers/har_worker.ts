/**
 * HAR viewer worker: reads the file, parses and normalises it off the main
 * thread, posts back compact columns, and keeps the full log to answer
 * detail and sanitize requests. A 100 MB file therefore never blocks the
 * page, and its headers and bodies never cross to it in bulk.
 */
import { transferables } from "../../lib/har/columns.ts";
import { orderOf, otherOrders, type SortOrders } from "../../lib/har/orders.ts";
import { bodyFileName, wholeBody } from "../../lib/har/body.ts";
import { dataUrlBytes } from "../../lib/har/data_url.ts";
import { entryDetail } from "../../lib/har/detail.ts";
import { entryHolds } from "../../lib/har/deep_search.ts";
import { copyAll, listedCommand } from "../../lib/har/copy_all.ts";
import {
  type RowCopies,
  rowCopies,
  rowCopy,
  type RowCopyKind,
  rowOffers,
} from "../../lib/har/row_copy.ts";
import { obj } from "../../lib/har/normalize.ts";
import { str } from "../../lib/shared/value.ts";
import { HarParseError } from "../../lib/har/errors.ts";
import { entryAt, urlOf } from "../../lib/har/entries.ts";
import { type IndexedHar, indexHarText } from "../../lib/har/parse.ts";
import {
  type FromWorker,
  type LoadPhase,
  NOT_LOADED,
  type ToWorker,
} from "../har/protocol.ts";
import {
  encodingWarning,
  MAX_UNPACKED_BYTES,
  readFileText,
  type ReadText,
} from "../../lib/shared/read_text.ts";
import { isZip, ZipError } from "../../lib/shared/zip.ts";
import { readHarZip } from "../../lib/har/zip_har.ts";
import { sanitizedJsonParts } from "../../lib/har/sanitize.ts";
import { countHarSecrets } from "../../lib/har/secrets.ts";
import {
  headerNamesOf,
  headerTransferables,
} from "../../lib/har/header_names.ts";

/** The part of DedicatedWorkerGlobalScope used here (the config's lib is DOM). */
interface WorkerScope {
  postMessage(msg: unknown, transfer: Transferable[]): void;
  onmessage: ((ev: MessageEvent<ToWorker>) => void) | null;
}
const scope = self as unknown as WorkerScope;
let current: IndexedHar | null = null;
/**
 * The copies of the row whose menu was opened last, in the current file
 * (a load lets them go with it): the pick that follows the opening takes
 * its text from here, not writing them all again.
 */
let menuCopies: { file: IndexedHar; index: number; copies: RowCopies } | null =
  null;
let lastProgress = 0;
/** The id of the newest load: older ones stop at their next await. */
let latest = 0;
/** The id of the newest deep search: older ones stop at their next yield. */
let deepLatest = 0;
/** The current file's deep masks, per term (the page keeps copies). */
const deepMasks = new WeakMap<IndexedHar, Map<string, Uint8Array>>();
/** Time a deep search runs before it lets messages in, ms. */
const DEEP_SLICE_MS = 25;

function post(msg: FromWorker, transfer: Transferable[] = []): void {
  scope.postMessage(msg, transfer);
}

function progress(id: number, phase: LoadPhase, done: number, total: number) {
  const now = performance.now();
  // At most ~20 updates a second: each one is a task on the page.
  if (done < total && now - lastProgress < 50) return;
  lastProgress = now;
  post({ type: "progress", id, phase, done, total });
}

/** A file's first four bytes (a ZIP archive's signature). */
async function headOf(file: Blob): Promise<Uint8Array> {
  return new Uint8Array(await file.slice(0, 4).arrayBuffer());
}

async function load(msg: Extract<ToWorker, { type: "load" }>): Promise<void> {
  const { id } = msg;
  latest = id;
  current = null;
  menuCopies = null;
  const t0 = performance.now();
  let read: ReadText | null = null;
  /** How a ZIP archive's log was read (Playwright's recordHar). */
  let zipped: string | null = null;
  try {
    if ("file" in msg && isZip(await headOf(msg.file))) {
      const z = await readHarZip(msg.file, MAX_UNPACKED_BYTES);
      read = { text: z.text, encoding: "utf-8", invalid: null, packed: null };
      zipped = z.note;
    } else {
      read = "file" in msg
        ? await readFileText(
          msg.file,
          (done, total) => progress(id, "read", done, total),
        )
        : null;
    }
    const text = read ? read.text : (msg as { text: string }).text;
    const bytes = "file" in msg ? msg.file.size : text.length;
    post({ type: "progress", id, phase: "parse", done: 0, total: bytes });
    const parsed = indexHarText(
      text,
      (done, total) => progress(id, "index", done, total),
      false, // first rows first: secrets and other orders follow
    );
    current = parsed;
    const { columns, meta } = parsed;
    const badBytes = read && encodingWarning(read);
    if (badBytes) meta.warnings.unshift(badBytes);
    if (zipped) meta.warnings.unshift(zipped);
    // The page gets a copy: transferring our own arrays would detach
    // them here, and the detail view reads them later.
    const copy = structuredClone(columns);
    post({
      type: "loaded",
      id,
      name: msg.name,
      bytes,
      columns: copy,
      meta,
      ms: performance.now() - t0,
    }, transferables(copy));
    // The other list orders, the secret count for the banner, then the
    // header names. First
    // let the page draw the rows: on a two-core machine this thread would
    // otherwise compete with it for the CPU during that frame.
    await new Promise((r) => setTimeout(r, 100));
    if (id !== latest) return; // another file came in meanwhile
    const more = otherOrders(columns, columns.orders.start!);
    Object.assign(columns.orders, more);
    const moreCopy = structuredClone(more);
    post(
      { type: "orders", id, orders: moreCopy },
      Object.values(moreCopy).map((o) => o.buffer as ArrayBuffer),
    );
    post({ type: "secrets", id, secrets: countHarSecrets(parsed.raw) });
    // The column orders (a click on a column's head) too: made on the page
    // at the first click, the name order of 50,000 entries held that click
    // for most of a second.
    const columnOrders: SortOrders = {};
    for (
      const k of ["status", "method", "name", "type", "initiator"] as const
    ) {
      orderOf(columns, k);
      columnOrders[k] = columns.orders[k];
      columnOrders[`${k}-desc`] = columns.orders[`${k}-desc`];
    }
    const columnCopy = structuredClone(columnOrders);
    post(
      { type: "orders", id, orders: columnCopy },
      Object.values(columnCopy).map((o) => o.buffer as ArrayBuffer),
    );
    // Last, the header names for the search's has-response-header: terms:
    // rarely typed, and on 100,000 entries a few hundred ms the banner
    // need not wait for.
    const headers = headerNamesOf(parsed.raw);
    post({ type: "headers", id, headers }, headerTransferables(headers));
  } catch (err) {
    const error = err instanceof HarParseError ? err.toJSON() : {
      kind: "json" as const,
      message: `Could not read the ${
        err instanceof ZipError ? "ZIP archive" : "file"
      }: ${err instanceof Error ? err.message : String(err)}`,
    };
    // Bad bytes often explain bad JSON (a UTF-16 file without its mark).
    const badBytes = read && encodingWarning(read);
    if (badBytes) error.message += ` ${badBytes}`;
    post({ type: "error", id, error });
  }
}

scope.onmessage = (ev: MessageEvent<ToWorker>) => {
  const msg = ev.data;
  if (msg.type === "load") {
    load(msg);
  } else if (msg.type === "detail") {
    // Every request gets its answer: the page's call waits for one.
    const raw = current?.raw[msg.index];
    if (!current || !raw) {
      return post({
        type: "detail-error",
        id: msg.id,
        index: msg.index,
        message: current ? `No entry ${msg.index}` : NOT_LOADED,
      });
    }
    try {
      const detail = entryDetail(
        raw,
        entryAt(current.columns, raw, msg.index),
        current.exporter,
      );
      post({ type: "detail", id: msg.id, index: msg.index, detail });
    } catch (err) {
      post({
        type: "detail-error",
        id: msg.id,
        index: msg.index,
        message: err instanceof Error ? err.message : String(err),
      });
    }
  } else if (msg.type === "deep") {
    deep(msg.id, msg.terms);
  } else if (msg.type === "copy-all") {
    post(copiedAll(msg));
  } else if (msg.type === "row-copies") {
    post(rowOffersOf(msg.id, msg.index));
  } else if (msg.type === "row-copy") {
    post(rowCopyOf(msg.id, msg.index, msg.kind));
  } else if (msg.type === "body") {
    post(bodyFile(msg.id, msg.index, msg.side));
  } else if (msg.type === "sanitize") {
    if (!current) {
      return post({
        type: "sanitized",
        id: msg.id,
        blob: null,
        redacted: 0,
        error: NOT_LOADED,
      });
    }
    try {
      const { parts, redacted } = sanitizedJsonParts(current.root, msg);
      const blob = new Blob(parts, { type: "application/json" });
      post({ type: "sanitized", id: msg.id, blob, redacted });
    } catch (err) {
      post({
        type: "sanitized",
        id: msg.id,
        blob: null,
        redacted: 0,
        error: err instanceof Error ? err.message : String(err),
      });
    }
  }
};

/**
 * Searches the current file's headers and bodies for each of `terms`,
 * posting each term's mask as it is ready; in slices that let a newer
 * search (or another file) in, and stop for it.
 */
async function deep(id: number, terms: string[]): Promise<void> {
  deepLatest = id;
  const file = current;
  if (!file) return post({ type: "deep-done", id, stopped: true });
  let cache = deepMasks.get(file);
  if (!cache) deepMasks.set(file, cache = new Map());
  for (const term of terms) {
    let mask = cache.get(term);
    if (!mask) {
      const raw = file.raw;
      mask = new Uint8Array(raw.length);
      let t = performance.now();
      for (let i = 0; i < raw.length; i++) {
        if (entryHolds(raw[i], term)) mask[i] = 1;
        if (performance.now() - t > DEEP_SLICE_MS) {
          await new Promise((r) => setTimeout(r, 0));
          if (id !== deepLatest || current !== file) {
            return post({ type: "deep-done", id, stopped: true });
          }
          t = performance.now();
        }
      }
      cache.set(term, mask);
    }
    const copy = mask.slice();
    post({ type: "deep", id, term, mask: copy }, [copy.buffer]);
  }
  post({ type: "deep-done", id, stopped: false });
}

/** The answer to a "body" request: entry `index`'s whole body as a file. */
function bodyFile(
  id: number,
  index: number,
  side: "request" | "response",
): FromWorker {
  const raw = current?.raw[index];
  if (!current || !raw) {
    const error = current ? `No entry ${index}` : NOT_LOADED;
    return { type: "body", id, blob: null, name: "", error };
  }
  try {
    const req = obj(raw.request);
    const holder = side === "request"
      ? obj(req.postData)
      : obj(obj(raw.response).content);
    const url = str(req.url);
    let body = wholeBody(url, holder, str(holder.mimeType));
    // A data: URL answered from itself: its body is the URL's, as the
    // detail shows it.
    const fromUrl = !body && side === "response" ? dataUrlBytes(url) : null;
    if (fromUrl) {
      body = { ...fromUrl, name: bodyFileName(url, fromUrl.type) };
    }
    if (!body) {
      return { type: "body", id, blob: null, name: "", error: "No body" };
    }
    const blob = new Blob([body.data as BlobPart], {
      type: body.type || "application/octet-stream",
    });
    return { type: "body", id, blob, name: body.name };
  } catch (err) {
    const error = err instanceof Error ? err.message : String(err);
    return { type: "body", id, blob: null, name: "", error };
  }
}

/** The answer to a "copy-all" request: the listed entries' commands joined. */
function copiedAll(msg: Extract<ToWorker, { type: "copy-all" }>): FromWorker {
  const { id, kind, rows } = msg;
  const file = current;
  if (!file) {
    return {
      type: "copied-all",
      id,
      text: "",
      copied: 0,
      note: "",
      error: NOT_LOADED,
    };
  }
  try {
    return {
      type: "copied-all",
      id,
      ...copyAll(kind, rows.length, (k) => {
        const raw = file.raw[rows[k]];
        return raw
          ? listedCommand(kind, file.columns, raw, rows[k])
          : { code: "", note: `No entry ${rows[k]}.` };
      }),
    };
  } catch (err) {
    const error = err instanceof Error ? err.message : String(err);
    return { type: "copied-all", id, text: "", copied: 0, note: "", error };
  }
}

/**
 * What entry `index`'s row menu copies, its commands for the method and
 * URL the list has (as its detail's and "Copy all listed"'s are), or why
 * there are none.
 */
function copiesOf(index: number): { copies: RowCopies } | { error: string } {
  const file = current;
  const raw = file?.raw[index];
  if (!file || !raw) return { error: file ? `No entry ${index}` : NOT_LOADED };
  if (menuCopies?.file === file && menuCopies.index === index) {
    return { copies: menuCopies.copies };
  }
  try {
    const c = file.columns;
    const copies = rowCopies(
      raw,
      c.methods[c.methodIdx[index]],
      urlOf(c, index),
    );
    menuCopies = { file, index, copies };
    return { copies };
  } catch (err) {
    return { error: err instanceof Error ? err.message : String(err) };
  }
}

/**
 * The answer to a "row-copies" request: what entry `index`'s row menu
 * offers, each copy's length and note; its texts stay here until one is
 * picked (a menu is often opened for one copy, or none).
 */
function rowOffersOf(id: number, index: number): FromWorker {
  const r = copiesOf(index);
  return "copies" in r
    ? { type: "row-copies", id, offers: rowOffers(r.copies) }
    : { type: "row-copies", id, offers: null, error: r.error };
}

/** The answer to a "row-copy" request: the text of copy `kind`, picked. */
function rowCopyOf(id: number, index: number, kind: RowCopyKind): FromWorker {
  const r = copiesOf(index);
  if (!("copies" in r)) {
    return { type: "row-copy", id, text: "", error: r.error };
  }
  const { text, note } = rowCopy(r.copies, kind);
  return text ? { type: "row-copy", id, text } : {
    type: "row-copy",
    id,
    text: "",
    error: note || "there is nothing to copy",
  };
}
