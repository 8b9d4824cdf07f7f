/**
 * Spec compare island (/spec/compare): two versions of an API description,
 * what changed and what breaks a client of the older one.
 * Each side is parsed in a Web Worker as soon as it is given; the worker
 * compares, filters and exports, the page lists compact rows a block per
 * frame. The filter and level toggles live in the URL fragment; the
 * documents go nowhere but the worker.
 */
import { compileChangeFilter } from "../../lib/openapi/compare/filter.ts";
import { useSlashKey } from "../shared/slash_key.ts";
import { useCallback, useEffect, useRef, useState } from "preact/hooks";
import type { Counts, Level, Side } from "../../lib/openapi/compare/types.ts";
import { formatBytes, formatCount } from "../../lib/shared/format.ts";
import { utf8Length } from "../../lib/shared/utf8_length.ts";
import { saveBlob } from "../shared/download.ts";
import { copyTextLater } from "../shared/clipboard.ts";
import { usePageDrop } from "../shared/use_page_drop.ts";
import { ChangeList, useItemHeight } from "./ChangeList.tsx";
import {
  type ChangeKey,
  linkedParts,
  readChangeHash,
  readCompareHash,
  replaceCompareHash,
} from "./hash.ts";
import { LinkedViewNote } from "../shared/LinkedViewNote.tsx";
import { isAnchorFragment } from "../shared/fragment.ts";
import type { ChangeDetailData, ViewQuery } from "./protocol.ts";
import { SidePanel } from "./SidePanel.tsx";
import { Summary } from "./Summary.tsx";
import { Toolbar } from "./Toolbar.tsx";
import { useCompare } from "./use_compare.ts";
import { specHref, type SpecTarget } from "./spec_link.ts";
import { answerHandoffs, offerDocument } from "../shared/spec_handoff.ts";
import { BOX_LIMIT } from "../shared/large_paste.ts";
import { COMMENT_CHARS } from "../../lib/openapi/compare/comment_limit.ts";
import { DEFAULT_LEVELS, exportName, knownLevels } from "./view.ts";

/** Props of the CompareViewer island (JSON-serialisable). */
export interface CompareViewerProps {
  /** Built worker URL (`buildUrl("compare_worker.js")`); null before a build. */
  workerUrl?: string | null;
  /** The spec viewer's address, relative to this page. */
  specUrl?: string;
}

/** Debounce of the paste boxes: parse once typing pauses. */
export const PASTE_DEBOUNCE_MS = 150;
export { BOX_LIMIT };

const SIDES: Side[] = ["base", "revision"];

/** The status line after a comparison. */
function compared(n: Counts, docShown: boolean): string {
  const found = n.breaking + n.warning + n.info;
  const doc = n.doc
    ? `, and ${n.doc} documentation change${n.doc === 1 ? "" : "s"} ${
      docShown ? "listed" : "hidden"
    }`
    : "";
  return `Compared: ${found} change${found === 1 ? "" : "s"}${doc}.`;
}

/** The compare page. */
export default function CompareViewer(
  { workerUrl = null, specUrl = "../spec" }: CompareViewerProps,
) {
  const boxes = {
    base: useRef<HTMLTextAreaElement>(null),
    revision: useRef<HTMLTextAreaElement>(null),
  };
  const filterBox = useRef<HTMLInputElement>(null);
  useSlashKey(() => filterBox.current?.focus());
  const [view, setViewState] = useState<ViewQuery>({
    filter: "",
    levels: [...DEFAULT_LEVELS],
  });
  const [notes, setNotes] = useState<Record<Side, string>>({
    base: "",
    revision: "",
  });
  // The open row, its detail and the export note belong to one
  // comparison (`gen`): a new one shows none of them, without a render
  // spent resetting them.
  const [opened, setOpened] = useState({ gen: 0, i: -1 });
  // The open change as the address names it; one a link named, waiting
  // for the comparison it was made from; a scroll to it, when it opens.
  const openKey = useRef<ChangeKey | null>(null);
  const linked = useRef<ChangeKey | null>(null);
  const [reveal, setReveal] = useState(0);
  const [detailOf, setDetailOf] = useState<
    { gen: number; d: ChangeDetailData | null }
  >({ gen: 0, d: null });
  const [noteOf, setNoteOf] = useState({ gen: 0, text: "" });
  const itemHeight = useItemHeight();
  /** A paste waiting for a pause in typing, per side. */
  const pending = useRef<
    Record<Side, { timer: ReturnType<typeof setTimeout>; text: string } | null>
  >({ base: null, revision: null });
  const dropTaken = useRef(false);

  const c = useCompare(workerUrl, view, {
    onBoxText(side, text) {
      const box = boxes[side].current;
      if (box) box.value = text;
      setNotes((n) => ({ ...n, [side]: "" }));
    },
  });
  const result = c.result;
  const gen = result?.gen ?? 0;
  const open = opened.gen === gen ? opened.i : -1;
  const detail = detailOf.gen === gen ? detailOf.d : null;
  const exportNote = noteOf.gen === gen ? noteOf.text : "";
  const setExportNote = (text: string) => setNoteOf({ gen, text });
  // The list mounts a task after the summary: the two renders together
  // were the page's longest task (Stripe's pair: 20 ms of CPU, 100 ms of
  // wall time on a loaded two-core runner).
  const [listGen, setListGen] = useState(0);
  useEffect(() => {
    if (!gen || listGen === gen) return;
    const t = setTimeout(() => setListGen(gen));
    return () => clearTimeout(t);
  }, [gen]);

  // The fragment is read after hydration (the server rendered the
  // defaults), and again when the reader edits it.
  const fromHash = useRef(() => {});
  fromHash.current = () => {
    // A skip link's `#main` leaves the view (and puts it back in the URL).
    if (isAnchorFragment(location.hash)) {
      return replaceCompareHash(view, openKey.current);
    }
    const q = readCompareHash(location.hash);
    linked.current = readChangeHash(location.hash);
    openKey.current = linked.current;
    viewRef.current = q; // what the address is written with from now on
    setViewState(q);
    c.setView(q);
    openLinked();
  };
  useEffect(() => {
    const sync = () => fromHash.current();
    sync();
    addEventListener("hashchange", sync);
    return () => removeEventListener("hashchange", sync);
  }, []);

  useEffect(() => {
    if (open < 0) return;
    let live = true;
    void c.detail(open).then((d) => {
      if (live) setDetailOf({ gen, d });
    });
    return () => {
      live = false;
    };
  }, [open, gen]);

  function changeView(next: ViewQuery) {
    setViewState(next);
    replaceCompareHash(next, openKey.current);
    c.setView(next);
  }

  /**
   * Opens the change a link named once its comparison is here, when the
   * comparison's change at that place has that id (other files, or the
   * same with another change there, open nothing).
   */
  function openLinked() {
    const want = linked.current;
    const r = resultRef.current;
    if (!want || !r) return;
    const row = r.rows.find((x) => x.i === want.i);
    // Not this comparison's: kept for the next (the files swapped, the
    // other revision given), and in the address for a reload.
    if (row?.id !== want.id) return;
    linked.current = null;
    setOpened({ gen: r.gen, i: want.i });
    setReveal((n) => n + 1);
  }

  function unpend(side: Side): string | null {
    const p = pending.current[side];
    if (!p) return null;
    clearTimeout(p.timer);
    pending.current[side] = null;
    return p.text;
  }

  function give(side: Side, input: Parameters<typeof c.give>[1]) {
    unpend(side);
    c.give(side, input);
  }

  function giveFile(side: Side, file: File) {
    const box = boxes[side].current;
    if (box) box.value = "";
    setNotes((n) => ({
      ...n,
      [side]: `Showing ${file.name} (${
        formatBytes(file.size)
      }). Paste here to replace it.`,
    }));
    give(side, { file, name: file.name });
  }

  function onInput(side: Side, text: string) {
    unpend(side);
    setNotes((n) => ({ ...n, [side]: "" }));
    if (!text.trim()) {
      c.clear(side);
      return;
    }
    const box = boxes[side].current;
    if (text.length > BOX_LIMIT && box) {
      box.value = "";
      setNotes((n) => ({
        ...n,
        [side]: `Showing pasted text (${
          formatBytes(utf8Length(text))
        }). Paste here to replace it.`,
      }));
      give(side, { text, name: "pasted text" });
      return;
    }
    pending.current[side] = {
      text,
      timer: setTimeout(
        () => give(side, { text, name: "pasted text" }),
        PASTE_DEBOUNCE_MS,
      ),
    };
  }

  /** Where a drop outside both areas goes: the first empty side, else the revision. */
  function dropSide(): Side {
    return SIDES.find((s) => c.sides[s].status === "empty") ?? "revision";
  }

  const dragging = usePageDrop({
    onFile(file) {
      if (dropTaken.current) {
        dropTaken.current = false; // a side's area took it
        return;
      }
      giveFile(dropSide(), file);
    },
    onText(text) {
      if (dropTaken.current) {
        dropTaken.current = false;
        return;
      }
      const side = dropSide();
      const box = boxes[side].current;
      if (box) box.value = text.length <= BOX_LIMIT ? text : "";
      give(side, { text, name: "dropped text" });
    },
  });

  function swap() {
    // A paste still waiting for its pause goes with its box, sent at once.
    const waiting = { base: unpend("revision"), revision: unpend("base") };
    const b = boxes.base.current, r = boxes.revision.current;
    if (b && r) [b.value, r.value] = [r.value, b.value];
    setNotes((n) => ({ base: n.revision, revision: n.base }));
    c.swap();
    for (const s of SIDES) {
      const text = waiting[s];
      if (text !== null) c.give(s, { text, name: "pasted text" });
    }
  }

  /** Selects a syntax error's position in the side's paste box. */
  function locate(side: Side) {
    const box = boxes[side].current;
    const e = c.sides[side].error;
    if (!box || !e || e.line === undefined || !box.value) return undefined;
    return () => {
      const lines = box.value.split(/\r\n|\r|\n/);
      let at = 0;
      for (let k = 0; k < e.line! - 1 && k < lines.length; k++) {
        at += lines[k].length + 1;
      }
      at += Math.max(0, (e.column ?? 1) - 1);
      box.focus();
      box.setSelectionRange(at, Math.min(box.value.length, at + 1));
    };
  }

  const genRef = useRef(gen);
  genRef.current = gen;
  const resultRef = useRef(result);
  resultRef.current = result;
  // "Open in spec viewer": the new tab asks this one for the version's
  // document (spec_handoff.ts); this page answers while it is open.
  useEffect(() => answerHandoffs(), []);
  const inputOf = useRef(c.input);
  inputOf.current = c.input;
  const noteRef = useRef(setExportNote);
  noteRef.current = setExportNote;
  const openSpec = useCallback((t: SpecTarget) => {
    const input = inputOf.current(t.side);
    const info = resultRef.current?.[t.side];
    if (!input || !info) return;
    const opened = offerDocument(specHref(specUrl, t), {
      doc: "file" in input ? input.file : input.text,
      name: input.name,
      side: t.side,
      label: [info.title, info.version].filter(Boolean).join(" "),
    });
    noteRef.current(
      opened
        ? ""
        : "The browser blocked the new tab: allow pop-ups for this page to open the spec viewer.",
    );
  }, [specUrl]);
  const viewRef = useRef(view);
  viewRef.current = view;
  const openRef = useRef(open);
  openRef.current = open;
  const toggle = useCallback((i: number) => {
    const g = genRef.current;
    const next = openRef.current === i ? -1 : i;
    setDetailOf({ gen: g, d: null });
    setOpened({ gen: g, i: next });
    // The address names the open change, for a reload or a colleague.
    const row = resultRef.current?.rows.find((x) => x.i === next);
    openKey.current = row ? { i: next, id: row.id } : null;
    linked.current = null; // the reader chose: a link waits no longer
    replaceCompareHash(viewRef.current, openKey.current);
  }, []);
  // A new comparison: a link's change opens in it; any other open change
  // belonged to the last one.
  useEffect(() => {
    if (!gen) return;
    if (linked.current) openLinked();
    else if (openKey.current && open < 0) {
      openKey.current = null;
      replaceCompareHash(viewRef.current, null);
    }
  }, [gen]);

  async function copyMarkdown() {
    const pending = c.exportMarkdown(view);
    // The clipboard write starts in this click (see copyTextLater).
    const copied = copyTextLater(pending.then((md) => md ? md.text : null));
    const md = await pending;
    if (!md) {
      setExportNote("The comparison is no longer current: nothing copied.");
      return;
    }
    const n = `${md.count} change${md.count === 1 ? "" : "s"}`;
    // A pull request's comment holds 65,536 characters (GitHub's limit):
    // past it, the reviewer is told before pasting.
    const long = md.text.length > COMMENT_CHARS
      ? ` It is ${
        formatCount(md.text.length)
      } characters, more than a GitHub comment holds (${
        formatCount(COMMENT_CHARS)
      }): copy the changes shown, or attach the file.`
      : "";
    setExportNote(
      await copied
        ? `Copied ${n} as Markdown.${long}`
        : "Could not copy: the browser refused clipboard access.",
    );
  }

  async function downloadJson() {
    const out = await c.exportJson(view);
    if (!out) {
      setExportNote("The comparison is no longer current: nothing saved.");
      return;
    }
    const name = exportName(result?.base.version, result?.revision.version);
    saveBlob(out.blob, name);
    setExportNote(
      `Saved ${name} with ${out.count} change${out.count === 1 ? "" : "s"}.`,
    );
  }

  const both = SIDES.every((s) => c.sides[s].status === "ok");
  const rejected = SIDES.filter((s) => c.sides[s].status === "error");
  const status = c.comparing
    ? "Comparing…"
    : result
    ? compared(result.counts, view.levels.includes("doc"))
    : both
    ? ""
    : rejected.length
    ? `The ${rejected.join(" and the ")} ${
      rejected.length > 1 ? "were" : "was"
    } not read: see the error above, then give ${
      rejected.length > 1 ? "them" : "it"
    } again.`
    : "Give both versions: paste, pick or drop the base and the revision.";

  return (
    <div
      class={"cmp" + (result ? " has-result" : "")}
      data-busy={c.comparing ? "comparing" : undefined}
    >
      {SIDES.every((s) => c.sides[s].status === "empty") && (
        <LinkedViewNote
          parts={linkedParts(view, openKey.current)}
          files="the two files (base and revision)"
        />
      )}
      <div class="cmp-inputs">
        {SIDES.map((side) => (
          <SidePanel
            key={side}
            side={side}
            state={c.sides[side]}
            boxRef={boxes[side]}
            note={notes[side]}
            dragging={dragging}
            onInput={(t) => onInput(side, t)}
            onFile={(f) => giveFile(side, f)}
            onText={(t) => {
              const box = boxes[side].current;
              if (box) box.value = t.length <= BOX_LIMIT ? t : "";
              give(side, { text: t, name: "dropped text" });
            }}
            onClear={() => {
              unpend(side);
              const box = boxes[side].current;
              if (box) box.value = "";
              setNotes((n) => ({ ...n, [side]: "" }));
              c.clear(side);
            }}
            onLocate={locate(side)}
            onDropTaken={() => (dropTaken.current = true)}
          />
        ))}
        <div class="cmp-swap">
          <button
            type="button"
            data-testid="compare-swap"
            onClick={swap}
            disabled={SIDES.every((s) => c.sides[s].status === "empty")}
            title="Swap base and revision"
          >
            <span aria-hidden="true">⇄</span> Swap base and revision
          </button>
        </div>
      </div>
      <p class="cmp-status muted" role="status" data-testid="compare-status">
        {status}
      </p>
      {c.failure && (
        <p
          class="cmp-failed"
          role="alert"
          data-testid="compare-failed"
          data-side={c.failureSide ?? undefined}
        >
          The comparison stopped: {c.failure}
        </p>
      )}
      {result && <Summary result={result} />}
      <Toolbar
        filterRef={filterBox}
        view={view}
        counts={result?.counts ?? null}
        shown={c.shown.length}
        empty={!result}
        note={exportNote}
        onFilter={(filter) => changeView({ ...view, filter })}
        onToggle={(l: Level) =>
          changeView({
            ...view,
            levels: knownLevels(
              view.levels.includes(l)
                ? view.levels.filter((x) => x !== l)
                : [...view.levels, l],
            ),
          })}
        onKey={(ev) => {
          if (ev.key !== "ArrowDown") return;
          const first = document.querySelector<HTMLElement>(".cmp-row-main");
          if (!first) return;
          ev.preventDefault();
          first.focus();
        }}
        onCopy={() => void copyMarkdown()}
        onDownload={() => void downloadJson()}
      />
      {result && listGen === gen && (
        <ChangeList
          rows={result.rows}
          shown={c.shown}
          focus={c.focus}
          base={result.base}
          revision={result.revision}
          open={open}
          reveal={reveal}
          detail={detail}
          busy={c.comparing}
          itemHeight={itemHeight}
          onToggle={toggle}
          specUrl={specUrl}
          onSpec={openSpec}
          onExit={() => filterBox.current?.focus()}
          emptyHint={compileChangeFilter(view.filter).levels.includes("doc") &&
              !view.levels.includes("doc")
            ? "Documentation changes are hidden: turn on “Show documentation changes”."
            : ""}
        />
      )}
    </div>
  );
}
