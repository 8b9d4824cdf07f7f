import { useEffect, useMemo, useRef } from "preact/hooks";
import { EndpointList } from "./EndpointList.tsx";
import { EmptyState } from "./EmptyState.tsx";
import { SpecErrorBox } from "../shared/SpecErrorBox.tsx";
import { LinkedViewNote } from "../shared/LinkedViewNote.tsx";
import { linkedParts } from "./hash.ts";
import {
  About,
  Extras,
  InputPanel,
  OperationView,
  Schemas,
  SpecHeader,
  Warnings,
} from "./memoized.ts";
import { ExtraItem } from "./ExtraItem.tsx";
import { MethodBadge } from "../shared/MethodBadge.tsx";
import type { OperationDetail } from "../../lib/openapi/types.ts";
import { Progress } from "./Progress.tsx";
import { Toolbar } from "./Toolbar.tsx";
import { useBrowse } from "./use_browse.ts";
import { usePageEvents } from "./page_events.ts";
import { BOX_LIMIT, useLoader } from "./use_loader.ts";
import { useHandoff } from "./use_handoff.ts";
import { NodesContext } from "./use_nodes.ts";
import { SchemaJumpContext, useSchemaJump } from "./schema_jump.ts";
import { selectAt, useExample, useRowHeight, withTerm } from "./view.ts";
import { tagTerm } from "../../lib/openapi/filter.ts";
import type { ServerChoice } from "../../lib/openapi/types.ts";
import { offersChoice, ServerContext, useServerPick } from "./server_pick.ts";
import { ServerPicker } from "./ServerPicker.tsx";
import { warmListLayout } from "./warm_layout.tsx";
import { whenIdle } from "../shared/idle.ts";

const NO_SERVERS: ServerChoice[] = [];

/** Props of the SpecViewer island (JSON-serialisable). */
export interface SpecViewerProps {
  /** Built worker URL (`buildUrl("spec_worker.js")`); null parses on the main thread. */
  workerUrl?: string | null;
  /** Same-origin spec loaded by "Try an example". */
  exampleUrl?: string;
}

/** The spec viewer: paste, pick or drop a spec; filter, open, copy. */
export default function SpecViewer(
  { workerUrl = null, exampleUrl = "/api/debug/openapi.json" }: SpecViewerProps,
) {
  const box = useRef<HTMLTextAreaElement>(null);
  const filterBox = useRef<HTMLInputElement>(null);
  const loader = useLoader(workerUrl, box);
  // A document the compare tab hands over is read as one pasted (a text)
  // or picked (a file) here: the same parser, the same limits.
  const handoff = useHandoff((p) => {
    if (typeof p.doc !== "string") {
      return loader.loadFile(
        p.doc instanceof File ? p.doc : new File([p.doc], p.name),
      );
    }
    if (box.current && p.doc.length <= BOX_LIMIT) box.current.value = p.doc;
    loader.onInput(p.doc);
  }, loader.acts);
  const handoffShown = handoff &&
    (handoff.acts === undefined || handoff.acts === loader.acts());
  const { index, error, busy, status, inBox } = loader.state;
  // Stable, so memoised parts do not re-render for a new function.
  const fetchDetail = useMemo(() => loader.detail, []);
  const fetchSchema = useMemo(() => loader.schema, []);
  const fetchNodes = useMemo(() => loader.nodes, []);
  const { jump, request } = useSchemaJump(loader.state.schemas.names);
  const ahead = useMemo(() => loader.ahead, []);
  // A file's first rows (see LoaderState.head) show no count of their own.
  const counting = loader.state.head;
  const b = useBrowse(index, fetchDetail, ahead, counting);
  const servers = useServerPick(index?.serverChoices ?? NO_SERVERS);
  // The schema the fragment names opens once its spec is read (and in a
  // new spec that has it too, as a selected operation stays selected).
  useEffect(() => {
    // An operation the fragment opens too keeps the reader's place.
    if (b.schema && jump?.has(b.schema)) {
      jump.open(b.schema, false, b.selIdx >= 0);
    }
  }, [jump, b.schemaAsked]);
  // The address dropped the schema it named (Back, or an edit by hand):
  // that schema closes, as a dropped operation is no longer shown. (One
  // the reader closed is closed already.)
  useEffect(() => {
    const { name } = b.schemaDropped;
    if (name && jump?.has(name)) jump.close(name);
  }, [b.schemaDropped]);
  // An open operation's callbacks, each opening in place as the callback
  // list's rows do (Redoc and Scalar show them inside the operation).
  const callbackRows = useMemo(
    () => (d: OperationDetail) =>
      d.callbackOps.map((c, i) => (
        <ExtraItem
          key={`${d.method} ${d.path} ${i}`}
          op={{
            container: "paths",
            path: d.path,
            method: d.method,
            callback: {
              name: c.name,
              expression: c.expression,
              method: c.method,
            },
          }}
          testid="op-callback"
          data={{ method: c.method, name: c.name }}
          fetchDetail={fetchDetail}
        >
          <MethodBadge method={c.method} /> <code>{c.expression}</code>{" "}
          <span class="muted">({c.name})</span>
          {c.summary && <span>{c.summary}</span>}
        </ExtraItem>
      )),
    [],
  );
  // A tag (a row's chip, an operation's or About's) toggles its tag term.
  const onTag = useMemo(
    () => (t: string) => setFilter((f) => withTerm(f, tagTerm(t))),
    [],
  );
  // The fragment names the schema opened last of those still open.
  const openSchemas = useRef<string[]>([]);
  const onSchemaToggle = useMemo(
    () => (name: string, open: boolean) => {
      const list = openSchemas.current.filter((n) => n !== name);
      if (open) list.push(name);
      openSchemas.current = list;
      b.setSchema(list.at(-1) ?? "");
    },
    [],
  );
  useEffect(() => {
    openSchemas.current = [];
  }, [loader.state.spec]);
  const { filter, setFilter, compiled, shown } = b;
  const rowHeight = useRowHeight();
  const example = useExample(exampleUrl, loader.loadText, loader.acts);
  const focusFilter = () => filterBox.current?.focus();
  const root = useRef<HTMLDivElement>(null);
  const warmed = useRef(false);
  // A file or text is likely to come: the worker warms what its preview
  // needs, and this page, once idle, the layout of the list's first frame
  // (warm_layout.tsx), unless a spec shows or is read by then.
  const onIntent = useMemo(() => () => {
    loader.warm();
    if (warmed.current) return;
    warmed.current = true;
    const wanted = () => {
      const el = root.current;
      return !!el && !el.classList.contains("has-spec") && !el.dataset.busy;
    };
    whenIdle(() => {
      if (root.current) {
        warmListLayout(root.current, (step) => whenIdle(step, 10), wanted);
      }
    }, 10);
  }, []);
  const dragging = usePageEvents(
    loader.loadFile,
    (t) => loader.loadText(t, "dropped text"),
    () => {
      filterBox.current?.focus();
      filterBox.current?.select();
    },
    onIntent,
  );

  return (
    <NodesContext.Provider value={fetchNodes}>
      <SchemaJumpContext.Provider value={jump}>
        <ServerContext.Provider value={servers.chosen}>
          <div
            ref={root}
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
                b.setSelected("");
                b.setSchema("");
              }}
              exampleBusy={example.busy}
              onIntent={onIntent}
            />
            {example.error && (
              <p
                class="sv-note-error"
                role="alert"
                data-testid="spec-example-error"
              >
                {example.error}
              </p>
            )}
            <p class="sv-status muted" role="status" data-testid="spec-status">
              {b.copied || status}
            </p>
            {handoffShown && (
              <p
                class={handoff.state === "failed"
                  ? "sv-note-error"
                  : "sv-handoff muted"}
                role={handoff.state === "failed" ? "alert" : "status"}
                data-testid="spec-handoff"
                data-state={handoff.state}
                data-side={handoff.side}
              >
                {handoff.text}
              </p>
            )}
            {!index && !busy && !error &&
              (!handoff || handoff.state === "failed") && (
              <LinkedViewNote
                parts={linkedParts({
                  filter: b.filter,
                  op: b.selected,
                  schema: b.schema,
                })}
              />
            )}
            {busy && !loader.state.preview && (
              <Progress stage={busy.stage} label={busy.label} />
            )}
            {error && !busy && (
              <SpecErrorBox
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
                  summary={loader.state.about.summary}
                  counting={counting}
                  checking={!loader.state.checked}
                  activeMethods={compiled.methods}
                  onMethod={(m) => setFilter((f) => withTerm(f, m))}
                />
                {offersChoice(index.serverChoices) && (
                  <ServerPicker choices={index.serverChoices} pick={servers} />
                )}
                <About
                  key={loader.state.spec}
                  about={loader.state.about}
                  onTag={onTag}
                  pressedTags={compiled.tags}
                />
                <Warnings
                  list={loader.state.warnings}
                  checked={loader.state.checked}
                  checkingNote={false}
                />
                {
                  /* The toolbar stays in view over the list only: past it
                (webhooks, schemas) it scrolls away with the list. */
                }
                <div class="sv-browse">
                  <Toolbar
                    filterRef={filterBox}
                    filter={filter}
                    shown={shown.length}
                    total={index.endpoints.length}
                    counting={counting}
                    copied={b.copied}
                    onFilter={setFilter}
                    onKey={b.onFilterKey}
                    onCopy={b.copy}
                  />
                  {b.missing && (
                    <p
                      class="link-missing"
                      role="status"
                      data-testid="spec-link-missing"
                    >
                      The address names an operation this document does not
                      have: <code>{b.missing}</code>.
                    </p>
                  )}
                  <EndpointList
                    endpoints={shown}
                    terms={compiled.terms}
                    tags={compiled.tags}
                    selected={b.selIdx}
                    active={b.active}
                    focusSeq={b.jump.seq}
                    focusRow={b.jump.focus}
                    resetKey={filter}
                    counting={counting}
                    rowHeight={rowHeight}
                    onToggle={b.toggle}
                    onTag={(t) => {
                      // The chip's row may leave the list: focus goes to the
                      // filter that now holds the term, not to the page.
                      onTag(t);
                      focusFilter();
                    }}
                    onActive={(i, focus) => {
                      b.setActive(i);
                      if (focus) b.goTo(true);
                    }}
                    onIntent={b.intent}
                    onExit={focusFilter}
                    detail={
                      <OperationView
                        detail={b.detail}
                        onTag={onTag}
                        pressedTags={compiled.tags}
                        onShown={loader.shown}
                        callbacks={callbackRows}
                      />
                    }
                    emptyText={index.endpoints.length
                      ? `No endpoint matches “${filter.trim()}”.`
                      : index.webhooks.length
                      ? `This document has no endpoints under paths; its ${index.webhooks.length} webhook${
                        index.webhooks.length === 1 ? " is" : "s are"
                      } listed below.`
                      : "This document has no endpoints under paths."}
                  />
                </div>
                <Extras
                  webhooks={index.webhooks}
                  callbacks={index.callbacks}
                  spec={loader.state.spec}
                  fetchDetail={fetchDetail}
                />
                <Schemas
                  names={loader.state.schemas.names}
                  count={loader.state.schemas.count}
                  spec={loader.state.spec}
                  fetchSchema={fetchSchema}
                  request={request}
                  onToggle={onSchemaToggle}
                />
              </>
            )}
            {!index && !error && !busy && <EmptyState />}
            {dragging && (
              <div class="sv-drop" aria-hidden="true">
                Drop the file to open it
              </div>
            )}
          </div>
        </ServerContext.Provider>
      </SchemaJumpContext.Provider>
    </NodesContext.Provider>
  );
}
