/**
 * The SpecViewer's loading state machine: paste (debounced), file, drop,
 * example, session restore, all funnelled into one `SpecEngine` whose latest
 * request wins. Spec text only ever goes to the engine and this tab's
 * sessionStorage, never over the network. Nothing the first screen does
 * not show runs before it: a large file goes to the worker unread, and the
 * session store is written in pieces once the list shows.
 */
import { formatBytes } from "../../lib/shared/format.ts";
import { utf8Length } from "../../lib/shared/utf8_length.ts";
import { sameListing } from "../../lib/openapi/preview.ts";
import { NO_ABOUT } from "../../lib/openapi/about.ts";
import type { AboutInfo } from "../../lib/openapi/types.ts";
import { useEffect, useRef, useState } from "preact/hooks";
import type {
  SpecErrorInfo,
  SpecIndex,
  SpecWarning,
} from "../../lib/openapi/types.ts";
import { SpecEngine } from "./engine.ts";
import { BOX_LIMIT } from "../shared/large_paste.ts";
import type { ParseStage } from "./protocol.ts";
import * as session from "./session.ts";
import { handoffAsked } from "./use_handoff.ts";

/** Debounce of the paste box: parse once typing pauses. */
export const PASTE_DEBOUNCE_MS = 150;
export { BOX_LIMIT };

/** What the page shows about the current input. */
export interface LoaderState {
  index: SpecIndex | null;
  error: SpecErrorInfo | null;
  /** Set while reading or parsing, with a label naming the input. */
  busy: { stage: ParseStage; label: string } | null;
  /** One sentence for the status line (aria-live). */
  status: string;
  /** Input text of the current result when it is also in the paste box. */
  inBox: boolean;
  /** Warnings of the current spec; `checked` once the slower checks ran. */
  warnings: SpecWarning[];
  checked: boolean;
  /** True while `index` is a picked file's preview and its parse goes on. */
  preview: boolean;
  /**
   * True while that preview is the file's first rows only, from its first
   * bytes (lib/openapi/preview.ts `headIndex`): no count of it is the
   * document's, so none is shown.
   */
  head: boolean;
  /**
   * Which input `index` is of: a new number for each input read, the same
   * from its preview to its whole list. Parts that keep state per
   * operation (an opened webhook's detail) start afresh when it changes.
   */
  spec: number;
  /**
   * The named schemas of the whole parse (a preview has none): kept apart
   * from `index`, which stays the preview's own object when the whole
   * parse lists the same endpoints.
   */
  schemas: { names: string[]; count: number };
  /** The About block of the whole parse, kept apart as `schemas` is. */
  about: AboutInfo;
}

const NO_SCHEMAS = { names: [], count: 0 };

const EMPTY: LoaderState = {
  index: null,
  error: null,
  busy: null,
  status: "",
  inBox: true,
  warnings: [],
  checked: true,
  preview: false,
  head: false,
  spec: 0,
  schemas: NO_SCHEMAS,
  about: NO_ABOUT,
};

/**
 * A new input replaces a preview still shown: its list stays until the new
 * one comes, as a finished one does, but not its "reading the rest" status
 * (that parse was stopped), and the progress of the new input shows.
 */
export function leavePreview(s: LoaderState): LoaderState {
  // A file's first rows stay without counts (`head`): theirs are not the
  // document's.
  return s.preview ? { ...s, preview: false, status: "" } : s;
}

/** The loader hook; `box` is the paste box, filled for small inputs. */
export function useLoader(
  workerUrl: string | null,
  box: { current: HTMLTextAreaElement | null },
) {
  const [state, setState] = useState<LoaderState>(EMPTY);
  const [fileNote, setFileNote] = useState("");
  const engine = useRef<SpecEngine | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const touched = useRef(false);
  /** How many times the user gave or cleared an input (see `acts`). */
  const acted = useRef(0);
  const touch = () => {
    touched.current = true;
    acted.current++;
  };
  /** The last input's number (see `LoaderState.spec`). */
  const inputs = useRef(0);

  useEffect(() => {
    const e = new SpecEngine(workerUrl);
    engine.current = e;
    // Restore the spec of this tab after a reload, unless the user already
    // acted, or the compare tab hands one over (use_handoff.ts): what this
    // tab holds then is a copy of that tab's store (a tab opened by another
    // starts with a copy of its sessionStorage), not a spec shown here.
    if (handoffAsked()) {
      session.forget();
    } else {
      const saved = session.restore();
      if (saved && !touched.current) void run(saved.text, saved.name, true);
    }
    return () => e.dispose();
  }, []);

  /** Stops the session save still under way, if any. */
  const saving = useRef<() => void>(() => {});
  function remember(s: session.ToSave) {
    saving.current();
    saving.current = session.save(s);
  }

  /**
   * Parses `input` (a text, or a picked file the engine may hand to the
   * worker unread) named `name` ("" for pasted text).
   */
  async function run(
    input: string | File,
    name: string,
    fromStore = false,
    outOfBox = false,
  ) {
    const e = engine.current;
    if (!e) return;
    const spec = ++inputs.current;
    const size = typeof input === "string" ? input.length : input.size;
    // Said in bytes, as a file's size is: a text's UTF-8 length.
    const bytes = typeof input === "string" ? utf8Length(input) : input.size;
    const label = name
      ? `${name} (${formatBytes(bytes)})`
      : `pasted text (${formatBytes(bytes)})`;
    const fits = size <= BOX_LIMIT;
    // A small file's text, once the engine has read it (a large file's
    // text stays in the worker).
    const known = (t: string) => {
      if (fits && box.current) box.current.value = t;
    };
    if ((name || fromStore) && box.current) {
      box.current.value = fits && typeof input === "string" ? input : "";
      setFileNote(fits ? "" : `Showing ${label}. Paste here to replace it.`);
    }
    saving.current(); // the spec being replaced is not stored any more
    // A file is read first (loadFile said so already: no second render).
    const first = typeof input === "string" ? "parsing" : "reading";
    setState((s) => {
      const left = leavePreview(s);
      return left.busy?.stage === first && left.busy.label === label
        ? left
        : { ...left, busy: { stage: first, label } };
    });
    const r = await e.parse(
      input,
      // The page renders again only for a stage it shows: none while a
      // preview's rows are painted and looked at (the Progress is hidden).
      (stage) =>
        setState((s) =>
          s.preview || s.busy?.stage === stage
            ? s
            : { ...s, busy: { stage, label } }
        ),
      (warnings) => setState((s) => ({ ...s, warnings, checked: true })),
      known,
      (index, _ms, head) => {
        // The list from the file's outline (or its first rows, from its
        // first bytes); the whole parse goes on.
        const n = index.endpoints.length;
        setState((s) => ({
          ...s,
          index,
          error: null,
          inBox: !outOfBox && (fits || !name),
          warnings: [],
          checked: false,
          preview: true,
          head,
          spec,
          schemas: NO_SCHEMAS,
          about: NO_ABOUT,
          status: head
            ? `Listing ${label}: its first endpoints are shown; reading the rest…`
            : `Listed ${label}: ${n} endpoint${
              n === 1 ? "" : "s"
            }; reading the rest…`,
        }));
      },
    );
    if (!r) return; // superseded by a newer input
    const ms = r.ms < 10 ? r.ms.toFixed(1) : r.ms.toFixed(0);
    if (r.ok) {
      const n = r.index.endpoints.length;
      setState((s) => ({
        // The preview's own object when the whole parse lists the same: the
        // list is not rendered again for an equal one.
        index: s.preview && s.index && sameListing(s.index, r.index)
          ? s.index
          : r.index,
        error: null,
        busy: null,
        inBox: !outOfBox && (fits || !name),
        warnings: r.index.warnings,
        checked: r.index.checked,
        preview: false,
        head: false,
        spec,
        schemas: { names: r.index.schemas, count: r.index.schemaCount },
        about: r.index.about,
        status: `Read ${label}: ${n} endpoint${
          n === 1 ? "" : "s"
        } in ${ms} ms.`,
      }));
      // Stored in pieces while the page is idle, once the list shows.
      if (!fromStore) {
        remember(
          typeof input === "string" ? { text: input, name } : {
            file: input,
            name,
          },
        );
      }
    } else {
      setState({
        index: null,
        error: r.error,
        busy: null,
        inBox: !outOfBox && (fits || !name),
        warnings: [],
        checked: true,
        preview: false,
        head: false,
        spec,
        schemas: NO_SCHEMAS,
        about: NO_ABOUT,
        status: `Rejected ${label}: ${r.error.message}`,
      });
    }
  }

  return {
    state,
    fileNote,
    /**
     * Counts the user's inputs and clears: work started for one input (the
     * example's fetch) checks it is still the last before it loads.
     */
    acts: () => acted.current,
    /** The paste box changed: parse after a pause in typing. */
    onInput(text: string) {
      touch();
      clearTimeout(timer.current);
      setFileNote("");
      if (!text.trim()) {
        engine.current?.reset();
        saving.current();
        session.forget();
        setState(EMPTY);
        return;
      }
      if (text.length > BOX_LIMIT && box.current) {
        // A huge paste: take it out of the box before the browser lays it
        // out (over a second for 3 MB in Chromium), and parse it at once.
        box.current.value = "";
        setFileNote(
          `Showing pasted text (${
            formatBytes(utf8Length(text))
          }). Paste here to replace it.`,
        );
        void run(text, "", false, true);
        return;
      }
      timer.current = setTimeout(() => void run(text, ""), PASTE_DEBOUNCE_MS);
    },
    /** Text from a file, a drop or the example: parse at once. */
    loadText(text: string, name: string) {
      touch();
      clearTimeout(timer.current);
      void run(text, name);
    },
    /** A picked or dropped file: a large one is read by the worker. */
    loadFile(file: File) {
      touch();
      clearTimeout(timer.current);
      const label = `${file.name} (${formatBytes(file.size)})`;
      // Another file is another document: what showed of the last one
      // (its title, count, rows) goes at once, so nothing read from the
      // page meanwhile is the old file's. Typing keeps the list it
      // replaces until the new one comes, so a keystroke never blanks it.
      setState((s) => ({
        ...EMPTY,
        spec: s.spec,
        busy: { stage: "reading", label },
      }));
      void run(file, file.name);
    },
    clear() {
      touch();
      clearTimeout(timer.current);
      engine.current?.reset();
      saving.current();
      session.forget();
      if (box.current) box.current.value = "";
      setFileNote("");
      setState({ ...EMPTY, status: "Cleared." });
    },
    /**
     * A file or text is likely to come (the pointer or the focus is on the
     * file button or the paste box, or files are dragged over the page):
     * the worker starts, and warms what a picked file needs while the
     * person picks (a file dialog takes seconds). Pages left unused start
     * nothing.
     */
    warm() {
      engine.current?.warm();
    },
    detail: (op: Parameters<SpecEngine["detail"]>[0]) =>
      engine.current?.detail(op) ?? Promise.resolve(null),
    schema: (name: string) =>
      engine.current?.schema(name) ?? Promise.resolve(null),
    nodes: (ids: number[], depth: number) =>
      engine.current?.nodes(ids, depth) ?? Promise.resolve([]),
    ahead: (op: Parameters<SpecEngine["ahead"]>[0], pressed?: boolean) =>
      engine.current?.ahead(op, pressed),
    /** An opened operation's detail is painted (see `SpecEngine.shown`). */
    shown: () => engine.current?.shown(),
  };
}
