/**
 * What started a request, as the exporters record it: Chrome's
 * `_initiator` object (its type, and the script or document and line, or
 * its stack's first frame), WebPageTest's `_initiator` URL with
 * `_initiator_line` and `_initiator_type`. The detail shows it whole; the
 * list shows {@link initiatorShort}, as DevTools' Initiator column does.
 */
import { obj } from "./normalize.ts";
import { str } from "../shared/value.ts";

/** A line number as people count them: the exporter's 0-based one, plus 1. */
function lineOf(v: unknown): string {
  return typeof v === "number" && Number.isInteger(v) && v >= 0
    ? `:${v + 1}`
    : "";
}

/** What started an entry, whole: `script: send …/beacon.min.js:22`; "" when not recorded. */
export function initiatorOf(raw: Record<string, unknown>): string {
  const i = raw._initiator;
  if (typeof i === "string") {
    // WebPageTest: the URL, its line (counted from 1, a number or digits)
    // and type beside it.
    const type = str(raw._initiator_type);
    const l = raw._initiator_line;
    const line = (typeof l === "number" && Number.isInteger(l) && l >= 0) ||
        (typeof l === "string" && /^[0-9]{1,9}$/.test(l))
      ? `:${l}`
      : "";
    if (!i) return type;
    return `${type ? `${type}: ` : ""}${i}${line}`;
  }
  const o = obj(i);
  const type = str(o.type);
  let where = str(o.url) ? `${str(o.url)}${lineOf(o.lineNumber)}` : "";
  // A script: the first frame of its stack (or of the stack it continues).
  for (let stack = obj(o.stack), n = 0; !where && n < 10; n++) {
    const frames = stack.callFrames;
    const top = Array.isArray(frames) ? obj(frames[0]) : {};
    if (str(top.url)) {
      const fn = str(top.functionName);
      where = `${fn ? `${fn} ` : ""}${str(top.url)}${lineOf(top.lineNumber)}`;
    }
    stack = obj(stack.parent);
  }
  return type && where ? `${type}: ${where}` : type || where;
}

/** Characters of an initiator the list keeps (the detail has it whole). */
export const INITIATOR_CHARS = 200;

/**
 * The list's initiator, as DevTools' column names it: the file (the last
 * segment of its URL, without query) and line, `beacon.min.js:22`; the
 * type alone when no place is recorded (`parser`, `other`); "" when none.
 */
export function initiatorShort(raw: Record<string, unknown>): string {
  // A hostile 50 MB URL is not scanned whole for one short cell.
  const whole = initiatorOf(raw).slice(0, 2_000);
  if (!whole) return "";
  // `type: place`, the place a URL (a function's name before it), its line after.
  const m = /^(?:([A-Za-z_-]+): )?(?:\S+ )?(\S+?)(:\d+)?$/.exec(whole);
  let out = whole;
  if (m && m[2].includes("/")) {
    const path = m[2].split(/[?#]/)[0].replace(/\/+$/, "");
    const file = path.slice(path.lastIndexOf("/") + 1) || path;
    out = file + (m[3] ?? "");
  }
  return out.length > INITIATOR_CHARS
    ? out.slice(0, INITIATOR_CHARS) + "…"
    : out;
}
