/**
 * The page side of the HAR worker: starts it, sends loads, and turns its
 * messages into state. A new load while one is running terminates the busy
 * worker (a 100 MB JSON.parse cannot be interrupted any other way).
 */
import { useCallback, useEffect, useRef, useState } from "preact/hooks";
import type { HarColumns } from "../../lib/har/columns.ts";
import type { HarDetail } from "../../lib/har/detail.ts";
import type { HarErrorInfo } from "../../lib/har/errors.ts";
import type {
  FromWorker,
  HarMeta,
  LoadPhase,
  ToWorker,
} from "../../lib/har/protocol.ts";

/** A loaded file as the page holds it. */
export interface LoadedHar {
  name: string;
  bytes: number;
  columns: HarColumns;
  meta: HarMeta;
  ms: number;
  /** "paste" or "file": a cleared paste box unloads only pasted input. */
  source: "paste" | "file";
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
}

/** Runs the worker at `url` (null before the bundles are built). */
export function useHarWorker(url: string | null): HarWorkerState {
  const worker = useRef<Worker | null>(null);
  const seq = useRef(0);
  const loadId = useRef(0);
  const detailId = useRef(0);
  const busy = useRef(false);
  const source = useRef<"paste" | "file">("file");
  const pending = useRef(new Map<number, (m: FromWorker) => void>());
  const [loading, setLoading] = useState<LoadProgress | null>(null);
  const [data, setData] = useState<LoadedHar | null>(null);
  const dataRef = useRef<LoadedHar | null>(null);
  const [error, setError] = useState<HarErrorInfo | null>(null);
  const [detail, setDetail] = useState<HarDetail | null>(null);
  const [detailError, setDetailError] = useState("");

  const onMessage = useCallback((ev: MessageEvent<FromWorker>) => {
    const m = ev.data;
    if (m.type === "orders") {
      // Filled in place: nothing on screen changes, a later sort finds them.
      if (m.id === loadId.current && dataRef.current) {
        const o = dataRef.current.columns.orders;
        for (const [k, v] of Object.entries(m.orders)) {
          if (!o[k as keyof typeof o]) o[k as keyof typeof o] = v;
        }
      }
    } else if (m.type === "secrets") {
      if (m.id !== loadId.current) return;
      setData((d) => d && { ...d, meta: { ...d.meta, secrets: m.secrets } });
    } else if (
      m.type === "progress" || m.type === "loaded" || m.type === "error"
    ) {
      if (m.id !== loadId.current) return; // an abandoned load
      if (m.type === "progress") {
        setLoading({ phase: m.phase, done: m.done, total: m.total });
        return;
      }
      busy.current = false;
      setLoading(null);
      setDetail(null);
      if (m.type === "error") {
        setError(m.error);
        dataRef.current = null;
        setData(null);
      } else {
        const { type: _t, id: _i, ...rest } = m;
        setError(null);
        const next = { ...rest, source: source.current };
        dataRef.current = next; // the "orders" message may come before a render
        setData(next);
      }
    } else if (m.type === "detail") {
      if (m.id === detailId.current) setDetail(m.detail);
    } else if (m.type === "detail-error") {
      if (m.id === detailId.current) setDetailError(m.message);
    } else {
      pending.current.get(m.id)?.(m);
      pending.current.delete(m.id);
    }
  }, []);

  const start = useCallback(() => {
    worker.current?.terminate();
    if (!url) return null;
    const w = new Worker(url, { type: "module" });
    w.onmessage = onMessage;
    w.onerror = (e) => {
      e.preventDefault();
      busy.current = false;
      setLoading(null);
      setError({ kind: "json", message: `The parser failed: ${e.message}` });
    };
    worker.current = w;
    return w;
  }, [url, onMessage]);

  useEffect(() => {
    start();
    return () => worker.current?.terminate();
  }, [start]);

  const post = (msg: ToWorker) => worker.current?.postMessage(msg);

  return {
    loading,
    data,
    error,
    detail,
    detailError,
    load(input, name, src) {
      if (busy.current) start();
      if (!worker.current) {
        setError({ kind: "json", message: "The viewer is not built yet." });
        return;
      }
      busy.current = true;
      source.current = src;
      const id = loadId.current = ++seq.current;
      setLoading({
        phase: typeof input === "string" ? "parse" : "read",
        done: 0,
        total: 0,
      });
      if (typeof input === "string") {
        post({ type: "load", id, text: input, name });
      } else post({ type: "load", id, file: input, name });
    },
    clear() {
      if (busy.current) start();
      busy.current = false;
      loadId.current = ++seq.current;
      setLoading(null);
      dataRef.current = null;
      setData(null);
      setError(null);
      setDetail(null);
    },
    requestDetail(index) {
      const id = detailId.current = ++seq.current;
      setDetail(null);
      setDetailError("");
      post({ type: "detail", id, index });
    },
    sanitize(words, dropBodies) {
      const id = ++seq.current;
      return new Promise((resolve) => {
        pending.current.set(id, (m) => {
          if (m.type === "sanitized") {
            resolve({ blob: m.blob, redacted: m.redacted, error: m.error });
          }
        });
        post({ type: "sanitize", id, words, dropBodies });
      });
    },
  };
}
