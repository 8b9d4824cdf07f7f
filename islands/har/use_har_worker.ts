/**
 * The page side of the HAR worker, through the shared worker client: sends
 * loads, turns the worker's messages into state. A new load while one is
 * running stops the busy worker (a 100 MB JSON.parse cannot be interrupted
 * any other way); a worker that hangs is stopped by the client's watchdog.
 */
import { useEffect, useMemo, useRef, useState } from "preact/hooks";
import type { HarColumns } from "../../lib/har/columns.ts";
import type { CopiedAll, CopyAllKind } from "../../lib/har/copy_all.ts";
import type { HarDetail } from "../../lib/har/detail.ts";
import type { HarErrorInfo } from "../../lib/har/errors.ts";
import type { HeaderNames } from "../../lib/har/header_names.ts";
import type { DeepMasks } from "../../lib/har/search.ts";
import type { HarMeta } from "../../lib/har/types.ts";
import type { RowCopyKind, RowOffers } from "../../lib/har/row_copy.ts";
import { WorkerClient, type WorkerGone } from "../shared/worker_client.ts";
import type { FromWorker, LoadPhase, ToWorker } from "./protocol.ts";

/** A loaded file as the page holds it. */
export interface LoadedHar {
  name: string;
  bytes: number;
  columns: HarColumns;
  meta: HarMeta;
  ms: number;
  /** "paste" or "file": a cleared paste box unloads only pasted input. */
  source: "paste" | "file";
  /** The entries' header names, once the worker sends them (after the rows). */
  headers?: HeaderNames;
  /** The headers-and-bodies masks the worker has sent for this file, per term. */
  deep?: DeepMasks;
}

/** Loading progress. */
export interface LoadProgress {
  phase: LoadPhase;
  done: number;
  total: number;
}

/** State and actions of {@link useHarWorker}. */
export interface HarWorkerState {
  loading: LoadProgress | null;
  data: LoadedHar | null;
  error: HarErrorInfo | null;
  detail: HarDetail | null;
  /** Why the selected entry's detail could not be built ("" when fine). */
  detailError: string;
  load(input: Blob | string, name: string, source: "paste" | "file"): void;
  clear(): void;
  requestDetail(index: number): void;
  sanitize(
    words: string[],
    dropBodies: boolean,
  ): Promise<{ blob: Blob | null; redacted: number; error?: string }>;
  /**
   * Asks the worker which entries hold each of `terms` in headers or
   * bodies; the masks come into `data.deep` one by one. A call whose terms
   * the running one already covers changes nothing; another stops it.
   */
  deepSearch(terms: string[]): void;
  /** Entry `index`'s whole request or response body, as a file to save. */
  body(
    index: number,
    side: "request" | "response",
  ): Promise<{ blob: Blob | null; name: string; error?: string }>;
  /**
   * What entry `index`'s row menu offers to copy, without the texts (null
   * and `error` when none came).
   */
  rowCopies(
    index: number,
  ): Promise<{ offers: RowOffers | null; error?: string }>;
  /** The text of copy `kind` of entry `index` ("" and `error` when none came). */
  rowCopy(
    index: number,
    kind: RowCopyKind,
  ): Promise<{ text: string; error?: string }>;
  /** The commands of entries `rows`, in that order, joined (`error` when none came). */
  copyAll(
    kind: CopyAllKind,
    rows: Uint32Array,
  ): Promise<CopiedAll & { error?: string }>;
}

/** Why a worker that went away left a call unanswered, in words. */
function goneMessage(g: WorkerGone, timeoutMs: number): string {
  if (g.reason === "timeout") {
    return `The parser stopped answering for ${
      timeoutMs / 1000
    } s and was stopped; the page is still yours: load another file`;
  }
  if (g.reason === "crashed") return `The parser failed: ${g.message ?? ""}`;
  return "The parser was stopped.";
}

/** Runs the worker at `url` (null before the bundles are built). */
export function useHarWorker(url: string | null): HarWorkerState {
  const client = useMemo(
    () => new WorkerClient<ToWorker, FromWorker>(url),
    [url],
  );
  const loadId = useRef(0);
  const detailId = useRef(0);
  /** A load is reading or parsing (its "loaded" or "error" has not come). */
  const busy = useRef(false);
  const source = useRef<"paste" | "file">("file");
  const [loading, setLoading] = useState<LoadProgress | null>(null);
  const [data, setData] = useState<LoadedHar | null>(null);
  const dataRef = useRef<LoadedHar | null>(null);
  const [error, setError] = useState<HarErrorInfo | null>(null);
  const [detail, setDetail] = useState<HarDetail | null>(null);
  const [detailError, setDetailError] = useState("");
  /** The running deep search: its id and terms. */
  const deepRun = useRef<{ id: number; terms: Set<string> } | null>(null);

  useEffect(() => {
    client.start(); // warm: the first file parses sooner
    return () => client.stop();
  }, [client]);

  /** Handles the messages of load `id`; true once it is finished. */
  function onLoad(id: number, m: FromWorker | WorkerGone): boolean {
    if (id !== loadId.current) return true; // an abandoned load
    switch (m.type) {
      case "progress":
        setLoading({ phase: m.phase, done: m.done, total: m.total });
        return false;
      case "loaded": {
        busy.current = false;
        const { type: _t, id: _i, ...rest } = m;
        setLoading(null);
        setDetail(null);
        setError(null);
        const next = { ...rest, source: source.current };
        dataRef.current = next; // the "orders" message may come before a render
        setData(next);
        return false; // the other orders and the secrets follow
      }
      case "orders": {
        // Filled in place: nothing on screen changes, a later sort finds them.
        const o = dataRef.current?.columns.orders;
        if (o) {
          for (const [k, v] of Object.entries(m.orders)) {
            if (!o[k as keyof typeof o]) o[k as keyof typeof o] = v;
          }
        }
        return false;
      }
      case "secrets":
        setData((d) => d && { ...d, meta: { ...d.meta, secrets: m.secrets } });
        return false; // the header names follow
      case "headers":
        setData((d) => d && { ...d, headers: m.headers });
        return true;
      case "error":
      case "gone":
        if (m.type === "gone" && !busy.current) return true; // rows are shown
        busy.current = false;
        setLoading(null);
        setDetail(null);
        setError(
          m.type === "error"
            ? m.error
            : { kind: "json", message: goneMessage(m, client.timeoutMs) },
        );
        dataRef.current = null;
        setData(null);
        return true;
      default:
        return false;
    }
  }

  /** Ends the current load's call, stopping the worker if it is busy. */
  function abandonLoad(): void {
    client.cancel(loadId.current);
    if (busy.current) client.stop();
    busy.current = false;
  }

  return {
    loading,
    data,
    error,
    detail,
    detailError,
    load(input, name, src) {
      abandonLoad();
      deepRun.current = null; // another file: its own search
      source.current = src;
      const id = loadId.current = client.nextId();
      const msg: ToWorker = typeof input === "string"
        ? { type: "load", id, text: input, name }
        : { type: "load", id, file: input, name };
      if (!client.call(msg, (m) => onLoad(id, m))) {
        setError({ kind: "json", message: "The viewer is not built yet." });
        return;
      }
      busy.current = true;
      setLoading({
        phase: typeof input === "string" ? "parse" : "read",
        done: 0,
        total: 0,
      });
      if (src === "file") {
        // Another file: the old one's rows and counts go at once, so
        // nothing read from the page meanwhile is the old file's (typing
        // in the paste box keeps them until the new ones come).
        dataRef.current = null;
        setData(null);
        setDetail(null);
        setError(null);
      }
    },
    clear() {
      abandonLoad();
      deepRun.current = null;
      loadId.current = client.nextId();
      setLoading(null);
      dataRef.current = null;
      setData(null);
      setError(null);
      setDetail(null);
    },
    deepSearch(terms) {
      const run = deepRun.current;
      if (!terms.length || run && terms.every((t) => run.terms.has(t))) return;
      const id = client.nextId();
      const load = loadId.current;
      const mine = deepRun.current = { id, terms: new Set(terms) };
      const sent = client.call({ type: "deep", id, terms }, (m) => {
        if (m.type === "deep") {
          if (load === loadId.current) {
            setData((d) =>
              d && {
                ...d,
                deep: new Map(d.deep ?? []).set(m.term, m.mask),
              }
            );
          }
          return false;
        }
        if (m.type !== "deep-done" && m.type !== "gone") return false;
        if (deepRun.current === mine) settle();
        return true;
      });
      if (!sent && deepRun.current === mine) settle();
      // This search ended, not for a newer one (the worker lost the file,
      // or is gone): a term it could not search finds nothing in headers
      // and bodies, so the list is not left waiting for it.
      function settle() {
        deepRun.current = null;
        if (load !== loadId.current) return;
        setData((d) => {
          if (!d) return d;
          const deep = new Map(d.deep ?? []);
          for (const t of terms) {
            if (!deep.has(t)) deep.set(t, new Uint8Array(d.columns.n));
          }
          return { ...d, deep };
        });
      }
    },
    requestDetail(index) {
      const id = detailId.current = client.nextId();
      setDetail(null);
      setDetailError("");
      client.call({ type: "detail", id, index }, (m) => {
        if (id !== detailId.current) return true;
        if (m.type === "detail") setDetail(m.detail);
        else if (m.type === "detail-error") setDetailError(m.message);
        else if (m.type === "gone") {
          setDetailError(goneMessage(m, client.timeoutMs));
        }
        return true;
      });
    },
    body(index, side) {
      const id = client.nextId();
      return new Promise((resolve) => {
        const sent = client.call({ type: "body", id, index, side }, (m) => {
          if (m.type === "body") {
            resolve({ blob: m.blob, name: m.name, error: m.error });
          } else if (m.type === "gone") {
            resolve({
              blob: null,
              name: "",
              error: goneMessage(m, client.timeoutMs),
            });
          }
          return true;
        });
        if (!sent) {
          resolve({
            blob: null,
            name: "",
            error: "The viewer is not built yet.",
          });
        }
      });
    },
    rowCopies(index) {
      const id = client.nextId();
      return new Promise((resolve) => {
        const sent = client.call({ type: "row-copies", id, index }, (m) => {
          if (m.type === "row-copies") {
            resolve({ offers: m.offers, error: m.error });
          } else if (m.type === "gone") {
            resolve({ offers: null, error: goneMessage(m, client.timeoutMs) });
          }
          return true;
        });
        if (!sent) {
          resolve({ offers: null, error: "The viewer is not built yet." });
        }
      });
    },
    rowCopy(index, kind) {
      const id = client.nextId();
      return new Promise((resolve) => {
        const sent = client.call({ type: "row-copy", id, index, kind }, (m) => {
          if (m.type === "row-copy") resolve({ text: m.text, error: m.error });
          else if (m.type === "gone") {
            resolve({ text: "", error: goneMessage(m, client.timeoutMs) });
          }
          return true;
        });
        if (!sent) resolve({ text: "", error: "The viewer is not built yet." });
      });
    },
    copyAll(kind, rows) {
      const id = client.nextId();
      const failed = (error: string) => ({
        text: "",
        copied: 0,
        note: "",
        error,
      });
      return new Promise((resolve) => {
        const sent = client.call(
          { type: "copy-all", id, kind, rows },
          (m) => {
            if (m.type === "copied-all") resolve(m);
            else if (m.type === "gone") {
              resolve(failed(goneMessage(m, client.timeoutMs)));
            }
            return true;
          },
        );
        if (!sent) resolve(failed("The viewer is not built yet."));
      });
    },
    sanitize(words, dropBodies) {
      const id = client.nextId();
      return new Promise((resolve) => {
        const sent = client.call(
          { type: "sanitize", id, words, dropBodies },
          (m) => {
            if (m.type === "sanitized") {
              resolve({ blob: m.blob, redacted: m.redacted, error: m.error });
            } else if (m.type === "gone") {
              resolve({
                blob: null,
                redacted: 0,
                error: goneMessage(m, client.timeoutMs),
              });
            }
            return true;
          },
        );
        if (!sent) {
          resolve({
            blob: null,
            redacted: 0,
            error: "The viewer is not built yet.",
          });
        }
      });
    },
  };
}
