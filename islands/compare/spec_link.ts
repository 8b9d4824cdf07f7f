/**
 * Where a change opens in the spec viewer: the operation it is listed
 * under, in the version that has it (the base for a removed operation,
 * else the revision), as the viewer's own deep link names it.
 */
import type { Side } from "../../lib/openapi/compare/types.ts";
import { opKey, writeHash } from "../openapi/hash.ts";

/** An operation in one version. */
export interface SpecTarget {
  side: Side;
  /** Lower-case method. */
  method: string;
  path: string;
}

/** Ids of an operation (or its whole path) gone from the revision. */
const REMOVED = /^api(?:-path)?-removed-/;
/** A callback's operation, as compare labels it (`… (callback `x` of POST /a)`). */
const CALLBACK = / \(callback .+ of \S+ \/.*\)$/s;

/**
 * The operation `subject` (`GET /pets/{petId}`, as a row is listed under)
 * names, opened in the version change `id` leaves it in; null for the
 * document, a webhook (named, not a path) or a callback, which the viewer
 * lists apart and does not link to.
 */
export function specTarget(id: string, subject: string): SpecTarget | null {
  const m = /^(\S+) (\/.*)$/s.exec(subject);
  if (!m || CALLBACK.test(m[2])) return null;
  return {
    side: REMOVED.test(id) ? "base" : "revision",
    method: m[1].toLowerCase(),
    path: m[2],
  };
}

/** The viewer's address at `specUrl` that opens `t`'s operation. */
export function specHref(specUrl: string, t: SpecTarget): string {
  return specUrl +
    writeHash({ filter: "", op: opKey(t.method, t.path), schema: "" });
}
