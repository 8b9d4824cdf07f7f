/**
 * Spec compare: what changed between two versions of an API description
 * and what breaks a client written against the older one. Pure and
 * browser-safe: the page runs it in a Web Worker, `deno task diff` in the
 * terminal, and other programs import it.
 *
 * Both documents are read by the viewer's own parser (any format it
 * accepts, in any mix: a Swagger 2.0 base against an OpenAPI 3.1
 * revision), then compared operation by operation.
 */
import { parseSpec, SpecError } from "../mod.ts";
import type { SpecErrorInfo } from "../types.ts";
import { SchemaReader } from "./schema_view.ts";
import { SchemaDiff } from "./schema_diff.ts";
import {
  type OpModel,
  type Requirement,
  type SchemeModel,
  serverUrlKey,
  type ServerVar,
  type SpecModel,
  specModel,
} from "./model.ts";
import {
  compareOperations,
  type Renames,
  securityChanges,
} from "./operations.ts";
import { type Finding, Report, Scope } from "./report.ts";
import type { CompareOptions, CompareResult, Level, Side } from "./types.ts";
import { codeSpan } from "./code_span.ts";
import { findRefProblems } from "../checks.ts";
import { childPointer, isObject, refPointer } from "../refs.ts";

export { CompareLimitError } from "./types.ts";
export type * from "./types.ts";
export { levelRank, LEVELS } from "./types.ts";
export type {
  BodyModel,
  HeaderModel,
  MediaModel,
  OpModel,
  ParamModel,
  Requirement,
  ResponseModel,
  SchemaAt,
  SchemeModel,
  ServerVar,
  SpecModel,
} from "./model.ts";
// The parser's types a SpecModel holds (its `parsed`), and the error's.
export type {
  CallbackEntry,
  Deref,
  Detected,
  Endpoint,
  Loaded,
  Memo,
  ParsedSpec,
  RefResolver,
  RejectionInfo,
  SpecError,
  SpecErrorInfo,
  SpecIndex,
  SpecWarning,
  Syntax,
  TagInfo,
} from "../mod.ts";

/** Schema pairs compared at most by default (Stripe's pair needs ~5,000). */
const MAX_PAIRS = 200_000;

/** An input that cannot be compared: which side, and the viewer's error. */
export class CompareInputError extends Error {
  /** Which input was rejected. */
  readonly side: Side;
  /** Why and where the viewer's parser rejected it, as plain data. */
  readonly info: SpecErrorInfo;
  /** An error about `side`, its message the side's name and the parser's. */
  constructor(side: Side, info: SpecErrorInfo) {
    super(`${side}: ${SpecError.describe(info)}`);
    this.name = "CompareInputError";
    this.side = side;
    this.info = info;
  }
}

/** Parses one side; a rejection names the side. */
export function readSide(text: string, side: Side): SpecModel {
  try {
    return specModel(parseSpec(text, { checks: false }));
  } catch (err) {
    if (err instanceof SpecError) throw new CompareInputError(side, err.info);
    throw err;
  }
}

/** Compares two parsed sides (see {@link compareSpecs}). */
export function compareModels(
  base: SpecModel,
  revision: SpecModel,
  options: CompareOptions = {},
): CompareResult {
  const report = new Report();
  const schemas = new SchemaDiff(
    report,
    new SchemaReader(
      base.parsed.resolver,
      base.pointers,
      "base",
      base.parsed.doc,
    ),
    new SchemaReader(
      revision.parsed.resolver,
      revision.pointers,
      "revision",
      revision.parsed.doc,
    ),
    options.maxPairs ?? MAX_PAIRS,
  );
  const renamed = schemeRenames(base, revision, report);
  const security = new Scope();
  compareDocument(base, revision, report, renamed, security);
  reportRefProblems(base, revision, report);
  compareOperations(base, revision, report, schemas, renamed, security);
  const { counts, changes } = report.result(
    options.all === true,
    options.ignore,
  );
  return { base: base.info, revision: revision.info, counts, changes };
}

/**
 * What changed from `baseText` to `revisionText`, and what it breaks.
 * Throws {@link CompareInputError} when either is not a document the
 * viewer accepts, and `CompareLimitError` when a hostile document would
 * take unbounded time.
 */
export function compareSpecs(
  baseText: string,
  revisionText: string,
  options: CompareOptions = {},
): CompareResult {
  return compareModels(
    readSide(baseText, "base"),
    readSide(revisionText, "revision"),
    options,
  );
}

/**
 * `$ref`s whose target cannot be compared: a gate must not read "no
 * breaking change" as all clear when part of either document was not
 * seen. Warnings (the documents do not say enough to decide):
 * - a local `$ref` of one side that points to nothing there, unless the
 *   other side writes the same broken reference (one broken on both sides
 *   hides no change, and the viewer warns of it);
 * - references to other files, which are not loaded: one change for both
 *   sides, at the first such reference of each.
 */
function reportRefProblems(
  b: SpecModel,
  r: SpecModel,
  report: Report,
): void {
  const found = {
    base: findRefProblems(b.parsed.doc, b.parsed.resolver, true),
    revision: findRefProblems(r.parsed.doc, r.parsed.resolver, true),
  };
  const at = (keys: readonly (string | number)[]) =>
    [...keys, "$ref"].reduce<string>((p, k) => childPointer(p, k), "");
  for (const side of ["base", "revision"] as const) {
    const other = found[side === "base" ? "revision" : "base"];
    const both = new Set(other.missing.map((m) => m.ref));
    const broken = found[side].missing.filter((m) => !both.has(m.ref));
    if (!broken.length) continue;
    const n = broken.length;
    report.addDocument({
      id: "ref-not-followed",
      level: "warning",
      where: "$ref",
      pointer: {
        base: side === "base" ? at(broken[0].keys) : null,
        revision: side === "revision" ? at(broken[0].keys) : null,
      },
      text: `${side === "base" ? "the base's" : "the revision's"} $ref ${
        codeSpan(broken[0].ref)
      } points to nothing in its document${
        n > 1 ? ` (and ${n - 1} more such $ref${n > 2 ? "s" : ""})` : ""
      }: what it should point to is not compared`,
    });
  }
  const xb = found.base.firstExternal, xr = found.revision.firstExternal;
  if (xb || xr) {
    const first = (xr ?? xb)!;
    const counts = [
      xb ? `${found.base.external} in the base` : "",
      xr ? `${found.revision.external} in the revision` : "",
    ].filter(Boolean).join(", ");
    report.addDocument({
      id: "ref-not-followed",
      level: "warning",
      where: "$ref",
      pointer: {
        base: xb ? at(xb.keys) : null,
        revision: xr ? at(xr.keys) : null,
      },
      text: `$ref ${
        codeSpan(first.ref)
      } points to another file, which is not loaded (${counts}): what such references point to is not compared`,
    });
  }
}

/**
 * Changes of the document as a whole: its servers, its words and its
 * security requirements (found in `security`, the scope operations that
 * follow them reach).
 */
function compareDocument(
  b: SpecModel,
  r: SpecModel,
  report: Report,
  renamed: Renames,
  security: Scope,
): void {
  const paired = serverPairs(b.servers, r.servers);
  const kept = new Set([...paired.values()].map(serverUrlKey));
  const was = serversPointer(b, r), is = serversPointer(r, b);
  for (const url of b.servers) {
    if (!paired.has(url)) {
      report.addDocument({
        id: "api-server-removed",
        level: "warning",
        where: "servers",
        // The default `/` of a side that lists none is written nowhere:
        // the change is where the other side lists its servers.
        pointer: { base: was, revision: was ? null : is },
        text: `server ${codeSpan(url)} was removed`,
      });
    }
  }
  for (const url of r.servers) {
    if (!kept.has(serverUrlKey(url))) {
      report.addDocument({
        id: "api-server-added",
        level: "info",
        where: "servers",
        pointer: { base: is ? null : was, revision: is },
        text: `server ${codeSpan(url)} was added`,
      });
    }
  }
  // A change here reaches the operations that follow the document's
  // requirements in both versions (they reach `security`): one change
  // listing them, about the document when none does.
  for (
    const f of securityChanges(
      b.security ?? [],
      r.security ?? [],
      "api-global-security",
      renamed,
    )
  ) {
    report.add(security, {
      ...f,
      where: "security",
      pointer: {
        base: b.security ? "/security" : null,
        revision: r.security ? "/security" : null,
      },
    }, true);
  }
  compareServerVars(b, r, paired, report);
  compareSchemes(b, r, report, renamed);
  removedSchemas(b, r, report);
  const words: [string, string, string, string][] = [
    ["info-title-changed", "title", b.info.title, r.info.title],
    ["info-version-changed", "version", b.info.version, r.info.version],
    ["info-description-changed", "description", b.description, r.description],
  ];
  for (const [id, what, x, y] of words) {
    if (x === y) continue;
    report.addDocument({
      id,
      level: "doc",
      where: "info",
      pointer: { base: "/info", revision: "/info" },
      text: what === "description"
        ? "API description changed"
        : `API ${what} changed from ${codeSpan(x)} to ${codeSpan(y)}`,
    });
  }
}

/** A document's named schemas (3.x `components/schemas`, 2.0 `definitions`) and where. */
function schemaComponents(
  doc: Record<string, unknown>,
): { at: string; map: Record<string, unknown> } | null {
  const c = isObject(doc.components) ? doc.components.schemas : undefined;
  if (isObject(c)) return { at: "/components/schemas", map: c };
  if (isObject(doc.definitions)) {
    return { at: "/definitions", map: doc.definitions };
  }
  return null;
}

/**
 * The named schemas something outside them reaches through `$ref`s (an
 * operation, a path item, any other component), and those they reach in
 * turn; a component that extends a reached one (`allOf: [{$ref: Pet}]`)
 * counts as reached, since a discriminator picks it by name without a
 * reference to it. One walk of the document, each object once (YAML
 * aliases share objects), so hostile input costs its size.
 */
function reachedSchemas(
  doc: Record<string, unknown>,
  schemas: { at: string; map: Record<string, unknown> },
): Set<string> {
  const prefix = `${schemas.at}/`;
  const seen = new Set<object>([schemas.map]);
  const reached = new Set<string>();
  const todo: string[] = [];
  const nameOf = (ref: string): string | null => {
    const p = refPointer(ref);
    if (!p.startsWith(prefix)) return null;
    const seg = p.slice(prefix.length).split("/")[0];
    return seg.replace(/~1/g, "/").replace(/~0/g, "~");
  };
  const reach = (name: string | null) => {
    if (name === null || reached.has(name)) return;
    if (!Object.hasOwn(schemas.map, name)) return;
    reached.add(name);
    todo.push(name);
  };
  const walk = (root: unknown) => {
    const stack = [root];
    while (stack.length) {
      const x = stack.pop();
      if (typeof x !== "object" || x === null || seen.has(x)) continue;
      seen.add(x);
      if (Array.isArray(x)) {
        for (const y of x) stack.push(y);
        continue;
      }
      const o = x as Record<string, unknown>;
      if (typeof o.$ref === "string") reach(nameOf(o.$ref));
      for (const k in o) stack.push(o[k]);
    }
  };
  // Components that extend another, by the name they extend.
  const extenders = new Map<string, string[]>();
  for (const name in schemas.map) {
    const c = schemas.map[name];
    if (!isObject(c) || !Array.isArray(c.allOf)) continue;
    for (const part of c.allOf) {
      const to = isObject(part) && typeof part.$ref === "string"
        ? nameOf(part.$ref)
        : null;
      if (to === null || to === name) continue;
      const list = extenders.get(to);
      if (list) list.push(name);
      else extenders.set(to, [name]);
    }
  }
  walk(doc);
  while (todo.length) {
    const name = todo.pop()!;
    walk(schemas.map[name]);
    for (const sub of extenders.get(name) ?? []) reach(sub);
  }
  return reached;
}

/**
 * A named schema the revision no longer has, that no operation of the
 * base reached (oasdiff's `api-schema-removed`, info): no client sent or
 * read it. One an operation reached is said where it was used (a body
 * that now names another component, a property gone), not again here.
 */
function removedSchemas(b: SpecModel, r: SpecModel, report: Report): void {
  const was = schemaComponents(b.parsed.doc);
  if (!was) return;
  const is = schemaComponents(r.parsed.doc);
  const gone = Object.keys(was.map).filter((name) =>
    !is || !Object.hasOwn(is.map, name)
  );
  if (!gone.length) return;
  const reached = reachedSchemas(b.parsed.doc, was);
  for (const name of gone) {
    if (reached.has(name)) continue;
    report.addDocument({
      id: "api-schema-removed",
      level: "info",
      where: `schema ${name}`,
      pointer: { base: childPointer(was.at, name), revision: null },
      text: `schema ${codeSpan(name)} was removed`,
    });
  }
}

/**
 * Where `m` writes its servers, as against `other`: 3.x `/servers` (null
 * when it lists none: the default `/`); in 2.0, the one of `schemes`,
 * `host` and `basePath` that differs from a 2.0 `other` on the same host,
 * else `host`, else `basePath` (a relative server).
 */
function serversPointer(m: SpecModel, other: SpecModel): string | null {
  const doc = m.parsed.doc;
  if (!m.swagger) {
    return Array.isArray(doc.servers) && doc.servers.length ? "/servers" : null;
  }
  const has = (k: string) => doc[k] !== undefined;
  const o = other.parsed.doc;
  if (has("host") && other.swagger && o.host === doc.host) {
    if (has("basePath") && o.basePath !== doc.basePath) return "/basePath";
    if (has("schemes")) return "/schemes";
  }
  return has("host") ? "/host" : has("basePath") ? "/basePath" : null;
}

/**
 * Security schemes that send their credential another way, listed with
 * the operations that use them (a scheme no operation uses breaks none:
 * info). An OAuth 2 scheme that keeps every flow and adds one breaks no
 * client either. One now deprecated (or no longer) is news as an
 * operation deprecated is.
 */
function compareSchemes(
  b: SpecModel,
  r: SpecModel,
  report: Report,
  renamed: Renames,
): void {
  schemesAddedOrRemoved(b, r, report, renamed);
  for (const [name, bs] of b.schemes) {
    schemeDeprecation(name, bs, r, report, renamed);
    scopesAddedOrRemoved(name, bs, b, r, report, renamed);
    const rs = r.schemes.get(name);
    if (!rs || rs.wire === bs.wire) continue;
    const users = [...r.ops.values()].filter((op) =>
      op.security?.some((req) => req.has(name))
    );
    const onlyAdded = bs.flows && rs.flows &&
      [...bs.flows].every(([k, urls]) => rs.flows!.get(k) === urls);
    const finding = {
      id: onlyAdded
        ? "security-scheme-oauth-flow-added"
        : "security-scheme-changed",
      // A client sends its credential where and how the base said:
      // anywhere else, the server sees none.
      level: onlyAdded || !users.length ? "info" as const : "breaking" as const,
      where: `security scheme ${name}`,
      pointer: { base: bs.pointer, revision: rs.pointer },
      text: onlyAdded
        ? `security scheme ${codeSpan(name)} gained a flow: now ${rs.shown}`
        : `security scheme ${
          codeSpan(name)
        } is now ${rs.shown} (was ${bs.shown})`,
    };
    reportAt(report, finding, users);
  }
}

/** What {@link requires} reads, gathered once per document. */
const REQUIRED = new WeakMap<SpecModel, Set<string>>();

/**
 * True when a requirement of `m` (the document's, or one in force for an
 * operation) names scheme `name`, with `scope` among its scopes when given.
 * The names (and name–scope pairs) are gathered in one pass, so a document
 * of many schemes and operations costs one walk, not one per scheme.
 */
function requires(m: SpecModel, name: string, scope?: string): boolean {
  let names = REQUIRED.get(m);
  if (!names) {
    names = new Set();
    const seen = new Set<Requirement[]>();
    for (
      const reqs of [
        m.security,
        ...[...m.ops.values()].map((op) => op.security),
      ]
    ) {
      if (!reqs || seen.has(reqs)) continue;
      seen.add(reqs);
      for (const q of reqs) {
        for (const [n, scopes] of q) {
          names.add(n);
          for (const s of scopes) names.add(`${n}\0${s}`);
        }
      }
    }
    REQUIRED.set(m, names);
  }
  return names.has(scope === undefined ? name : `${name}\0${scope}`);
}

/**
 * A security scheme defined or dropped while no requirement names it
 * (oasdiff's `api-security-component-added`/`-removed`, info): no client
 * sends it, so no client meets it. One a requirement names is said
 * through that requirement (added, or removed: breaking), at the
 * operations it reaches, and not again here; a rename is one change
 * ({@link schemeRenames}).
 */
function schemesAddedOrRemoved(
  b: SpecModel,
  r: SpecModel,
  report: Report,
  renamed: Renames,
): void {
  // Each side's schemes the other lacks, neither renamed nor required.
  const side = (from: SpecModel, to: SpecModel, moved: Set<string>) => {
    const gone = from === b;
    for (const [name, s] of from.schemes) {
      if (to.schemes.has(name) || moved.has(name) || requires(from, name)) {
        continue;
      }
      report.addDocument({
        id: `api-security-component-${gone ? "removed" : "added"}`,
        level: "info",
        where: `security scheme ${name}`,
        pointer: gone
          ? { base: s.pointer, revision: null }
          : { base: null, revision: s.pointer },
        text: `security scheme ${codeSpan(name)} was ${
          gone ? "removed" : "added"
        }`,
      });
    }
  };
  side(b, r, new Set(renamed.keys()));
  side(r, b, new Set(renamed.values()));
}

/**
 * OAuth 2 scopes a flow offers that it did not, or no longer offers
 * (oasdiff's `api-security-component-oauth-scope-added`/`-removed`,
 * info): a scope is a client's to ask for, and only a requirement makes
 * one ask. A scope a requirement names on the side that has it is said
 * through that requirement (a scope it now needs is breaking, at the
 * operations it reaches), not again here. Flows gone or new are the
 * scheme's own change ({@link compareSchemes}).
 */
function scopesAddedOrRemoved(
  name: string,
  bs: SchemeModel,
  b: SpecModel,
  r: SpecModel,
  report: Report,
  renamed: Renames,
): void {
  const now = r.schemes.has(name) ? name : renamed.get(name);
  const rs = now === undefined ? undefined : r.schemes.get(now);
  if (!rs?.scopes || !bs.scopes) return;
  for (const [flow, was] of bs.scopes) {
    const is = rs.scopes.get(flow);
    if (!is) continue;
    const had = new Set(was.names), has = new Set(is.names);
    for (const scope of was.names) {
      if (has.has(scope) || requires(b, name, scope)) continue;
      report.addDocument({
        id: "api-security-component-oauth-scope-removed",
        level: "info",
        where: `security scheme ${now}`,
        pointer: {
          base: childPointer(was.pointer, scope),
          revision: is.pointer,
        },
        text: `security scheme ${codeSpan(now!)} no longer offers scope ${
          codeSpan(scope)
        } in flow ${codeSpan(flow)}`,
      });
    }
    for (const scope of is.names) {
      if (had.has(scope) || requires(r, now!, scope)) continue;
      report.addDocument({
        id: "api-security-component-oauth-scope-added",
        level: "info",
        where: `security scheme ${now}`,
        pointer: {
          base: was.pointer,
          revision: childPointer(is.pointer, scope),
        },
        text: `security scheme ${codeSpan(now!)} offers scope ${
          codeSpan(scope)
        } in flow ${codeSpan(flow)}`,
      });
    }
  }
}

/**
 * A scheme marked `deprecated` (OpenAPI 3.2, Security Scheme Object:
 * consumers should stop using it), or no longer: info, as an operation
 * deprecated is (`endpoint-deprecated`); oasdiff has no check of its own,
 * so the id is ours, in its `api-security-component-…` family. Listed with
 * the operations whose requirements name it, the document's when none do.
 */
function schemeDeprecation(
  name: string,
  bs: SchemeModel,
  r: SpecModel,
  report: Report,
  renamed: Renames,
): void {
  const now = r.schemes.has(name) ? name : renamed.get(name);
  const rs = now === undefined ? undefined : r.schemes.get(now);
  if (!rs || rs.deprecated === bs.deprecated) return;
  const finding = {
    id: rs.deprecated
      ? "api-security-component-deprecated"
      : "api-security-component-reactivated",
    level: "info" as const,
    where: `security scheme ${now}`,
    pointer: { base: bs.pointer, revision: rs.pointer },
    text: `security scheme ${codeSpan(now!)} ${
      rs.deprecated ? "was deprecated" : "is no longer deprecated"
    }`,
  };
  const users = [...r.ops.values()].filter((op) =>
    op.security?.some((req) => req.has(now!))
  );
  reportAt(report, finding, users);
}

/**
 * A security scheme's finding, listed with the operations whose
 * requirements name it, or as the document's when none does.
 */
function reportAt(
  report: Report,
  finding: Finding,
  users: readonly OpModel[],
): void {
  if (!users.length) return report.addDocument(finding);
  const scope = new Scope();
  report.add(scope, finding);
  for (const op of users) report.attach(op, scope);
}

/**
 * Security schemes renamed: a base scheme gone from the revision, paired
 * with the one new scheme sent the same way (see {@link uniquePairs}). The
 * name is the document's label, but clients generated from it configure
 * their credential by that name, so a rename of a scheme in use may break
 * them (warning, listed with the operations that use it); requirements then
 * compare under the new name, and the rename reads as one change, not a
 * requirement removed and one added.
 */
function schemeRenames(b: SpecModel, r: SpecModel, report: Report): Renames {
  const out = new Map<string, string>();
  const pairs = uniquePairs(
    [...b.schemes].filter(([name]) => !r.schemes.has(name)),
    [...r.schemes].filter(([name]) => !b.schemes.has(name)),
    ([, s]) => s.wire,
  );
  for (const [[name, bs], [now, rs]] of pairs) {
    out.set(name, now);
    const users = [...r.ops.values()].filter((op) =>
      op.security?.some((q) => q.has(now))
    );
    const finding = {
      id: "security-scheme-renamed",
      // In use: by an operation's requirements, the document's among them
      // where it follows them (a document's that every operation replaces
      // is no one's).
      level: users.length ? "warning" as const : "info" as const,
      where: `security scheme ${now}`,
      pointer: { base: bs.pointer, revision: rs.pointer },
      text: `security scheme ${codeSpan(name)} was renamed ${
        codeSpan(now)
      } (${rs.shown}, as before)`,
    };
    reportAt(report, finding, users);
  }
  return out;
}

/**
 * Pairs of a gone item and a new one that share a key, where the key names
 * exactly one of each: with two candidates on a side, which became which
 * cannot be told (two servers of one URL shape, two schemes defined alike),
 * and a guess could report values lost that are still there. Grouped once,
 * so hostile lists of tens of thousands cost a pass each.
 */
function uniquePairs<T>(
  gone: readonly T[],
  added: readonly T[],
  key: (x: T) => string,
): [T, T][] {
  const count = (list: readonly T[]) => {
    const by = new Map<string, T[]>();
    for (const x of list) {
      const k = key(x);
      const same = by.get(k);
      if (same) same.push(x);
      else by.set(k, [x]);
    }
    return by;
  };
  const was = count(gone), is = count(added);
  const out: [T, T][] = [];
  for (const [k, list] of was) {
    const now = is.get(k);
    if (list.length === 1 && now?.length === 1) out.push([list[0], now[0]]);
  }
  return out;
}

/** A server URL template with its variables' names left out. */
function serverKey(url: string): string {
  return url.replace(/\{[^{}]*\}/g, "{}");
}

/**
 * The revision's server for each base server kept: the same URL, else the
 * same template with its variables renamed (`https://{region}.x` and
 * `https://{zone}.x`) when it is the only one of its shape on each side.
 */
function serverPairs(
  before: readonly string[],
  after: readonly string[],
): Map<string, string> {
  const had = new Set(before.map(serverUrlKey));
  const exact = new Map<string, string>();
  for (const url of after) {
    const k = serverUrlKey(url);
    if (!exact.has(k)) exact.set(k, url);
  }
  const out = new Map<string, string>();
  for (const url of before) {
    const same = exact.get(serverUrlKey(url));
    if (same !== undefined) out.set(url, same);
  }
  // A URL listed twice is one server (its variables are read by URL).
  const pairs = uniquePairs(
    [...new Set(before)].filter((url) => !exact.has(serverUrlKey(url))),
    [...new Set(after)].filter((url) => !had.has(serverUrlKey(url))),
    (url) => serverKey(serverUrlKey(url)),
  );
  for (const [url, now] of pairs) out.set(url, now);
  return out;
}

/** The variable names of a server URL template, in order. */
function templateNames(url: string): string[] {
  return [...url.matchAll(/\{([^{}]*)\}/g)].map((m) => m[1]);
}

/**
 * Server variables of a server both versions list: a value a client may
 * have chosen that is no longer allowed, or a variable gone, may break it
 * (warning); a default changed moves clients that take it (info). A
 * variable renamed in the template (same place) may break a client that
 * sets it by name (warning), and compares under its new name.
 */
function compareServerVars(
  b: SpecModel,
  r: SpecModel,
  paired: ReadonlyMap<string, string>,
  report: Report,
): void {
  for (const [url, vars] of b.serverVars) {
    const revUrl = paired.get(url);
    const now = revUrl === undefined ? undefined : r.serverVars.get(revUrl);
    if (!revUrl || !now) continue;
    const add = (
      id: string,
      level: Level,
      text: string,
      base: ServerVar,
      revision?: ServerVar,
    ) =>
      report.addDocument({
        id,
        level,
        where: `server ${revUrl}`,
        pointer: { base: base.pointer, revision: revision?.pointer ?? null },
        text: `server ${codeSpan(revUrl)} ${text}`,
      });
    const was = templateNames(url), is = templateNames(revUrl);
    const renamedTo = new Map(was.map((name, i) => [name, is[i]]));
    for (const [name, v] of vars) {
      const newName = renamedTo.get(name) ?? name;
      const w = now.get(newName);
      if (newName !== name) {
        add(
          "api-server-variable-renamed",
          "warning",
          `variable ${codeSpan(name)} was renamed ${codeSpan(newName)}`,
          v,
          w,
        );
      }
      if (!w) {
        add(
          "api-server-variable-removed",
          "warning",
          `lost variable ${codeSpan(name)}`,
          v,
        );
        continue;
      }
      if (v.default !== w.default) {
        add(
          "api-server-variable-default-changed",
          "info",
          `variable ${codeSpan(newName)} default changed from ${
            codeSpan(v.default)
          } to ${codeSpan(w.default)}`,
          v,
          w,
        );
      }
      const allowed = new Set(w.enum ?? []);
      for (const value of v.enum ?? []) {
        if (w.enum && !allowed.has(value)) {
          add(
            "api-server-variable-enum-value-removed",
            "warning",
            `variable ${codeSpan(newName)} lost value ${codeSpan(value)}`,
            v,
            w,
          );
        }
      }
    }
  }
}
