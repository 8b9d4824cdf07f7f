/**
 * The page side of the compare worker, through the shared worker client:
 * each side is sent as soon as it is given (a picked or dropped file as
 * its Blob, read in the worker), answers become state, and later calls
 * (the filter, a row's detail, exports) are tied to the comparison they
 * asked about. Spec text only ever goes to the worker, never the network.
 */
import { useEffect, useMemo, useRef, useState } from "preact/hooks";
import type { Side, SideInfo } from "../../lib/openapi/compare/types.ts";
import type { SpecErrorInfo, SpecWarning } from "../../lib/openapi/types.ts";
import { WorkerClient, type WorkerGone } from "../shared/worker_client.ts";
import type {
  ChangeDetailData,
  FromWorker,
  ResultData,
  ToWorker,
  ViewQuery,
} from "./protocol.ts";

/** Where one side stands. */
export interface SideState {
  status: "empty" | "parsing" | "ok" | "error";
  /** The file's name, or "pasted text". */
  name: string;
  bytes: number;
  info: SideInfo | null;
  operations: number;
  /** What reading it read past, located (see lib/openapi/load.ts). */
  warnings: SpecWarning[];
  ms: number;
  error: SpecErrorInfo | null;
}

/** What the page gives a side. */
export type SideInput = { file: Blob; name: string } | {
  text: string;
  name: string;
};

const EMPTY_SIDE: SideState = {
  status: "empty",
  name: "",
  bytes: 0,
  info: null,
  operations: 0,
  warnings: [],
  ms: 0,
  error: null,
};

/** Both sides. */
export type Sides = Record<Side, SideState>;

/** The other side. */
export function other(side: Side): Side {
  return side === "base" ? "revision" : "base";
}

function sameView(a: ViewQuery, b: ViewQuery): boolean {
  return a.filter === b.filter && a.levels.join() === b.levels.join();
}

/** Why a worker that went away left a call unanswered, in words. */
function goneMessage(g: WorkerGone, timeoutMs: number): string {
  if (g.reason === "timeout") {
    return `The parser stopped answering for ${
      timeoutMs / 1000
    } s and was stopped; give another document to try again`;
  }
  if (g.reason === "crashed") return `The parser failed: ${g.message ?? ""}`;
  return "The parser was stopped.";
}

/** State and actions of {@link useCompare}. */
export interface CompareState {
  sides: Sides;
  result: ResultData | null;
  /** Indices of the rows shown, in list order. */
  shown: Uint32Array;
  /** The operation a shown row is listed under, where the filter named it. */
  focus: ReadonlyMap<number, string>;
  comparing: boolean;
  /** Why the comparison stopped ("" when it did not). */
  failure: string;
  /** The input it stopped in, when one alone did (else null). */
  failureSide: Side | null;
  give(side: Side, input: SideInput): void;
  /** What `side` was last given (the text or file compared), or null. */
  input(side: Side): SideInput | null;
  clear(side: Side): void;
  swap(): void;
  setView(q: ViewQuery): void;
  detail(index: number): Promise<ChangeDetailData | null>;
  exportMarkdown(q: ViewQuery): Promise<{ text: string; count: number } | null>;
  exportJson(q: ViewQuery): Promise<{ blob: Blob; count: number } | null>;
}

/** Callbacks of {@link useCompare} for the paste boxes, which it does not own. */
export interface CompareEvents {
  /** A picked file's text, small enough for the paste box, came back. */
  onBoxText(side: Side, text: string): void;
}

/** Runs the compare worker at `url` (null before the bundles are built). */
export function useCompare(
  url: string | null,
  view: ViewQuery,
  events: CompareEvents,
): CompareState {
  const client = useMemo(
    () => new WorkerClient<ToWorker, FromWorker>(url),
    [url],
  );
  const [sides, setSides] = useState<Sides>({
    base: EMPTY_SIDE,
    revision: EMPTY_SIDE,
  });
  const [result, setResult] = useState<ResultData | null>(null);
  const [shown, setShown] = useState<Uint32Array>(new Uint32Array());
  const [focus, setFocus] = useState<ReadonlyMap<number, string>>(new Map());
  const [comparing, setComparing] = useState(false);
  const [failure, setFailure] = useState("");
  const [failureSide, setFailureSide] = useState<Side | null>(null);
  const sidesRef = useRef(sides);
  sidesRef.current = sides;
  const gen = useRef(0);
  const viewRef = useRef(view);
  viewRef.current = view;
  /** The view the worker was last told, with a side or a swap. */
  const sentView = useRef(view);
  const ev = useRef(events);
  ev.current = events;
  /** The open call of each side (a newer input replaces it). */
  const sideCall = useRef<Record<Side, number>>({ base: 0, revision: 0 });
  /** The call a comparison is expected from (the last side given, or a swap). */
  const compareCall = useRef(0);
  const viewCall = useRef(0);
  /** What each side was given, to send again to a worker that restarted. */
  const inputs = useRef<Record<Side, SideInput | null>>({
    base: null,
    revision: null,
  });
  /** The running worker holds this side's document. */
  const held = useRef<Record<Side, boolean>>({ base: false, revision: false });

  useEffect(() => {
    client.start(); // warm: the first file parses sooner
    return () => client.stop();
  }, [client]);

  const setSide = (side: Side, s: Partial<SideState>) =>
    setSides((all) => ({ ...all, [side]: { ...all[side], ...s } }));

  const dropResult = () => {
    gen.current = 0;
    setResult(null);
    setShown(new Uint32Array());
    setFocus(new Map());
    setComparing(false);
  };

  /** Handles the comparison-ending messages of call `id`; true once done. */
  function onCompare(id: number, m: FromWorker | WorkerGone): boolean {
    if (id !== compareCall.current) return true;
    switch (m.type) {
      case "comparing":
        setComparing(true);
        return false;
      case "result": {
        const { type: _t, id: _i, rowsJson, ...rest } = m;
        const data: ResultData = { ...rest, rows: JSON.parse(rowsJson) };
        gen.current = data.gen;
        setFailure("");
        setFailureSide(null);
        setComparing(false);
        setResult(data);
        setShown(data.shown);
        setFocus(data.focus);
        // The filter changed while the worker compared: ask again.
        if (!sameView(sentView.current, viewRef.current)) {
          requestView(viewRef.current);
        }
        return true;
      }
      case "idle":
        setComparing(false);
        return true;
      case "failed":
        dropResult();
        setFailure(m.message);
        setFailureSide(m.side ?? null);
        return true;
      case "gone":
        held.current = { base: false, revision: false };
        dropResult();
        setFailure(goneMessage(m, client.timeoutMs));
        return true;
      default:
        return false;
    }
  }

  function requestView(q: ViewQuery): void {
    const g = gen.current;
    if (!g) return;
    client.cancel(viewCall.current);
    const id = viewCall.current = client.nextId();
    client.call({ type: "view", id, gen: g, view: q }, (m) => {
      if (m.type === "view" && m.gen === gen.current) {
        setShown(m.shown);
        setFocus(m.focus);
      }
      return m.type !== "comparing"; // every other answer ends the call
    });
  }

  function send(side: Side, input: SideInput, quiet: boolean): void {
    client.cancel(sideCall.current[side]);
    sentView.current = viewRef.current;
    const id = sideCall.current[side] = client.nextId();
    compareCall.current = id;
    held.current[side] = false;
    const msg: ToWorker = "file" in input
      ? {
        type: "side",
        id,
        side,
        file: input.file,
        name: input.name,
        view: viewRef.current,
      }
      : {
        type: "side",
        id,
        side,
        text: input.text,
        name: input.name,
        view: viewRef.current,
      };
    const sent = client.call(msg, (m) => {
      // A swap moves a side being read to the other side, call and all.
      const calls = sideCall.current;
      const side = calls.base === id
        ? "base"
        : calls.revision === id
        ? "revision"
        : null;
      if (!side) return true;
      switch (m.type) {
        case "parsed":
          held.current[side] = true;
          if (m.text !== undefined) ev.current.onBoxText(side, m.text);
          setSide(side, {
            status: "ok",
            info: m.info,
            operations: m.operations,
            warnings: m.warnings,
            bytes: m.bytes,
            ms: m.ms,
            error: null,
          });
          return false;
        case "rejected":
          if (m.text !== undefined) ev.current.onBoxText(side, m.text);
          dropResult();
          setSide(side, { status: "error", info: null, error: m.error });
          return false;
        case "gone":
          if (!quiet) {
            setSide(side, {
              status: "error",
              info: null,
              error: {
                kind: "syntax",
                message: goneMessage(m, client.timeoutMs),
              },
            });
          }
          return onCompare(id, m);
        default:
          return onCompare(id, m);
      }
    });
    if (!sent) {
      setSide(side, {
        status: "error",
        error: { kind: "syntax", message: "The comparer is not built yet." },
      });
      return;
    }
    if (!quiet) {
      setFailure("");
      setFailureSide(null);
      dropResult();
      setSide(side, {
        status: "parsing",
        name: input.name,
        bytes: "file" in input ? input.file.size : input.text.length,
        info: null,
        error: null,
      });
    }
  }

  /** Sends the other side again when the worker restarted since it was read. */
  function resendOther(side: Side): void {
    const o = other(side);
    const input = inputs.current[o];
    if (input && !held.current[o] && sidesRef.current[o].status === "ok") {
      send(o, input, true);
    }
  }

  function request<T>(
    msg: ToWorker,
    pick: (m: FromWorker) => T | undefined,
  ): Promise<T | null> {
    return new Promise((resolve) => {
      const sent = client.call(msg, (m) => {
        if (m.type === "gone" || m.type === "failed" || m.type === "stale") {
          resolve(null);
          return true;
        }
        const v = pick(m);
        if (v === undefined) return false;
        resolve(v);
        return true;
      });
      if (!sent) resolve(null);
    });
  }

  return {
    sides,
    result,
    shown,
    focus,
    comparing,
    failure,
    failureSide,
    give(side, input) {
      inputs.current[side] = input;
      resendOther(side);
      send(side, input, false);
    },
    input(side) {
      return inputs.current[side];
    },
    clear(side) {
      inputs.current[side] = null;
      client.cancel(sideCall.current[side]);
      const id = sideCall.current[side] = client.nextId();
      held.current[side] = false;
      if (client.running) client.call({ type: "clear", id, side }, () => true);
      client.cancel(id); // nothing is answered to a clear
      dropResult();
      setSide(side, EMPTY_SIDE);
    },
    swap() {
      const i = inputs.current;
      [i.base, i.revision] = [i.revision, i.base];
      const h = held.current;
      [h.base, h.revision] = [h.revision, h.base];
      const s = sideCall.current;
      [s.base, s.revision] = [s.revision, s.base];
      setSides((all) => ({ base: all.revision, revision: all.base }));
      if (!client.running && !h.base && !h.revision) return;
      const id = compareCall.current = client.nextId();
      dropResult();
      sentView.current = viewRef.current;
      client.call(
        { type: "swap", id, view: viewRef.current },
        (m) => onCompare(id, m),
      );
    },
    setView(q) {
      viewRef.current = q;
      requestView(q);
    },
    detail(index) {
      const g = gen.current;
      if (!g) return Promise.resolve(null);
      return request(
        { type: "detail", id: client.nextId(), gen: g, index },
        (m) => m.type === "detail" && m.gen === g ? m.detail : undefined,
      );
    },
    exportMarkdown(q) {
      const g = gen.current;
      if (!g) return Promise.resolve(null);
      return request(
        {
          type: "export",
          id: client.nextId(),
          gen: g,
          format: "markdown",
          view: q,
        },
        (m) =>
          m.type === "exported" && m.text !== undefined
            ? { text: m.text, count: m.count }
            : undefined,
      );
    },
    exportJson(q) {
      const g = gen.current;
      if (!g) return Promise.resolve(null);
      return request(
        {
          type: "export",
          id: client.nextId(),
          gen: g,
          format: "json",
          view: q,
        },
        (m) =>
          m.type === "exported" && m.blob
            ? { blob: m.blob, count: m.count }
            : undefined,
      );
    },
  };
}
