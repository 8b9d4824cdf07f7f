import { useEffect, useMemo, useRef, useState } from "preact/hooks";
import { applyFilter, compileFilter, copyText } from "../lib/spec/filter.ts";
import type { OperationDetail } from "../lib/spec/types.ts";
import { EndpointList } from "../components/spec/EndpointList.tsx";
import { ErrorBox } from "../components/spec/ErrorBox.tsx";
import { Extras as ExtrasView } from "../components/spec/Extras.tsx";
import { InputPanel as InputView } from "../components/spec/InputPanel.tsx";
import { memo } from "../components/spec/memo.ts";
import { OperationView } from "../components/spec/OperationView.tsx";
import { Progress } from "../components/spec/Progress.tsx";
import { SpecHeader as HeaderView } from "../components/spec/SpecHeader.tsx";
import { Toolbar } from "../components/spec/Toolbar.tsx";
import { Warnings as WarningsView } from "../components/spec/Warnings.tsx";
import { writeClipboard } from "./spec/clipboard.ts";
import { opKey, readHash, replaceHash } from "./spec/hash.ts";
import { usePageEvents } from "./spec/page_events.ts";
import { useLoader } from "./spec/use_loader.ts";
import { useExample, useRowHeight, withTerm } from "./spec/view.ts";

// Parts a filter keystroke cannot change skip re-rendering.
const Extras = memo(ExtrasView);
const Warnings = memo(WarningsView);
const SpecHeader = memo(HeaderView, (a, b) =>
  a.index === b.index &&
  a.activeMethods.join(" ") === b.activeMethods.join(" "));
const InputPanel = memo(
  InputView,
  (a, b) =>
    a.compact === b.compact && a.fileNote === b.fileNote &&
    a.exampleBusy === b.exampleBusy,
);

/** Props of the SpecViewer island (JSON-serialisable). */
export interface SpecViewerProps {
  /** Built worker URL (`buildUrl("spec_worker.js")`); null parses on the main thread. */
  workerUrl?: string | null;
  /** Same-origin spec loaded by "Try an example". */
  exampleUrl?: string;
}

/** The spec viewer of CONTRACT section 4. */
export default function SpecViewer(
  { workerUrl = null, exampleUrl = "/api/debug/openapi.json" }: SpecViewerProps,
) {
  const box = useRef<HTMLTextAreaElement>(null);
  const filterBox = useRef<HTMLInputElement>(null);
  const loader = useLoader(workerUrl, box);
  const { index, error, busy, status, inBox } = loader.state;
  const [filter, setFilter] = useState("");
  const [selected, setSelected] = useState("");
  const [active, setActive] = useState(-1);
  // Bumped to scroll the active row into view (and focus it, or not).
  const [jump, setJump] = useState({ seq: 0, focus: true });
  const goTo = (focus: boolean) => setJump((j) => ({ seq: j.seq + 1, focus }));
  const [detail, setDetail] = useState<OperationDetail | "loading" | null>(
    null,
  );
  const [copied, setCopied] = useState("");
  const rowHeight = useRowHeight();
  const example = useExample(exampleUrl, loader.loadText);
  const focusFilter = () => filterBox.current?.focus();
  const dragging = usePageEvents(
    loader.loadFile,
    (t) => loader.loadText(t, "dropped text"),
    () => {
      filterBox.current?.focus();
      filterBox.current?.select();
    },
  );

  // Filter and selection live in the URL fragment (survive reloads).
  useEffect(() => {
    const sync = () => {
      const h = readHash(location.hash);
      setFilter(h.filter);
      setSelected(h.op);
    };
    sync();
    addEventListener("hashchange", sync);
    return () => removeEventListener("hashchange", sync);
  }, []);
  useEffect(() => {
    const t = setTimeout(() => replaceHash({ filter, op: selected }), 120);
    return () => clearTimeout(t);
  }, [filter, selected]);

  const compiled = useMemo(() => compileFilter(filter, index?.extraMethods), [
    filter,
    index,
  ]);
  const shown = useMemo(
    () => index ? applyFilter(index.endpoints, compiled) : [],
    [index, compiled],
  );
  const selIdx = useMemo(
    () =>
      selected
        ? shown.findIndex((e) => opKey(e.method, e.path) === selected)
        : -1,
    [shown, selected],
  );

  // A restored selection scrolls into view once its spec is loaded.
  useEffect(() => {
    if (selIdx >= 0) {
      setActive(selIdx);
      goTo(false);
    }
  }, [index]);

  useEffect(() => {
    const e = selIdx >= 0 ? shown[selIdx] : null;
    if (!e) return setDetail(null);
    let live = true;
    setDetail("loading");
    loader.detail({ container: "paths", path: e.path, method: e.method })
      .then((d) => live && setDetail(d));
    return () => (live = false);
  }, [index, selected, selIdx >= 0]);

  function toggle(i: number) {
    const e = shown[i];
    const k = opKey(e.method, e.path);
    setSelected((cur) => (cur === k ? "" : k));
    setActive(i);
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

  return (
    <div
      class={"sv" + (index ? " has-spec" : "")}
      data-busy={busy ? busy.stage : undefined}
    >
      <InputPanel
        textareaRef={box}
        compact={!!index || !!error}
        fileNote={loader.fileNote}
        onInput={loader.onInput}
        onFile={loader.loadFile}
        onExample={example.load}
        onClear={() => {
          loader.clear();
          setFilter("");
          setSelected("");
        }}
        exampleBusy={example.busy}
      />
      {example.error && (
        <p class="sv-note-error" role="alert" data-testid="spec-example-error">
          {example.error}
        </p>
      )}
      <p class="sv-status muted" role="status" data-testid="spec-status">
        {copied || status}
      </p>
      {busy && <Progress stage={busy.stage} label={busy.label} />}
      {error && !busy && (
        <ErrorBox
          error={error}
          onLocate={inBox && box.current?.value
            ? () => selectAt(box.current!, error.line!, error.column!)
            : undefined}
        />
      )}
      {index && !error && (
        <>
          <SpecHeader
            index={index}
            activeMethods={compiled.methods}
            onMethod={(m) => setFilter((f) => withTerm(f, m, true))}
          />
          <Warnings
            list={loader.state.warnings}
            checked={loader.state.checked}
          />
          <Toolbar
            filterRef={filterBox}
            filter={filter}
            shown={shown.length}
            total={index.endpoints.length}
            copied={copied}
            onFilter={setFilter}
            onKey={onFilterKey}
            onCopy={copy}
          />
          <EndpointList
            endpoints={shown}
            terms={compiled.terms}
            selected={selIdx}
            active={active}
            focusSeq={jump.seq}
            focusRow={jump.focus}
            resetKey={filter}
            rowHeight={rowHeight}
            onToggle={toggle}
            onTag={(t) => setFilter((f) => withTerm(f, t, false))}
            onActive={(i, focus) => {
              setActive(i);
              if (focus) goTo(true);
            }}
            onExit={focusFilter}
            detail={
              <OperationView
                detail={detail}
                onTag={(t) => setFilter((f) => withTerm(f, t, false))}
              />
            }
            emptyText={index.endpoints.length
              ? `No endpoint matches “${filter.trim()}”.`
              : "This document has no endpoints under paths."}
          />
          <Extras webhooks={index.webhooks} callbacks={index.callbacks} />
        </>
      )}
      {dragging && (
        <div class="sv-drop" aria-hidden="true">Drop the file to open it</div>
      )}
    </div>
  );
}

/** Selects line/column in the paste box, so the user sees the mistake. */
function selectAt(ta: HTMLTextAreaElement, line: number, column: number) {
  const lines = ta.value.split("\n", line);
  const offset =
    lines.slice(0, line - 1).reduce((n, l) => n + l.length + 1, 0) + column - 1;
  ta.focus();
  ta.setSelectionRange(offset, Math.min(ta.value.length, offset + 1));
}
