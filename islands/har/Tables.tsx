/**
 * Small tables of the detail panel: name/value pairs (a value's
 * right-to-left runs isolated, as a URL's: BidiText.tsx) and timing phases.
 */
import type { CookieRow, NameValue } from "../../lib/har/detail.ts";
import { exactMs, formatCount } from "../../lib/shared/format.ts";
import { PHASES, type Timings } from "../../lib/har/types.ts";
import { SEGMENT_LABELS } from "../../lib/har/waterfall.ts";
import { PathText } from "../shared/BidiText.tsx";

/** How many items the worker left out of a list, as a note. */
function More({ n }: { n?: number }) {
  return n
    ? <p class="muted small">…and {formatCount(n)} more, not shown.</p>
    : null;
}

/** Headers, query parameters or form fields; "None" when empty. */
export function KvTable(
  { rows, label, more }: { rows: NameValue[]; label: string; more?: number },
) {
  if (!rows.length) return <p class="muted">None.</p>;
  return (
    <>
      <table class="har-kv" aria-label={label}>
        <tbody>
          {rows.map((r, k) => (
            <tr key={k}>
              <th scope="row">{r.name}</th>
              <td>
                <PathText text={r.value} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <More n={more} />
    </>
  );
}

/** Cookies with their attributes. */
export function CookieTable(
  { rows, label, more }: { rows: CookieRow[]; label: string; more?: number },
) {
  if (!rows.length) return <p class="muted">None.</p>;
  return (
    <>
      <table class="har-kv" aria-label={label}>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Value</th>
            <th scope="col">Attributes</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r, k) => (
            <tr key={k}>
              <th scope="row">{r.name}</th>
              <td>
                <PathText text={r.value} />
              </td>
              <td class="muted">{r.attributes}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <More n={more} />
    </>
  );
}

/**
 * The timing breakdown: every HAR phase as recorded (-1 shows as "n/a"), a
 * bar placed where the phase falls within the request, and the total.
 */
export function TimingTable(
  { timings, total, extra, split }: {
    timings: Timings;
    total: number;
    extra: NameValue[];
    /** Blocked as DevTools splits it (queueing, stalled), when recorded. */
    split: { queueing: number; stalled: number } | null;
  },
) {
  let at = 0;
  const ssl = timings.ssl > 0 ? timings.ssl : 0;
  // Firefox writes `timings: {}` for what it kept nothing of: absent, not -1.
  const unknown = PHASES.some((p) => !(timings[p] >= 0));
  return (
    <>
      <table class="har-kv har-timing" aria-label="Timing phases">
        <tbody>
          {PHASES.map((p) => {
            const v = timings[p];
            let drawn = v > 0 ? v : 0;
            if (p === "connect" && timings.sslInConnect) {
              drawn = Math.max(0, drawn - ssl);
            }
            const left = total > 0 ? (at / total) * 100 : 0;
            const width = total > 0 ? (drawn / total) * 100 : 0;
            at += drawn;
            const row = (
              <tr key={p} data-phase={p} data-ms={String(v)}>
                <th scope="row">
                  <span class={`wf-swatch wf-${p}`} />
                  {SEGMENT_LABELS[p]}
                </th>
                <td class="har-timing-bar">
                  {drawn > 0 && (
                    <span
                      class={`wf-seg wf-${p}`}
                      style={`margin-left:${Math.min(left, 100)}%;width:${
                        Math.min(width, 100)
                      }%`}
                    />
                  )}
                </td>
                <td class="num">{v >= 0 ? exactMs(v) : "n/a"}</td>
              </tr>
            );
            if (p !== "blocked" || !split) return row;
            return [
              row,
              ...(["queueing", "stalled"] as const).map((part) => (
                <tr
                  key={part}
                  class="har-timing-part"
                  data-phase={part}
                  data-ms={String(split[part])}
                >
                  <th scope="row">
                    {part === "queueing" ? "Queueing" : "Stalled"}
                  </th>
                  <td />
                  <td class="num">{exactMs(split[part])}</td>
                </tr>
              )),
            ];
          })}
          {timings.sslTwice && ssl > 0 && (
            <tr data-phase="twice" data-ms={String(ssl)}>
              <th scope="row">
                <span class="wf-swatch wf-twice" />
                {SEGMENT_LABELS.twice}
              </th>
              <td class="har-timing-bar">
                {total > 0 && (
                  <span
                    class="wf-seg wf-twice"
                    style={`margin-left:${
                      Math.min((at / total) * 100, 100)
                    }%;width:${Math.min((ssl / total) * 100, 100)}%`}
                  />
                )}
              </td>
              <td class="num">{exactMs(ssl)}</td>
            </tr>
          )}
          <tr class="har-timing-total">
            <th scope="row">Duration</th>
            <td />
            <td class="num">{exactMs(total)}</td>
          </tr>
        </tbody>
      </table>
      {(ssl > 0 || unknown) && (
        <p class="muted small">
          {ssl > 0 && (timings.sslTwice
            ? `TLS is part of Connect, and this exporter (Playwright) adds it to time again: the Duration, time as written, counts ${
              exactMs(ssl)
            } of TLS twice; the request took ${
              exactMs(Math.max(0, total - ssl))
            }. `
            : timings.sslInConnect
            ? "TLS is part of Connect in this file (HAR 1.2); the Connect bar excludes it. "
            : "This exporter reports TLS apart from Connect (Firefox, mitmproxy). ")}
          {unknown && "n/a: the phase did not apply or was not recorded."}
        </p>
      )}
      {extra.length > 0 && (
        <KvTable rows={extra} label="Exporter-specific timings" />
      )}
    </>
  );
}
