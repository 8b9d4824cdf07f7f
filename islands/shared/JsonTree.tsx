/**
 * A parsed JSON value as a tree of disclosures, as DevTools' Preview tab
 * shows a response: each object and array folds (the first level open),
 * its summary a one-line preview (`{id: 7, name: "Rex", …}`), long ones
 * listed a hundred members at a time. Native `<details>`, so a keyboard
 * and a screen reader work it as any disclosure; a member's children are
 * rendered only once it is opened, so a 100,000-level document costs what
 * its open levels do. Numbers kept as written (see raw_numbers.ts) show
 * as written.
 */
import { useRef, useState } from "preact/hooks";
import { visibleText } from "../../lib/shared/visible_text.ts";
import { isRawJson } from "../../lib/shared/raw_numbers.ts";

/** Members listed per step of a long object or array. */
export const MEMBERS_SHOWN = 100;
/** Characters of a folded member's preview. */
const PREVIEW_CHARS = 80;
/**
 * Characters of a string shown in its leaf: the rest is said, as DevTools'
 * Preview cuts a long one (the Text view has it whole).
 */
export const LEAF_CHARS = 1_000;

/** A key as DevTools writes it: bare when it is an identifier, else quoted. */
function keyText(k: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(k) ? k : JSON.stringify(k);
}

/**
 * A scalar's text (a string quoted, a number kept as written as it was
 * written), or null for a container.
 */
function scalarText(v: unknown): string | null {
  if (isRawJson(v)) return v.rawJSON;
  // An empty object or array has nothing to open: a leaf, as in DevTools.
  if (Array.isArray(v) && !v.length) return "[]";
  if (v && typeof v === "object" && !Object.keys(v).length) return "{}";
  if (v === null || typeof v !== "object") {
    return typeof v === "string" ? JSON.stringify(v) : String(v);
  }
  return null;
}

/** The class of a scalar, for its colour. */
function scalarClass(v: unknown): string {
  if (isRawJson(v)) return "jt-number";
  return v === null ? "jt-null" : `jt-${typeof v}`;
}

/**
 * A one-line preview of a container, at most about `max` characters: its
 * first members, nested containers as `{…}` and `[…]`, then `…`.
 */
export function previewOf(v: object, max = PREVIEW_CHARS): string {
  const array = Array.isArray(v);
  const keys = array ? null : Object.keys(v);
  const size = keys ? keys.length : (v as unknown[]).length;
  const open = array ? `(${size}) [` : "{", close = array ? "]" : "}";
  const parts: string[] = [];
  let len = open.length + close.length;
  for (let i = 0; i < size; i++) {
    const k = keys ? keys[i] : String(i);
    let m = (v as Record<string, unknown>)[k];
    // A long string is cut before it is quoted: only its start shows.
    if (typeof m === "string" && m.length > max) m = m.slice(0, max);
    const part = (keys ? `${keyText(k)}: ` : "") +
      (scalarText(m) ?? (Array.isArray(m) ? "[…]" : "{…}"));
    if (len + part.length > max) {
      parts.push("…");
      break;
    }
    parts.push(part);
    len += part.length + 2;
  }
  return open + parts.join(", ") + close;
}

function Member(
  { name, value, open: initial }: {
    name: string | null;
    value: unknown;
    open: boolean;
  },
) {
  const [open, setOpen] = useState(initial);
  const [limit, setLimit] = useState(MEMBERS_SHOWN);
  const members = useRef<HTMLUListElement>(null);
  const label = name === null
    ? null
    : <span class="jt-key">{visibleText(name)}:</span>;
  const long = typeof value === "string" && value.length > LEAF_CHARS;
  const text = scalarText(
    long ? (value as string).slice(0, LEAF_CHARS) : value,
  );
  if (text !== null) {
    return (
      <li class="jt-leaf">
        {label} <span class={scalarClass(value)}>{visibleText(text)}</span>
        {long && (
          <span class="muted">
            {` …and ${(value as string).length - LEAF_CHARS} more characters`}
          </span>
        )}
      </li>
    );
  }
  const v = value as object;
  const keys = Array.isArray(v) ? null : Object.keys(v);
  const size = keys ? keys.length : (v as unknown[]).length;
  return (
    <li>
      <details
        open={open}
        onToggle={(ev) =>
          setOpen((ev.currentTarget as HTMLDetailsElement).open)}
      >
        <summary>
          {label} <span class="jt-preview">{visibleText(previewOf(v))}</span>
        </summary>
        {open && (
          <ul class="jt-members" ref={members} tabIndex={-1}>
            {Array.from({ length: Math.min(size, limit) }, (_, i) => {
              const k = keys ? keys[i] : String(i);
              return (
                <Member
                  key={k}
                  name={keys ? keyText(k) : k}
                  value={(v as Record<string, unknown>)[k]}
                  open={false}
                />
              );
            })}
            {size > limit && (
              <li>
                <button
                  type="button"
                  class="jt-more"
                  onClick={() => {
                    // The last step removes the button: focus goes to the
                    // list, not to the page.
                    if (size - limit <= MEMBERS_SHOWN) members.current?.focus();
                    setLimit((n) => n + MEMBERS_SHOWN);
                  }}
                >
                  Show {Math.min(MEMBERS_SHOWN, size - limit)} more of{" "}
                  {size - limit}
                </button>
              </li>
            )}
          </ul>
        )}
      </details>
    </li>
  );
}

/** `value` as a tree, its first level open; `label` names it for a reader. */
export function JsonTree(
  { value, label, testid }: { value: unknown; label: string; testid?: string },
) {
  return (
    <ul class="jt" aria-label={label} data-testid={testid}>
      <Member name={null} value={value} open />
    </ul>
  );
}
