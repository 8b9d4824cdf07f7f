/**
 * HAR viewer island (CONTRACT section 5). Parsing runs in a Web Worker; the
 * page keeps compact columns, filters them in one pass per update and
 * renders only the rows in view. Sort, filters and selection live in the
 * URL fragment. Nothing read here is ever sent anywhere.
 */
import { useCallback, useEffect, useMemo, useState } from "preact/hooks";
import { formatCount } from "../lib/har/format.ts";
import { NO_PAGE } from "../lib/har/hash_state.ts";
import { computeView } from "../lib/har/view.ts";
import { axisOf, markersOf } from "../lib/har/waterfall.ts";
import { DetailPanel } from "./har/DetailPanel.tsx";
import { InputBar } from "./har/InputBar.tsx";
import { RequestList } from "./har/RequestList.tsx";
import { SecretsBanner } from "./har/SecretsBanner.tsx";
import { ErrorBox, FileInfo, Progress, progressText } from "./har/Status.tsx";
import { Summary } from "./har/Summary.tsx";
import { Toolbar } from "./har/Toolbar.tsx";
import { useHarWorker } from "./har/use_har_worker.ts";
import { useHashState } from "./har/use_hash_state.ts";
import { Legend } from "./har/Waterfall.tsx";

/** Props: the worker bundle URL from the build manifest. */
export interface HarViewerProps {
  workerUrl: string | null;
}

function sanitizedName(name: string): string {
  return `${name.replace(/\.(har|json)$/i, "") || "capture"}.sanitized.har`;
}

/** The HAR viewer. */
export default function HarViewer({ workerUrl }: HarViewerProps) {
  const w = useHarWorker(workerUrl);
  const [hs, set] = useHashState();
  const [note, setNote] = useState("");
  const [saved, setSaved] = useState("");
  const data = w.data;
  const c = data?.columns ?? null;
  const pages = data?.meta.pages ?? [];

  const page = useMemo(() => {
    if (!hs.page) return null;
    if (hs.page === NO_PAGE) return -1;
    const k = pages.findIndex((p) => p.id === hs.page);
    return k >= 0 ? k : null;
  }, [pages, hs.page]);
  const view = useMemo(
    () =>
      c &&
      computeView(c, {
        q: hs.q,
        types: hs.types,
        statuses: hs.statuses,
        sort: hs.sort,
        page,
      }),
    [c, hs.q, hs.types, hs.statuses, hs.sort, page],
  );
  const markers = useMemo(() => markersOf(pages, page), [pages, page]);
  const axis = useMemo(
    () => axisOf(view?.scopeStart ?? 0, view?.scopeEnd ?? 1, markers),
    [view?.scopeStart, view?.scopeEnd, markers],
  );
  const unpaged = useMemo(() => !!c && c.page.includes(-1), [c]);
  const sel = c && hs.sel < c.n ? hs.sel : -1;

  useEffect(() => {
    if (sel >= 0) w.requestDetail(sel);
  }, [c, sel]);
  useEffect(() => setSaved(""), [data]);

  const select = useCallback((i: number) => set({ sel: i }), [set]);
  const sort = useCallback((s: typeof hs.sort) => set({ sort: s }), [set]);

  function copy(text: string, what: string) {
    navigator.clipboard.writeText(text).then(
      () => setNote(`Copied the ${what}.`),
      () =>
        setNote(
          `Could not copy the ${what}: the browser refused clipboard access.`,
        ),
    );
  }

  async function download(words: string[], dropBodies: boolean) {
    if (!data) return;
    setSaved("Preparing the sanitized copy…");
    const { blob, redacted } = await w.sanitize(words, dropBodies);
    const url = URL.createObjectURL(blob);
    const a = document.createElement("a");
    a.href = url;
    a.download = sanitizedName(data.name);
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
    setSaved(
      `Saved ${a.download} with ${formatCount(redacted)} values redacted.`,
    );
  }

  const status = w.loading
    ? progressText(w.loading)
    : w.error
    ? "The input was rejected."
    : view && data
    ? `Showing ${formatCount(view.count)} of ${
      formatCount(data.columns.n)
    } requests.${note ? ` ${note}` : ""}`
    : note;

  return (
    <div class={`har-viewer${data ? " loaded" : ""}`}>
      <InputBar
        compact={!!data}
        onFile={(f) => w.load(f, f.name || "capture.har", "file")}
        onPaste={(text) => {
          if (text.trim()) w.load(text, "pasted.har", "paste");
          else if (!data || data.source === "paste" || w.error) w.clear();
        }}
      />
      {w.loading && <Progress p={w.loading} />}
      {w.error && <ErrorBox error={w.error} />}
      {data && c && view && (
        <>
          <FileInfo data={data} />
          <SecretsBanner
            secrets={data.meta.secrets}
            onDownload={download}
            done={saved}
          />
          <Summary
            meta={data.meta}
            columns={c}
            page={page !== null && page >= 0
              ? pages[page]
              : pages.length === 1
              ? pages[0]
              : null}
            onSelect={select}
          />
          <Toolbar
            state={hs}
            view={view}
            pages={pages}
            unpaged={unpaged}
            set={set}
          />
          <div class={`har-main${sel >= 0 ? " with-detail" : ""}`}>
            <div class="har-list-pane">
              <RequestList
                c={c}
                view={view}
                axis={axis}
                markers={markers}
                selected={sel}
                sort={hs.sort}
                onSort={sort}
                onSelect={select}
              />
              <Legend />
            </div>
            {sel >= 0 && (
              <DetailPanel
                detail={w.detail && w.detail.entry.index === sel
                  ? w.detail
                  : null}
                error={w.detailError}
                pageTitle={c.page[sel] >= 0
                  ? pages[c.page[sel]]?.title || pages[c.page[sel]]?.id || ""
                  : ""}
                onClose={() => select(-1)}
                onCopy={copy}
              />
            )}
          </div>
        </>
      )}
      <p
        class="har-status-line"
        role="status"
        aria-live="polite"
        data-testid="har-status"
      >
        {status}
      </p>
    </div>
  );
}
