/**
 * The viewer's state in the URL fragment: the filter, the selected
 * operation and the named schema opened last, so a reload or a shared link
 * keeps them. The fragment never
 * reaches a server (RFC 3986 §3.5), and spec content never goes into it.
 */
import type { ApartOp } from "../../lib/openapi/types.ts";
import {
  formatFragment,
  fragmentParams,
  pushFragment,
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
 * `#filter=pets&op=get+%2Fpets&schema=Pet`, or from a deep link another
 * viewer wrote ({@link peerLink}). `op` is `method path` (the method any
 * case) or an operationId, which the page resolves against the document.
 */
export function readHash(hash: string): HashState {
  const schema = schemaLink(hash);
  if (schema !== null) return { filter: "", op: "", schema };
  const peer = peerLink(hash);
  if (peer !== null) return { filter: "", op: peer, schema: "" };
  const p = fragmentParams(hash);
  return {
    filter: p.get("filter") ?? "",
    op: normalOp(p.get("op") ?? ""),
    schema: p.get("schema") ?? "",
  };
}

/**
 * The schema a JSON-pointer-like link names (`#/definitions/Pet`,
 * `#/components/schemas/Pet`, as Swagger UI and Redoc write a model's),
 * or null.
 */
export function schemaLink(hash: string): string | null {
  const m = /^#?\/(?:definitions|components\/schemas)\/([^/]+)$/.exec(hash);
  if (!m) return null;
  try {
    return decodeURIComponent(m[1]).replaceAll("~1", "/").replaceAll(
      "~0",
      "~",
    );
  } catch {
    return null;
  }
}

/** `GET /pets` as `get /pets`; an operationId as it is. */
function normalOp(op: string): string {
  const m = /^([A-Za-z]+) (\/.*)$/.exec(op);
  return m ? `${m[1].toLowerCase()} ${m[2]}` : op;
}

/**
 * The operation a deep link of Swagger UI (`#/pets/findPets`: tag, then
 * operationId), Redoc (`#operation/findPets`, `#tag/pets/operation/…`) or
 * Scalar (`#tag/pets/GET/pets/{id}`) names, as an operationId or
 * `method path`; null for any other fragment. Links people already share
 * open the operation here too.
 */
export function peerLink(hash: string): string | null {
  let h = hash.replace(/^#/, "");
  if (h.includes("=")) return null;
  try {
    h = decodeURIComponent(h);
  } catch {
    return null; // not percent-encoding: not a link of theirs
  }
  let m = /^\/[^/]+\/([^/]+)$/.exec(h);
  if (m && schemaLink(hash) === null) return m[1];
  m = /^(?:tag\/[^/]+\/)?operation\/([^/]+)$/.exec(h);
  if (m) return m[1];
  m = /^tag\/[^/]+\/([A-Za-z]+)(\/.*)$/.exec(h);
  if (m) return `${m[1].toLowerCase()} ${m[2]}`;
  return null;
}

/** What a fragment holds, in words (for a link opened without its file). */
export function linkedParts(s: HashState): string[] {
  const out: string[] = [];
  if (s.filter) out.push(`filter “${s.filter.slice(0, 60)}”`);
  if (s.op) out.push(`operation ${s.op.slice(0, 100)}`);
  if (s.schema) out.push(`schema ${s.schema.slice(0, 100)}`);
  return out;
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

/** Writes the fragment as a new history entry (another operation opened). */
export function pushHash(s: HashState): void {
  pushFragment(writeHash(s));
}

/** Key of an operation in the fragment and in selection state. */
export function opKey(method: string, path: string): string {
  return `${method} ${path}`;
}

/**
 * Where a link's target opens in this viewer: an `operationId`, or the
 * operation a local `operationRef` names (the detail writes it `GET
 * /users/{id}`), as the fragment the viewer reads; null for a reference
 * into another document, which is not fetched.
 */
export function linkTargetHref(target: string): string | null {
  const m = /^([A-Za-z]+) (\/.*)$/.exec(target);
  if (m) {
    return writeHash({
      filter: "",
      op: opKey(m[1].toLowerCase(), m[2]),
      schema: "",
    });
  }
  // An operationId is a name, not a reference (no `#`, `/` or scheme).
  if (!target || /[#/:\s]/.test(target)) return null;
  return writeHash({ filter: "", op: target, schema: "" });
}

/**
 * The DOM id of the Webhooks or Callbacks row of `op`, which a link to it
 * names: each part's characters other than letters, digits and `-` are
 * written `_hex_`, so an id holds no space (HTML ids may not) and two
 * operations never share one.
 */
export function apartId(op: ApartOp): string {
  const part = (s: string) =>
    s.replace(/[^A-Za-z0-9-]/gu, (c) => `_${c.codePointAt(0)!.toString(16)}_`);
  const parts = op.kind === "webhook" ? [op.method, op.path] : [
    op.parentContainer,
    op.parentMethod,
    op.parentPath,
    op.name,
    op.expression,
    op.method,
  ];
  return `sv-${op.kind}-${parts.map(part).join(".")}`;
}
