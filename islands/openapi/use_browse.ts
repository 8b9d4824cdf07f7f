/**
 * The browsing state of the SpecViewer: filter, selection, keyboard focus
 * and the open operation's detail, with the filter and selection mirrored
 * in the URL fragment (they survive a reload; the fragment never reaches a
 * server).
 */
import { useEffect, useMemo, useRef, useState } from "preact/hooks";
import {
  applyFilter,
  compileFilter,
  copyText,
  hasQueryMethod,
} from "../../lib/openapi/filter.ts";
import type {
  Endpoint,
  OperationDetail,
  SpecIndex,
} from "../../lib/openapi/types.ts";
import { copyText as writeClipboard } from "../shared/clipboard.ts";
import {
  opKey,
  peerLink,
  pushHash,
  readHash,
  replaceHash,
  schemaLink,
} from "./hash.ts";
import { whenIdle } from "../shared/idle.ts";
import { isAnchorFragment } from "../shared/fragment.ts";
import type { OperationRef } from "./protocol.ts";

/** The operation of a listed endpoint. */
function refOf(e: Endpoint): OperationRef {
  return { container: "paths", path: e.path, method: e.method };
}

/**
 * Whether `sel` (from the fragment) names `e`: `method path`, or its
 * operationId. The method matches in any case: a 3.2 `additionalOperations`
 * key is listed as written (`COPY`), while links from other pages and
 * viewers write methods lower-cased; a document cannot hold both (3.2
 * forbids a fixed field's method there, and two keys differing in case
 * only name the same custom method to no client).
 */
function names(e: Endpoint, sel: string): boolean {
  const key = opKey(e.method, e.path);
  if (key === sel) return true;
  if (e.operationId !== "" && e.operationId === sel) return true;
  const m = e.method.length;
  return sel.length === key.length && sel.slice(m) === key.slice(m) &&
    sel.slice(0, m).toLowerCase() === e.method.toLowerCase();
}

/**
 * How long the pointer or the focus rests on a row before its detail is
 * asked for ahead: a reader moves onto a row some 100-300 ms before the
 * click, time the worker spends building the detail, so the click shows it
 * in the next frame instead of after a round trip (about 45 ms for
 * Stripe's charge). Rows passed over on the way elsewhere ask nothing.
 */
export const INTENT_MS = 60;
/** Longest wait for an idle period before the fragment is written anyway. */
const HASH_WITHIN_MS = 1000;

/**
 * The browse hook; `fetchDetail` asks the engine for an operation (the same
 * answer when asked twice), `ahead` for one likely to be opened next.
 * `head` says `index` lists a file's first rows only: an operation the
 * address names that they lack may come with the rest.
 */
export function useBrowse(
  index: SpecIndex | null,
  fetchDetail: (op: OperationRef) => Promise<OperationDetail | null>,
  ahead: (op: OperationRef, pressed?: boolean) => void = () => {},
  head = false,
) {
  const [filter, setFilter] = useState("");
  const [selected, setSelected] = useState("");
  // The named schema opened last, and how many times the fragment named
  // one (a link followed, the address edited): only those open it.
  const [schema, setSchema] = useState("");
  const [schemaAsked, setSchemaAsked] = useState(0);
  const [schemaDropped, setSchemaDropped] = useState({ name: "", seq: 0 });
  const [active, setActive] = useState(-1);
  // Bumped to scroll the active row into view (and focus it, or not).
  const [jump, setJump] = useState({ seq: 0, focus: true });
  const goTo = (focus: boolean) => setJump((j) => ({ seq: j.seq + 1, focus }));
  // The last answer, with the spec and operation it is for: a detail shows
  // only under its own row (never the previous one's for a frame), and an
  // answer that comes late for a row closed meanwhile shows nowhere.
  const [loaded, setLoaded] = useState<
    { index: SpecIndex; key: string; detail: OperationDetail | null } | null
  >(null);
  const [copied, setCopied] = useState("");
  const intentTimer = useRef<ReturnType<typeof setTimeout> | undefined>(
    undefined,
  );
  useEffect(() => () => clearTimeout(intentTimer.current), []);

  // Filter, selection and schema live in the URL fragment (survive
  // reloads).
  const current = useRef({ filter, op: selected, schema });
  current.current = { filter, op: selected, schema };
  // The operation and schema the address bar holds: another one opened
  // writes a history entry (Back returns to this one), where the filter's
  // keystrokes replace the entry.
  const written = useRef({ op: "", schema: "" });
  // An operation the fragment names that the document does not have.
  const [missing, setMissing] = useState("");
  // The address named an operation (a link opened, Back, an edit): shown
  // when its row is listed, as Swagger UI and Redoc scroll to theirs.
  const reveal = useRef(false);
  useEffect(() => {
    const sync = () => {
      // A skip link's `#main` leaves the view (and puts it back in the
      // URL); another viewer's deep link is read.
      if (
        isAnchorFragment(location.hash) && peerLink(location.hash) === null &&
        schemaLink(location.hash) === null
      ) {
        return replaceHash(current.current);
      }
      const h = readHash(location.hash);
      // A schema the address named and names no more (an edit by hand,
      // Back): closed by the page, as a dropped operation is unselected.
      const was = written.current.schema;
      if (was && !h.schema) {
        setSchemaDropped((d) => ({ name: was, seq: d.seq + 1 }));
      }
      written.current = { op: h.op, schema: h.schema };
      // The operation the address names is scrolled to once it is listed.
      reveal.current = !!h.op;
      setFilter(h.filter);
      setSelected(h.op);
      setSchema(h.schema);
      if (h.schema) setSchemaAsked((n) => n + 1);
    };
    sync();
    addEventListener("hashchange", sync);
    return () => removeEventListener("hashchange", sync);
  }, []);
  // Written once typing pauses, in idle time (`replaceState` waits on the
  // browser process, 1-10 ms here): not between the frames of an
  // operation filling in; within a second at most, since a still page may
  // have no idle period until the next input, and the address bar would
  // name the operation opened before.
  useEffect(() => {
    let cancel = () => {};
    const t = setTimeout(() => {
      cancel = whenIdle(
        () => {
          const s = { filter, op: selected, schema };
          const w = written.current;
          (s.op !== w.op || s.schema !== w.schema ? pushHash : replaceHash)(s);
          written.current = { op: s.op, schema: s.schema };
        },
        2,
        undefined,
        HASH_WITHIN_MS,
      );
    }, 120);
    return () => {
      clearTimeout(t);
      cancel();
    };
  }, [filter, selected, schema]);

  // The filter's tag and method terms keep their identity while they say
  // the same (most keystrokes type a path word): the parts that read them
  // (the header, About, the open operation) are memoised on it.
  const terms = useRef<{ tags: string[]; methods: string[] }>({
    tags: [],
    methods: [],
  });
  const compiled = useMemo(() => {
    const c = compileFilter(
      filter,
      index?.extraMethods,
      index ? hasQueryMethod(index) : true,
    );
    const was = terms.current;
    if (sameList(c.tags, was.tags)) c.tags = was.tags;
    if (sameList(c.methods, was.methods)) c.methods = was.methods;
    terms.current = { tags: c.tags, methods: c.methods };
    return c;
  }, [filter, index]);
  const shown = useMemo(
    () => index ? applyFilter(index.endpoints, compiled) : [],
    [index, compiled],
  );
  const selIdx = useMemo(
    () => selected ? shown.findIndex((e) => names(e, selected)) : -1,
    [shown, selected],
  );

  // The fragment's operation, resolved against the document: an
  // operationId or an upper-case method becomes `method path` (no history
  // entry of its own); one the document does not have is said, and dropped.
  useEffect(() => setMissing(""), [index]);
  useEffect(() => {
    if (!index || !selected) return;
    const e = index.endpoints.find((x) => names(x, selected));
    const key = e ? opKey(e.method, e.path) : "";
    if (key === selected || (!e && head)) return;
    if (!e) setMissing(selected);
    if (written.current.op === selected) written.current.op = key;
    setSelected(key);
  }, [index, selected, head]);

  // The address's operation scrolls into view once its row is listed (a
  // spec loaded after the link was opened, or an address changed since).
  useEffect(() => {
    if (!reveal.current || selIdx < 0) return;
    reveal.current = false;
    setActive(selIdx);
    goTo(false);
  }, [selIdx]);
  // A restored selection scrolls into view once its spec is loaded.
  useEffect(() => {
    if (selIdx >= 0) {
      setActive(selIdx);
      goTo(false);
    } else if (shown.length) {
      // Enter in the filter box opens the first row shown: its detail is
      // asked for now, while the reader looks at the list (the worker is
      // idle).
      ahead(refOf(shown[0]));
    }
  }, [index]);

  // The operation asked for last, and of which spec: an answer for another
  // one (a slow row opened before a quick one), or the same one's of the
  // spec before (its worker answering late, after the new spec's came) is
  // not kept: it would take the place of the new spec's answer, and its
  // row would show "Loading…" for good.
  const wanted = useRef<{ index: SpecIndex; key: string } | null>(null);
  /** Asks for `e`'s detail; it shows when it comes, if `e` is still open. */
  const load = (e: Endpoint) => {
    if (!index) return;
    const key = opKey(e.method, e.path);
    const asked = { index, key };
    wanted.current = asked;
    fetchDetail(refOf(e)).then((d) =>
      setLoaded((cur) =>
        wanted.current !== asked ||
          (cur?.index === index && cur.key === key && cur.detail === d)
          ? cur // another was asked for since, or this one twice: no render
          : { index, key, detail: d }
      )
    );
  };
  const open = selIdx >= 0 ? shown[selIdx] : null;
  const detail: OperationDetail | "loading" | null = !open
    ? null
    : loaded && loaded.index === index && loaded.key === selected
    ? loaded.detail
    : "loading";

  // A selection from the URL, or one a new spec keeps (the engine answers
  // a detail asked twice once).
  useEffect(() => {
    if (open) load(open);
  }, [index, selected, !!open]);

  function toggle(i: number) {
    setMissing("");
    const e = shown[i];
    const k = opKey(e.method, e.path);
    // Asked now, not in the effect above: effects run after the next paint,
    // a frame the worker can spend building the detail instead.
    if (k !== selected) load(e);
    setSelected((cur) => (cur === k ? "" : k));
    setActive(i);
  }
  /**
   * Row `i` may be opened next: its detail is asked ahead if it rests, or
   * at once when pressed (`now`: the click follows when the press ends, a
   * tenth of a second or so later, the worker's head start).
   */
  function intent(i: number, now = false) {
    clearTimeout(intentTimer.current);
    const e = shown[i];
    if (!e || opKey(e.method, e.path) === selected) return;
    if (now) ahead(refOf(e), true);
    else intentTimer.current = setTimeout(() => ahead(refOf(e)), INTENT_MS);
  }
  function onFilterKey(ev: KeyboardEvent) {
    if (ev.key === "ArrowDown" && shown.length) {
      ev.preventDefault();
      setActive((a) => Math.max(0, Math.min(a, shown.length - 1)));
      goTo(true);
    } else if (ev.key === "Enter" && shown.length) {
      ev.preventDefault();
      toggle(active >= 0 && active < shown.length ? active : 0);
    } else if (ev.key === "Escape" && filter) {
      ev.preventDefault();
      setFilter("");
    }
  }
  async function copy() {
    const n = shown.length;
    const ok = await writeClipboard(copyText(shown));
    setCopied(
      ok ? `Copied ${n} endpoint${n === 1 ? "" : "s"} ✓` : "Copy failed",
    );
    setTimeout(() => setCopied(""), 2500);
  }

  return {
    filter,
    setFilter,
    setSelected,
    schema,
    setSchema,
    schemaAsked,
    schemaDropped,
    active,
    setActive,
    jump,
    goTo,
    detail,
    copied,
    missing,
    /** The open operation as the fragment keeps it (`method path`), or "". */
    selected,
    compiled,
    shown,
    selIdx,
    toggle,
    intent,
    onFilterKey,
    copy,
  };
}

/** True when `a` and `b` hold the same strings in the same order. */
function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}
