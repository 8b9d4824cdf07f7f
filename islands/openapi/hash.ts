/**
 * The viewer's state in the URL fragment: the filter and the selected
 * operation, so a reload or a shared link keeps them. The fragment never
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
}

/** Reads the state from a fragment such as `#filter=pets&op=get+%2Fpets`. */
export function readHash(hash: string): HashState {
  const p = fragmentParams(hash);
  return { filter: p.get("filter") ?? "", op: p.get("op") ?? "" };
}

/** The fragment for `s` ("" when there is nothing to keep). */
export function writeHash(s: HashState): string {
  const p = new URLSearchParams();
  if (s.filter) p.set("filter", s.filter);
  if (s.op) p.set("op", s.op);
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
