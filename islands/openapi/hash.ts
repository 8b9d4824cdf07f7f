/**
 * The viewer's state in the URL fragment: the filter, the selected
 * operation and the named schema opened last, so a reload or a shared link
 * keeps them. The fragment never
 * reaches a server (RFC 3986 §3.5), and spec content never goes into it.
 */
import {
  formatFragment,
  fragmentParams,
  replaceFragment,
} from "../shared/fragment.ts";

/** What the fragment carries. */
export interface HashState {
  filter: string;
  /** Selected operation as `method path` (`get /pets/{id}`), or "". */
  op: string;
  /** The named schema opened last (`Pet`), or "". */
  schema: string;
}

/**
 * Reads the state from a fragment such as
 * `#filter=pets&op=get+%2Fpets&schema=Pet`.
 */
export function readHash(hash: string): HashState {
  const p = fragmentParams(hash);
  return {
    filter: p.get("filter") ?? "",
    op: p.get("op") ?? "",
    schema: p.get("schema") ?? "",
  };
}

/** The fragment for `s` ("" when there is nothing to keep). */
export function writeHash(s: HashState): string {
  const p = new URLSearchParams();
  if (s.filter) p.set("filter", s.filter);
  if (s.op) p.set("op", s.op);
  if (s.schema) p.set("schema", s.schema);
  return formatFragment(p);
}

/** Replaces the fragment without a history entry per keystroke. */
export function replaceHash(s: HashState): void {
  replaceFragment(writeHash(s));
}

/** Key of an operation in the fragment and in selection state. */
export function opKey(method: string, path: string): string {
  return `${method} ${path}`;
}
