/**
 * HAR viewer island (/har). Parsing runs in a Web Worker; the
 * page keeps compact columns, filters them in one pass per update and
 * renders only the rows in view. Sort, filters and selection live in the
 * URL fragment. Nothing read here is ever sent anywhere.
 */
import { redirectedTo } from "../../lib/har/redirect.ts";
import { useSlashKey } from "../shared/slash_key.ts";
import {
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
} from "preact/hooks";
import { keyOrigin, urlOf } from "../../lib/har/entries.ts";
import { formatCount } from "../../lib/shared/format.ts";
import { copyText, copyTextLater } from "../shared/clipboard.ts";
import { saveBlob } from "../shared/download.ts";
import { DetailPanel } from "./DetailPanel.tsx";
import { CopyAll } from "./CopyAll.tsx";
import type { CopyAllKind } from "../../lib/har/copy_all.ts";
import { InputBar } from "./InputBar.tsx";
import { LinkedViewNote } from "../shared/LinkedViewNote.tsx";
import { RequestList } from "./RequestList.tsx";
import { type OffersState, type RowCopyPick, RowMenu } from "./RowMenu.tsx";
import { SecretsBanner } from "./SecretsBanner.tsx";
import { ErrorBox, FileInfo, Progress, StatusLine } from "./Status.tsx";
import { Summary } from "./Summary.tsx";
import { Toolbar } from "./Toolbar.tsx";
import { useHarWorker } from "./use_har_worker.ts";
import { useHashState } from "./use_hash_state.ts";
import { linkedParts } from "./hash_state.ts";
import { useFileSelection } from "./use_selection.ts";
import { useView } from "./use_view.ts";
import { usePatternMasks } from "./use_pattern_masks.ts";
import { PATTERN_BUDGET_MS } from "../../lib/har/url_pattern.ts";
import { invalidPatterns, patternTerms } from "../../lib/har/search.ts";
import { useDeferredQuery } from "./use_deferred_query.ts";
import { useDeferredSort } from "./use_deferred_sort.ts";
import { Legend } from "./Waterfall.tsx";

/** The name a sanitized copy is saved under: `capture.har` → `capture.sanitized.har`. */
function sanitizedName(name: string): string {
  return `${name.replace(/\.(har|json)$/i, "") || "capture"}.sanitized.har`;
}

/**
 * Why the query's patterns `terms` match nothing: each was stopped, too
 * slow over this file's URLs (a backtracking pattern can take minutes on
 * one long URL, as a `data:` URL is) or not testable at all. Read as
 * matching nothing rather than as text: the person wrote a pattern, and
 * its text would pass off an answer to another question.
 */
function stoppedNote(
  terms: string[],
  why: ReadonlyMap<string, "slow" | "failed">,
): string {
  const list = terms.join(" ");
  const one = terms.length === 1;
  return terms.every((t) => why.get(t) === "slow")
    ? `The pattern${one ? "" : "s"} ${list} took over ${
      PATTERN_BUDGET_MS / 1000
    } s on this file's URLs and ${one ? "was" : "were"} stopped, so ${
      one ? "it matches" : "they match"
    } no request here: a repeat tried from each character of a long URL (a data: URL) can take minutes.`
    : `The pattern${one ? "" : "s"} ${list} could not be tested, so ${
      one ? "it matches" : "they match"
    } no request here.`;
}

/** The invalid-pattern note's id, which the search box is described by. */
const INVALID_NOTE_ID = "har-pattern-invalid-note";

/**
 * What became of the query's terms written `/pattern/` that do not
 * compile (`bad`, each with the engine's reason): searched as text, which
 * often matches nothing, so the person is told why rather than left to
 * read an empty list as the answer.
 */
function invalidNote(bad: [term: string, why: string][]): string {
  return bad.map(([term, why]) =>
    `${term} is not a valid pattern (${why}): searched as text.`
  ).join(" ");
}

/** Props: the workers' bundle URLs from the build manifest. */
export interface HarViewerProps {
  workerUrl: string | null;
  /** The worker testing `/pattern/` terms (none: they match nothing). */
  patternWorkerUrl?: string | null;
}

/** The HAR viewer. */
export default function HarViewer(
  { workerUrl, patternWorkerUrl = null }: HarViewerProps,
) {
  const w = useHarWorker(workerUrl);
  const [hs, set] = useHashState();
  const [note, setNote] = useState("");
  const [saved, setSaved] = useState("");
  /**
   * A copy of the listed requests is being written: a second click waits
   * for it (the buttons stay enabled, so the focus stays on them).
   */
  const copying = useRef(false);
  /** The open row menu: its entry, where it opened, and what it offers. */
  const [menu, setMenu] = useState<
    { index: number; x: number; y: number; state: OffersState } | null
  >(null);
  const data = w.data;
  const c = data?.columns ?? null;
  const pages = data?.meta.pages ?? [];

  const patterns = usePatternMasks(patternWorkerUrl, c);
  const {
    page,
    view,
    markers,
    axis,
    unpaged,
    deepMissing,
    patternMissing,
    search,
  } = useView(
    c,
    data?.headers ?? null,
    pages,
    hs,
    data?.deep ?? null,
    patterns.masks,
  );
  // The patterns tested off the page's thread; a newer list replaces the
  // one under test (an empty one stops it).
  const patternKey = patternMissing.join("\n");
  useEffect(() => patterns.test(patternMissing), [c, patternKey, patterns]);
  // The query's patterns stopped as too slow, or that could not be tested.
  const stoppedPatterns = useMemo(
    () => patternTerms(hs.q).filter((t) => patterns.stopped.has(t)),
    [hs.q, patterns.stopped],
  );
  // The query's terms written as patterns that do not compile.
  const badPatterns = useMemo(() => invalidPatterns(hs.q), [hs.q]);
  // The terms' header and body masks the worker has not sent yet.
  const deepKey = deepMissing.join("\n");
  useEffect(() => {
    if (c && deepMissing.length) w.deepSearch(deepMissing);
  }, [c, deepKey]);
  const origin = useMemo(() => keyOrigin(data?.meta.summary.firstStart), [
    data,
  ]);
  const { sel, select, missing } = useFileSelection(c, hs, set, origin);
  // A row opened by hand brings its detail into view where the detail sits
  // under the list (a narrow screen): a tap there changed nothing in view.
  const opened = useRef(false);
  const openRow = useCallback((i: number) => {
    opened.current = i >= 0;
    select(i);
  }, [select]);

  useEffect(() => {
    if (sel >= 0) w.requestDetail(sel);
  }, [c, sel]);
  useEffect(() => setSaved(""), [c]); // a new file, not new secret counts
  // Another file or another list: the menu's row may be gone from it.
  useEffect(() => setMenu(null), [c, view]);

  /**
   * Opens entry `index`'s row menu and asks the worker what it offers to
   * copy: whether each copy can be had and why not, not the texts (a
   * picked one is asked for then, see copyFromRow).
   */
  function openMenu(index: number, x: number, y: number) {
    setMenu((m) =>
      m?.index === index ? { ...m, x, y } : { index, x, y, state: "loading" }
    );
    w.rowCopies(index).then(({ offers, error }) =>
      setMenu((m) =>
        m?.index === index
          ? { ...m, state: offers ? { offers } : { error: error ?? "" } }
          : m
      )
    );
  }

  /**
   * Copies entry `index`'s URL, or its text `pick`, which the worker
   * sends now: the clipboard write starts in this click (see
   * copyTextLater), as the copy of all listed rows does.
   */
  async function copyFromRow(index: number, pick: RowCopyPick, what: string) {
    if (!c) return;
    if (pick === "url") return copy(urlOf(c, index), what);
    setNote("");
    const pending = w.rowCopy(index, pick);
    const ok = await copyTextLater(pending.then((r) => r.text || null));
    const { error } = await pending;
    setNote(
      error
        ? `Could not copy the ${what}: ${error.replace(/\.$/, "")}.`
        : ok
        ? `Copied the ${what}.`
        : `Could not copy the ${what}: the browser refused clipboard access.`,
    );
  }

  function closeMenu(refocus: boolean) {
    setMenu(null);
    // On the row it opened on: the list's cursor is there.
    if (refocus) {
      document.querySelector<HTMLElement>("[data-testid=har-list]")?.focus();
    }
  }

  const applySort = useCallback((s: typeof hs.sort) => set({ sort: s }), [
    set,
  ]);
  // The header's and the select's order: one deferred path for both.
  const sort = useDeferredSort(hs.sort, applySort, c?.n ?? 0);
  const applyQuery = useCallback((q: string) => set({ q }), [set]);
  // A typed search is searched in steps, keys let in between, before it
  // is applied (the view then finds its answer done). Not with headers and
  // bodies: their masks come from the worker, and the answer waits for them.
  const steps = useMemo(
    () =>
      search && !hs.deep
        ? (q: string) => search.steps(q, null, patterns.masks)
        : undefined,
    [search, hs.deep, patterns.masks],
  );
  const query = useDeferredQuery(hs.q, applyQuery, c?.n ?? 0, steps);
  const shownDetail = w.detail && w.detail.entry.index === sel
    ? w.detail
    : null;
  // Once the detail has come (the page is tall enough to scroll to it).
  useEffect(() => {
    if (!opened.current || !shownDetail) return;
    opened.current = false;
    const el = document.querySelector<HTMLElement>("[data-testid=har-detail]");
    const list = document.querySelector(".har-list-pane");
    if (!el || !list) return;
    const top = el.getBoundingClientRect().top;
    // Beside the list (a wide screen) it is in view already.
    if (top < list.getBoundingClientRect().bottom) return;
    if (top < innerHeight * 0.5) return;
    el.scrollIntoView({ block: "start" });
    el.focus({ preventScroll: true });
  }, [shownDetail]);
  const location = shownDetail?.redirectURL ?? "";
  const redirectTo = useMemo(
    () => c && location ? redirectedTo(c, sel, location) : -1,
    [c, sel, location],
  );
  useSlashKey(() =>
    document.querySelector<HTMLInputElement>("[data-testid=har-search]")
      ?.focus()
  );

  /**
   * Loads a file or pasted text. One replacing a shown file starts with
   * nothing selected and all pages: entry 3 and `page_1` of the last file
   * are not this one's (the search, chips and sort stay, as in DevTools).
   * The first file of a page keeps the fragment's, for a reload.
   */
  function open(input: Blob | string, name: string, source: "file" | "paste") {
    // A link's selection the shown file lacked waits for this one.
    if (data) {
      set(missing >= 0 ? { page: "" } : { sel: -1, selKey: "", page: "" });
    }
    w.load(input, name, source);
  }

  /**
   * Closes the detail and gives the keyboard back to the list, on the row
   * that was open (its cursor stays there), as a dialog gives focus back
   * to what opened it.
   */
  function closeDetail() {
    select(-1);
    requestAnimationFrame(() =>
      document.querySelector<HTMLElement>("[data-testid=har-list]")?.focus()
    );
  }

  /** Saves an entry's whole body, read from the worker, to a local file. */
  async function saveBody(index: number, side: "request" | "response") {
    setNote("");
    const { blob, name, error } = await w.body(index, side);
    if (!blob) {
      setNote(`Could not save the ${side} body: ${error}.`);
      return;
    }
    saveBlob(blob, name);
    setNote(`Saved the ${side} body as ${name}.`);
  }

  async function copy(text: string, what: string) {
    // Emptied first: the same note again (a second copy) is announced again.
    setNote("");
    setNote(
      await copyText(text)
        ? `Copied the ${what}.`
        : `Could not copy the ${what}: the browser refused clipboard access.`,
    );
  }

  /**
   * Copies the command of each listed request, in list order, and says
   * how many, which rows offer none and why, and where a long copy stops.
   */
  async function copyAll(kind: CopyAllKind) {
    if (!view || copying.current) return;
    setNote("");
    copying.current = true;
    const pending = w.copyAll(kind, view.rows.slice(0, view.count));
    // The clipboard write starts in this click (see copyTextLater).
    const copied = copyTextLater(
      pending.then((r) => r.error || !r.copied ? null : r.text),
    );
    const r = await pending;
    const ok = await copied;
    copying.current = false;
    const what = kind === "curl" ? "cURL commands" : "fetch calls";
    if (r.error) setNote(`Could not copy the ${what}: ${r.error}.`);
    else if (!r.copied) setNote(r.note);
    else {
      setNote(
        ok
          ? r.note
          : `Could not copy the ${what}: the browser refused clipboard access.`,
      );
    }
  }

  async function download(words: string[], dropBodies: boolean) {
    if (!data) return;
    setSaved("Preparing the sanitized copy…");
    const { blob, redacted, error } = await w.sanitize(words, dropBodies);
    if (!blob) {
      setSaved(`Could not build the sanitized copy: ${error}`);
      return;
    }
    const name = sanitizedName(data.name);
    saveBlob(blob, name);
    setSaved(
      `Saved ${name} with ${formatCount(redacted)} ${
        redacted === 1 ? "value" : "values"
      } redacted.`,
    );
  }

  const scoped = page !== null && page >= 0
    ? pages[page]
    : pages.length === 1
    ? pages[0]
    : null;
  const pageOf = (i: number) => pages[c?.page[i] ?? -1];
  return (
    <div
      class={`har-viewer${data ? " loaded" : ""}${
        // DevTools' Initiator column, when the file records any.
        c?.initiators.some(Boolean) ? " with-initiator" : ""}`}
    >
      <InputBar
        compact={!!data}
        onFile={(f) => open(f, f.name || "capture.har", "file")}
        onPaste={(text) => {
          if (text.trim()) open(text, "pasted.har", "paste");
          else if (!data || data.source === "paste" || w.error) w.clear();
        }}
      />
      {w.loading && <Progress p={w.loading} />}
      {w.error && <ErrorBox error={w.error} />}
      {!data && !w.loading && !w.error && (
        <LinkedViewNote parts={linkedParts(hs)} />
      )}
      {data && c && view && (
        <>
          {
            /* Past the summary and the chips, some thirty stops at a phone's
            width, straight to the list. */
          }
          <a
            class="skip"
            href="#har-requests"
            data-testid="har-skip"
            onClick={(ev) => {
              // Focused in code: the URL's fragment holds the view (search,
              // sort, selection), which a followed `#har-requests` replaced.
              ev.preventDefault();
              document.getElementById("har-requests")?.focus();
            }}
          >
            Skip to the requests
          </a>
          <FileInfo data={data} />
          <SecretsBanner
            secrets={data.meta.secrets}
            onDownload={download}
            done={saved}
          />
          <Summary
            meta={data.meta}
            columns={c}
            page={scoped}
            onSelect={select}
          />
          <Toolbar
            state={hs}
            view={view}
            pages={pages}
            unpaged={unpaged}
            set={set}
            text={query.text}
            onText={query.onText}
            sort={sort.shown}
            onSort={sort.onSort}
            invalidNote={badPatterns.length > 0 ? INVALID_NOTE_ID : undefined}
          />
          <CopyAll count={view.count} onCopy={copyAll} />
          {stoppedPatterns.length > 0 && (
            <p
              class="link-missing"
              role="status"
              data-testid="har-pattern-stopped"
            >
              {stoppedNote(stoppedPatterns, patterns.stopped)}
            </p>
          )}
          {badPatterns.length > 0 && (
            <p
              class="link-missing"
              role="status"
              data-testid="har-pattern-invalid"
              id={INVALID_NOTE_ID}
            >
              {invalidNote(badPatterns)}
            </p>
          )}
          {missing >= 0 && (
            <p
              class="link-missing"
              role="status"
              data-testid="har-link-missing"
            >
              The address selects a request this file does not have (entry{" "}
              {missing}{" "}
              of the file the link was made from): open that file to see it.
            </p>
          )}
          <div class={`har-main${sel >= 0 ? " with-detail" : ""}`}>
            <div class="har-list-pane">
              <RequestList
                c={c}
                view={view}
                axis={axis}
                markers={markers}
                selected={sel}
                sort={sort.shown}
                onSort={sort.onSort}
                onSelect={select}
                onOpen={openRow}
                onMenu={openMenu}
                pending={query.pending || deepMissing.length > 0 ||
                  patternMissing.length > 0 || sort.pending}
                faded={query.pending || deepMissing.length > 0 ||
                  patternMissing.length > 0}
              />
              <Legend />
            </div>
            {sel >= 0 && (
              <DetailPanel
                detail={shownDetail}
                error={w.detailError}
                pageTitle={pageOf(sel)?.title || pageOf(sel)?.id || ""}
                url={urlOf(c, sel)}
                onClose={closeDetail}
                onCopy={copy}
                onSaveBody={(side) => saveBody(sel, side)}
                redirectTo={redirectTo}
                onGoTo={select}
              />
            )}
          </div>
        </>
      )}
      {menu && c && view && (
        <RowMenu
          index={menu.index}
          x={menu.x}
          y={menu.y}
          url={urlOf(c, menu.index)}
          state={menu.state}
          count={view.count}
          onCopy={(pick, what) => copyFromRow(menu.index, pick, what)}
          onCopyAll={copyAll}
          onClose={closeMenu}
        />
      )}
      <StatusLine
        loading={w.loading}
        rejected={!!w.error}
        shown={view?.count ?? -1}
        total={c?.n ?? 0}
        bytes={view?.bytes ?? 0}
        totalBytes={data?.meta.summary.transferBytes ?? 0}
        content={view?.content ?? 0}
        totalContent={data?.meta.summary.contentBytes ?? 0}
        finish={view?.finish ?? 0}
        note={note}
        change={[
          query.text,
          hs.deep,
          hs.types.join(),
          hs.statuses.join(),
          hs.page,
        ].join("\n")}
      />
    </div>
  );
}
