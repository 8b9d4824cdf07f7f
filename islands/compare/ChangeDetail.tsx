import { useMemo, useState } from "preact/hooks";
import { changedLines } from "./line_diff.ts";
import type { SideInfo } from "../../lib/openapi/compare/types.ts";
import { splitCodeSpans } from "../../lib/openapi/compare/code_span.ts";
import type { ChangeDetailData, ChangeRow, SideValue } from "./protocol.ts";
import { PathText } from "../shared/BidiText.tsx";
import type { SpecTarget } from "./spec_link.ts";
import { SpecLink } from "./SpecLink.tsx";
import { REQUIRED_CHANGE } from "../../lib/openapi/compare/required_list.ts";

/** Props of {@link ChangeDetail}. */
export interface ChangeDetailProps {
  id: string;
  row: ChangeRow;
  /**
   * The operation the row is listed under (the one the filter named, else
   * its first): the sentence names it, its list starts with it.
   */
  subject: string;
  /** Null while the worker looks the pointers up. */
  detail: ChangeDetailData | null;
  base: SideInfo;
  revision: SideInfo;
  /** Where its operation opens in the spec viewer; null for none. */
  spec?: SpecTarget | null;
  specUrl?: string;
  onSpec?: (t: SpecTarget) => void;
}

/** `text` with its `code` spans (names of properties, values) as code. */
export function Sentence({ text }: { text: string }) {
  return (
    <>
      {splitCodeSpans(text).map((p, k) =>
        p.code ? <code key={k}>{p.text}</code> : p.text
      )}
    </>
  );
}

/** Operations listed before "Show all": a change may reach hundreds. */
const OPS_SHOWN = 12;

/** The lines that differ from the other version in one side's blocks. */
interface SideMarks {
  value?: Uint8Array;
  target?: Uint8Array;
}

/**
 * Marks for both sides: value against value and target against target
 * when both are `$ref`s; otherwise what each shows in full (its target,
 * else its value) against the other's, the `$ref` line itself unmarked.
 */
function pairMarks(
  b: SideValue | null,
  r: SideValue | null,
): { base: SideMarks; revision: SideMarks } {
  const base: SideMarks = {}, revision: SideMarks = {};
  if (!b?.found || !r?.found) return { base, revision };
  // A trailing comma says only that a member follows: the line before one
  // added at the end is not a change.
  const lines = (t: string) =>
    t.split("\n").map((l) => l.endsWith(",") ? l.slice(0, -1) : l);
  const pair = (x: string, y: string, kx: keyof SideMarks, ky = kx) => {
    const m = changedLines(lines(x), lines(y));
    base[kx] = m.a;
    revision[ky] = m.b;
  };
  if (b.target && r.target) {
    pair(b.json, r.json, "value");
    pair(b.target.json, r.target.json, "target");
  } else {
    pair(
      b.target?.json ?? b.json,
      r.target?.json ?? r.json,
      b.target ? "target" : "value",
      r.target ? "target" : "value",
    );
  }
  return { base, revision };
}

/** True when both sides show the same text (the change is around it). */
function sameBoth(d: ChangeDetailData | null): boolean {
  const b = d?.base, r = d?.revision;
  return !!b?.found && !!r?.found && !b.truncated && !r.truncated &&
    b.json === r.json && b.target?.json === r.target?.json;
}

/**
 * `text` with the lines `marks` flags wrapped in `<del>` (the base) or
 * `<ins>` (the revision); the text itself, newlines included, unchanged.
 */
function MarkedJson(
  { text, marks, side }: {
    text: string;
    marks?: Uint8Array;
    side: "base" | "revision";
  },
) {
  if (!marks || !marks.includes(1)) return <>{text}</>;
  const Tag = side === "base" ? "del" : "ins";
  const lines = text.split("\n");
  const out = [];
  let plain = "";
  for (let k = 0; k < lines.length; k++) {
    const nl = k < lines.length - 1 ? "\n" : "";
    if (!marks[k]) {
      plain += lines[k] + nl;
      continue;
    }
    if (plain) out.push(plain);
    plain = "";
    out.push(<Tag key={k} class="cmp-mark">{lines[k]}</Tag>, nl);
  }
  if (plain) out.push(plain);
  return <>{out}</>;
}

function Half(
  { side, info, v, rowId, marks, list = false }: {
    side: "base" | "revision";
    info: SideInfo;
    v: SideValue | null;
    rowId: string;
    marks: SideMarks;
    /**
     * The `required` list beside the property: said so, with hooks of its
     * own (the `change-*` ones stay the change's pointers, which tests read).
     */
    list?: boolean;
  },
) {
  const name = side === "base" ? "Base" : "Revision";
  const hid = `${rowId}-${side}`;
  return (
    <section
      class="cmp-half"
      data-side={side}
      data-testid={list ? "change-required-side" : "change-side"}
      data-found={v ? String(v.found) : undefined}
      aria-labelledby={hid}
    >
      <h4 id={hid} class="cmp-half-title">
        {name}{" "}
        <span class="muted">
          {info.title || "(untitled)"} {info.version}
        </span>
        {list && (
          <>
            : <code>required</code> list
          </>
        )}
      </h4>
      {!v ? <p class="muted">Looking it up…</p> : v.pointer === null
        ? (
          <p
            class="cmp-absent"
            data-testid={list ? undefined : "change-absent"}
            data-side={side}
          >
            {list
              ? "none: the schema holding it lists no required names"
              : `absent: not in the ${side} document`}
          </p>
        )
        : (
          <>
            <p class="cmp-pointer-line">
              <span class="muted">JSON pointer</span>{" "}
              <code
                data-testid={list ? undefined : "change-pointer"}
                data-side={side}
              >
                <PathText text={v.pointer} />
              </code>
            </p>
            {v.found
              ? (
                <pre
                  class="cmp-json"
                  tabIndex={0}
                  data-testid={list ? undefined : "change-value"}
                  data-side={side}
                  data-truncated={v.truncated ? "true" : undefined}
                  aria-label={`${name} value at ${v.pointer}`}
                >
                  <MarkedJson text={v.json} marks={marks.value} side={side} />
                </pre>
              )
              : (
                <p
                  class="muted"
                  data-testid={list ? undefined : "change-missing"}
                >
                  Nothing is at this pointer in the {side} document.
                </p>
              )}
            {v.target && (
              <>
                <p class="cmp-pointer-line">
                  <span class="muted">which refers to</span>{" "}
                  <code>{v.target.ref}</code>
                </p>
                <pre
                  class="cmp-json"
                  tabIndex={0}
                  data-testid={list ? undefined : "change-target"}
                  data-side={side}
                  aria-label={`${name} value of ${v.target.ref}`}
                >
                  <MarkedJson
                    text={v.target.json}
                    marks={marks.target}
                    side={side}
                  />
                </pre>
              </>
            )}
          </>
        )}
    </section>
  );
}

/**
 * The opened change: where it is (its id and place), the JSON pointer and
 * the value there in each version side by side ("absent" on the side
 * without it), and every operation it affects.
 */
export function ChangeDetail(
  { id, row, subject, detail, base, revision, spec, specUrl, onSpec }:
    ChangeDetailProps,
) {
  const all = detail?.operations ?? [];
  const ops = subject && all[0] !== subject && all.includes(subject)
    ? [subject, ...all.filter((op) => op !== subject)]
    : all;
  const marks = useMemo(
    () => pairMarks(detail?.base ?? null, detail?.revision ?? null),
    [detail],
  );
  const required = detail?.required;
  const requiredMarks = useMemo(
    () => pairMarks(required?.base ?? null, required?.revision ?? null),
    [required],
  );
  return (
    <div
      id={id}
      class="cmp-detail"
      data-testid="change-detail"
      data-index={row.i}
      aria-busy={detail ? undefined : "true"}
    >
      <p class="cmp-detail-sentence">
        <strong>
          <PathText text={subject || "API"} />
        </strong>: <Sentence text={row.text} />
      </p>
      <p class="cmp-detail-meta">
        <code class="cmp-id">{row.id}</code>
        {detail?.where && <span class="muted">{detail.where}</span>}
        {spec && specUrl !== undefined && onSpec && (
          <SpecLink
            target={spec}
            specUrl={specUrl}
            onOpen={onSpec}
            testid="change-spec-link"
          />
        )}
      </p>
      {REQUIRED_CHANGE.test(row.id)
        ? (
          <p class="muted cmp-same" data-testid="change-same">
            The change is in the <code>required</code>{" "}
            list of the schema that holds this property{required
              ? ", shown first; the values after it are the property's own."
              : "; the values below are the property's own."}
          </p>
        )
        : sameBoth(detail) && (
          <p class="muted cmp-same" data-testid="change-same">
            Both versions read the same at these pointers: the change is in what
            holds this value (a schema's <code>required</code>{" "}
            list, its alternatives) or in what it refers to.
          </p>
        )}
      {required && (
        <div class="cmp-halves cmp-required" data-testid="change-required">
          <Half
            side="base"
            info={base}
            v={required.base}
            rowId={`${id}-required`}
            marks={requiredMarks.base}
            list
          />
          <Half
            side="revision"
            info={revision}
            v={required.revision}
            rowId={`${id}-required`}
            marks={requiredMarks.revision}
            list
          />
        </div>
      )}
      <div class="cmp-halves">
        <Half
          side="base"
          info={base}
          v={detail?.base ?? null}
          rowId={id}
          marks={marks.base}
        />
        <Half
          side="revision"
          info={revision}
          v={detail?.revision ?? null}
          rowId={id}
          marks={marks.revision}
        />
      </div>
      {ops.length > 0 && (
        <div class="cmp-ops">
          <p class="cmp-ops-title">
            Affects {ops.length} operation{ops.length === 1 ? "" : "s"}
            {ops.length > OPS_SHOWN ? ":" : ""}
          </p>
          <OpList ops={ops} />
        </div>
      )}
    </div>
  );
}

function OpList({ ops }: { ops: string[] }) {
  // A change may reach every operation (355 on Stripe): the full list is
  // built when asked for, not with the detail.
  const [all, setAll] = useState(false);
  const list = (xs: string[]) => (
    <ul class="cmp-op-list" data-testid="change-operations">
      {xs.map((o) => (
        <li key={o}>
          <code>
            <PathText text={o} />
          </code>
        </li>
      ))}
    </ul>
  );
  if (ops.length <= OPS_SHOWN) return list(ops);
  return (
    <details
      class="cmp-ops-more"
      onToggle={(ev) => setAll((ev.currentTarget as HTMLDetailsElement).open)}
    >
      <summary>
        {ops.slice(0, 3).join(", ")} and {ops.length - 3} more
      </summary>
      {all && list(ops)}
    </details>
  );
}
