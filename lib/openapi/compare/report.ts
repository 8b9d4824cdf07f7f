/**
 * Collects changes so that each is reported once, with every operation it
 * affects. Changes are found in scopes: an operation's own, or a pair of
 * schemas compared once however many operations reach it. An operation is
 * attached to its scope and, through it, to every scope its schemas reach,
 * so a change inside a shared component lists all its operations ("affects
 * 14 operations") instead of one line per path through the schema graph.
 */
import { compareEndpoints } from "../operations.ts";
import { type Change, type Counts, type Level, levelRank } from "./types.ts";
import { codeSpan } from "./code_span.ts";
import { BOUNDS, OTHER_KEYWORDS } from "./schema_view.ts";

/** Between a place and its media type in a `via` (see `Scope.vias`). */
export const IN_MEDIA = " in ";

/** How the `where` of a change inside a shared response component starts. */
export const SHARED_RESPONSE = "shared response ";

/**
 * A change inside a response component both versions use names it in its
 * sentence: its operations list the component under different statuses,
 * so no status could say which response it is, and a row shows only the
 * sentence ("`GET /a` (and 2 more operations): response property `id`
 * became optional (shared response `Ok`)").
 */
function namingShared(f: Finding): Finding {
  if (
    !f.where.startsWith(SHARED_RESPONSE) || f.text.includes(SHARED_RESPONSE)
  ) {
    return f;
  }
  const name = f.where.slice(SHARED_RESPONSE.length).split(" ", 1)[0];
  return { ...f, text: `${f.text} (shared response ${codeSpan(name)})` };
}

/** What a change says before it knows its operations. */
export interface Finding {
  id: string;
  level: Level;
  where: string;
  pointer: { base: string | null; revision: string | null };
  text: string;
}

/** An operation as a change lists it. */
export interface OpRef {
  method: string;
  path: string;
  /** `METHOD /path`. */
  label: string;
}

/** A place changes are found in: an operation, or one pair of schemas. */
export class Scope {
  /** The findings made here. */
  readonly found: Entry[] = [];
  /** Scopes reached from here (a property's schema pair, the items...). */
  readonly children: Scope[] = [];
  #childSet = new Set<Scope>();
  /** The children reached other than through an error response. */
  readonly leads: Scope[] = [];
  #leadSet = new Set<Scope>();
  /** The operations that reach this scope, one bit each (see `Report.result`). */
  bits: Uint32Array | null = null;
  /**
   * An operation's scope: how its sentences name the place each child is
   * reached through (`200 response body`, `request body`), so a change
   * inside a shared component can say where in the operation it sits.
   */
  vias: Map<Scope, string[]> | null = null;

  /**
   * Links `child` under this scope (once). `aside`: reached through an
   * error response (4xx, 5xx, `default`), whose schemas every operation of
   * an API may share (Stripe's `error` reaches every component): such an
   * operation is listed, but does not head a change another operation
   * reaches through its request or a success response. `via`: how an
   * operation's sentences name the place (see `vias`).
   */
  reach(child: Scope, aside = false, via?: string): void {
    if (child === this) return;
    if (via) {
      const vias = (this.vias ??= new Map()).get(child);
      if (!vias) this.vias.set(child, [via]);
      else if (!vias.includes(via)) vias.push(via);
    }
    if (!this.#childSet.has(child)) {
      this.#childSet.add(child);
      this.children.push(child);
    }
    if (!aside && !this.#leadSet.has(child)) {
      this.#leadSet.add(child);
      this.leads.push(child);
    }
  }
}

interface Entry {
  finding: Finding;
  /** Scopes that made this finding. */
  scopes: Scope[];
  /** Reported about the document when no operation reaches it. */
  orDocument: boolean;
}

/** No ids ignored. */
const NONE: ReadonlySet<string> = new Set();

/** Ids oasdiff renamed after this tool first wrote them: the new → the old. */
const FORMER_IDS: Record<string, string> = {
  "request-body-added-required": "added-required-request-body",
  "request-body-added-optional": "added-optional-request-body",
  "sunset-deleted": "api-sunset-deleted",
};

/** Parts of ids oasdiff renamed, in every family: the new → the old. */
const FORMER_PARTS: [RegExp, string][] = [
  [/-body-media-type-(item-)?schema-/, "-body-$1schema-"],
  [/-pattern-property-/, "-pattern-properties-"],
  [/-dependent-schema-/, "-dependent-schemas-"],
  [/-became-required-with-default$/, "-became-required"],
];

/**
 * The id a change had before oasdiff renamed it, or null: an ignore list
 * written for the former id (a CI gate's, kept by users moving over from
 * an older oasdiff or an older Wirebench) still leaves the change out.
 */
export function formerId(id: string): string | null {
  if (Object.hasOwn(FORMER_IDS, id)) return FORMER_IDS[id];
  for (const [part, was] of FORMER_PARTS) {
    if (part.test(id)) return id.replace(part, was);
  }
  return null;
}

/**
 * Where a schema's change is, as its id starts (`idPrefix` in
 * schema_diff.ts): a parameter's or header's schema, a body's, a
 * property's; a property inside a parameter's schema (a `deepObject`
 * query); a response's.
 */
const SCHEMA_PLACES = [
  "request-parameter",
  "request-body",
  "request-property",
  "request-parameter-property",
  "response-property",
  "response-header",
  "response-body",
] as const;

/**
 * What changed of a schema, after its place (schema_diff.ts's checks, as
 * `#add` is called): the keywords said of a value, its type, enum, bounds
 * (each of {@link BOUNDS} set, unset, lowered or raised), the keywords of
 * {@link OTHER_KEYWORDS} added, removed or changed, its alternatives.
 */
const SCHEMA_CHANGES: readonly string[] = [
  ...[
    "became-nullable",
    "became-not-nullable",
    "default-value-added",
    "default-value-removed",
    "default-value-changed",
    "deprecated",
    "reactivated",
    "description-changed",
    "example-changed",
    "type-generalized",
    "type-specialized",
    "list-of-types-widened",
    "list-of-types-narrowed",
    "type-changed",
    "const-added",
    "const-changed",
    "const-removed",
    "became-enum",
    "enum-removed",
    "enum-value-added",
    "enum-value-removed",
    "x-extensible-enum-value-added",
    "x-extensible-enum-value-removed",
    "content-encoding-changed",
    "content-media-type-changed",
    "multiple-of-set",
    "multiple-of-unset",
    "multiple-of-changed",
    "unique-items-set",
    "unique-items-unset",
    "discriminator-added",
    "discriminator-removed",
    "discriminator-property-name-changed",
    "discriminator-mapping-added",
    "discriminator-mapping-changed",
    "discriminator-mapping-deleted",
    "discriminator-default-mapping-added",
    "discriminator-default-mapping-changed",
    "discriminator-default-mapping-removed",
    "dependent-required-added",
    "dependent-required-removed",
    "pattern-added",
    "pattern-removed",
    "pattern-generalized",
    "pattern-changed",
    "additional-properties-allowed",
    "additional-properties-disallowed",
    "prefix-items-added",
    "prefix-items-removed",
    "prefix-items-closed",
    "prefix-items-opened",
    "one-of-added",
    "one-of-removed",
    "any-of-added",
    "any-of-removed",
    "wrapped-in-one-of",
    "wrapped-in-one-of-original-preserved",
    "any-of-became-one-of",
    "one-of-became-any-of",
  ],
  ...BOUNDS.flatMap((b) =>
    ["set", "unset", "decreased", "increased"].map((s) => `${b}-${s}`)
  ),
  // Kebab-case of the keyword; a map of schemas named by one entry.
  ...OTHER_KEYWORDS.filter((k) => k !== "dependentRequired").flatMap((k) => {
    const word = k === "patternProperties"
      ? "pattern-property"
      : k === "dependentSchemas"
      ? "dependent-schema"
      : k.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
    return ["added", "removed", "changed"].map((s) => `${word}-${s}`);
  }),
];

/**
 * Ids that name their place whole: a property's (in a parameter's schema,
 * `request-property` reads `request-parameter-property`), an operation's,
 * a parameter's, a body's and its media types', a response's, a webhook's
 * or callback's, security's and the document's.
 */
const WHOLE_IDS: readonly string[] = [
  "request-property-removed",
  "request-property-became-read-only",
  "request-property-became-not-read-only",
  "request-property-became-required",
  "request-property-became-required-with-default",
  "request-property-became-optional",
  "new-required-request-property",
  "new-required-request-property-with-default",
  "new-optional-request-property",
  "response-required-property-removed",
  "response-optional-property-removed",
  "response-required-property-added",
  "response-optional-property-added",
  "response-property-became-write-only",
  "response-property-became-not-write-only",
  "response-property-became-required",
  "response-property-became-optional",
  "response-mediatype-enum-value-removed",
  ...["api-path-removed", "api-removed"].flatMap((k) =>
    ["without-deprecation", "before-sunset", "with-deprecation"].map((s) =>
      `${k}-${s}`
    )
  ),
  "endpoint-added",
  "endpoint-deprecated",
  "endpoint-deprecated-with-sunset",
  "endpoint-reactivated",
  "webhook-added",
  "webhook-removed",
  "callback-added",
  "callback-removed",
  "api-description-changed",
  "api-summary-changed",
  "api-operation-id-added",
  "api-operation-id-changed",
  "api-operation-id-removed",
  "api-tag-added",
  "api-tag-removed",
  "api-stability-decreased",
  "sunset-deleted",
  "api-sunset-date-changed",
  "api-sunset-date-changed-too-small",
  "operation-server-added",
  "operation-server-removed",
  "new-required-request-parameter",
  "new-optional-request-parameter",
  "new-request-path-parameter",
  "request-path-parameter-renamed",
  "request-parameter-removed",
  "request-parameter-removed-before-sunset",
  "request-parameter-removed-with-deprecation",
  "request-parameter-became-required",
  "request-parameter-became-optional",
  "request-parameter-description-changed",
  "request-parameter-example-changed",
  "request-parameter-media-type-changed",
  "request-parameter-style-changed",
  "request-parameter-sunset-deleted",
  "request-parameter-sunset-date-changed",
  "request-parameter-sunset-date-changed-too-small",
  "request-parameter-allow-empty-value-added",
  "request-parameter-allow-empty-value-removed",
  "request-parameter-allow-reserved-added",
  "request-parameter-allow-reserved-removed",
  "request-body-added-required",
  "request-body-added-optional",
  "request-body-became-required",
  "request-body-became-optional",
  "request-body-removed",
  "request-body-description-changed",
  ...["request-body-media-type", "response-media-type"].flatMap((k) =>
    ["added", "removed", "generalized", "name-changed", "name-specialized"]
      .map((s) => `${k}-${s}`)
  ),
  ...["request", "response"].flatMap((d) => [
    `${d}-body-media-type-schema-added`,
    `${d}-body-media-type-schema-removed`,
    `${d}-body-media-type-item-schema-added`,
    `${d}-body-media-type-item-schema-removed`,
    `${d}-body-example-changed`,
    `${d}-body-encoding-changed`,
    `${d}-body-encoding-generalized`,
  ]),
  "response-success-status-added",
  "response-success-status-removed",
  "response-non-success-status-added",
  "response-non-success-status-removed",
  "response-status-range-changed",
  "response-description-changed",
  "response-summary-changed",
  "response-header-added",
  "response-header-became-required",
  "response-header-became-optional",
  "response-header-description-changed",
  "required-response-header-removed",
  "optional-response-header-removed",
  "response-link-added",
  "response-link-removed",
  ...["api-security", "api-global-security"].flatMap((k) =>
    ["added", "removed", "scope-added", "scope-removed"].map((s) => `${k}-${s}`)
  ),
  "api-security-component-added",
  "api-security-component-removed",
  "api-security-component-deprecated",
  "api-security-component-reactivated",
  "api-security-component-oauth-scope-added",
  "api-security-component-oauth-scope-removed",
  "security-scheme-changed",
  "security-scheme-oauth-flow-added",
  "security-scheme-renamed",
  "api-server-added",
  "api-server-removed",
  "api-server-variable-renamed",
  "api-server-variable-removed",
  "api-server-variable-default-changed",
  "api-server-variable-enum-value-removed",
  "api-schema-removed",
  "info-title-changed",
  "info-version-changed",
  "info-description-changed",
  "ref-not-followed",
];

let known: ReadonlySet<string> | null = null;

/**
 * Every id a comparison can report, with the ids oasdiff wrote before
 * renaming them ({@link formerId}): what `--ignore` recognises, so one it
 * does not (a typo, an id of another tool's) is said rather than silently
 * leaving nothing out.
 */
export function knownIds(): ReadonlySet<string> {
  if (known) return known;
  const ids = new Set(WHOLE_IDS);
  for (const id of WHOLE_IDS) {
    if (id.includes("request-property")) {
      ids.add(id.replace("request-property", "request-parameter-property"));
    }
  }
  for (const place of SCHEMA_PLACES) {
    for (const change of SCHEMA_CHANGES) ids.add(`${place}-${change}`);
  }
  for (const id of [...ids]) {
    const was = formerId(id);
    if (was) ids.add(was);
  }
  return known = ids;
}

/** Names offered for an id that is none, at most. */
const MAX_NEAREST = 3;

/**
 * The known ids `id` most likely meant, sorted: those it is the start of
 * (`api-path-removed` → `api-path-removed-without-deprecation`, …), else
 * the one fewest single-character edits away; [] for a known id.
 */
export function nearestIds(id: string): string[] {
  const ids = knownIds();
  if (ids.has(id)) return [];
  const sorted = [...ids].sort();
  const longer = sorted.filter((k) => k.startsWith(`${id}-`));
  if (longer.length) return longer.slice(0, MAX_NEAREST);
  let best = "", bestD = Infinity;
  for (const k of sorted) {
    const d = editDistance(id, k, bestD);
    if (d < bestD) [best, bestD] = [k, d];
  }
  return [best];
}

/**
 * Levenshtein distance of `a` and `b`, or `limit` or more when it is at
 * least that (a row whose least value reaches it ends the count).
 */
function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) >= limit) return limit;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let least = i;
    for (let j = 1; j <= b.length; j++) {
      const v = Math.min(
        prev[j] + 1,
        row[j - 1] + 1,
        prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
      row.push(v);
      if (v < least) least = v;
    }
    if (least >= limit) return limit;
    prev = row;
  }
  return prev[b.length];
}

/** A scope's nearest operation (see `Report.#nearest`). */
interface Near {
  /** Links from the operation's scope. */
  depth: number;
  op: OpRef;
  /** How the operation names the places it reaches the scope through. */
  vias: readonly string[];
}

/** Places named in a sentence at most; the others are counted. */
const MAX_VIAS = 3;

/**
 * A change inside a named schema component (`where` = `schema Transfer:
 * id`) is said once for every operation, so its sentence names no status;
 * the place its nearest operation reaches it through is added, as a
 * reader of the row asks ("… became optional (200 response body)"). A
 * change several operations list names that operation first ("(`GET
 * /a` 200 response body)"): a filter may
 * list it under another (see narrow.ts), whose status may differ. Other
 * changes name their place already.
 */
function namingVia(f: Finding, near: Near | undefined, ops: number): Finding {
  if (!near?.vias.length || !f.where.startsWith("schema ")) return f;
  // One body's media types together: `200 response body in `a` and `b``.
  const types = new Map<string, string[]>();
  for (const via of near.vias) {
    const at = mediaAt(via);
    const place = at < 0 ? via : via.slice(0, at - IN_MEDIA.length);
    const list = types.get(place) ?? [];
    if (at >= 0) list.push(via.slice(at));
    types.set(place, list);
  }
  const vias = [...types].map(([place, list]) =>
    list.length ? `${place}${IN_MEDIA}${list.join(" and ")}` : place
  );
  const shown = vias.slice(0, MAX_VIAS);
  const rest = vias.length - shown.length;
  const more = rest ? ` and ${rest} more` : "";
  const of = ops > 1 ? `${codeSpan(near.op.label)} ` : "";
  return { ...f, text: `${f.text} (${of}${shown.join(", ")}${more})` };
}

/**
 * Where the media type's code span starts in `via` (`200 response body in
 * `application/json``), or -1 when it names none: the span that ends it,
 * opened by the last run of as many backticks before (CommonMark §6.1: its
 * content holds no such run), after our words ending in {@link IN_MEDIA}.
 * Not the first ` in `` found: a parameter's or a header's name may hold
 * one (`query parameter ``a in `b```).
 */
function mediaAt(via: string): number {
  let n = 0;
  while (via[via.length - 1 - n] === "`") n++;
  if (n === 0) return -1;
  for (let i = via.length - n - 1; i >= 0; i--) {
    if (via[i] !== "`") continue;
    let m = 1;
    while (via[i - m] === "`") m++;
    if (m === n) {
      const open = i - m + 1;
      return via.slice(0, open).endsWith(IN_MEDIA) ? open : -1;
    }
    i -= m - 1;
  }
  return -1;
}

/** The findings of one comparison. */
export class Report {
  #entries = new Map<string, Entry>();
  /** Document-level findings: no operation. */
  #document: Finding[] = [];
  #ops: OpRef[] = [];
  #roots: Scope[] = [];

  /** Records `f` in `scope`; the same finding made twice is one entry. */
  add(scope: Scope, found: Finding, orDocument = false): void {
    const f = namingShared(found);
    const key =
      `${f.id}\n${f.where}\n${f.pointer.base}\n${f.pointer.revision}\n${f.text}`;
    let e = this.#entries.get(key);
    if (!e) {
      e = { finding: f, scopes: [], orDocument };
      this.#entries.set(key, e);
    }
    if (!e.scopes.includes(scope)) {
      e.scopes.push(scope);
      scope.found.push(e);
    }
  }

  /** Records a finding about the document as a whole. */
  addDocument(f: Finding): void {
    this.#document.push(f);
  }

  /** `op` is affected by everything found in `scope` and what it reaches. */
  attach(op: OpRef, scope: Scope): void {
    this.#ops.push(op);
    this.#roots.push(scope);
  }

  /**
   * Which operations reach each scope: every operation's bit flows from
   * its scope down the links, each scope passing on only bits it did not
   * have, so a graph shared by hundreds of operations (every Stripe
   * operation reaches every component through its error response) costs
   * a few words per link, not a walk per operation.
   */
  #propagate(): void {
    const words = Math.ceil(this.#ops.length / 32) || 1;
    const queue: Scope[] = [];
    this.#roots.forEach((scope, i) => {
      scope.bits ??= new Uint32Array(words);
      scope.bits[i >>> 5] |= 1 << (i & 31);
      queue.push(scope);
    });
    while (queue.length) {
      const s = queue.pop()!;
      const from = s.bits!;
      for (const c of s.children) {
        const to = c.bits ??= new Uint32Array(words);
        let grew = false;
        for (let w = 0; w < words; w++) {
          const v = (to[w] | from[w]) >>> 0;
          if (v !== to[w]) {
            to[w] = v;
            grew = true;
          }
        }
        if (grew) queue.push(c);
      }
    }
  }

  /**
   * For each scope the operation nearest to it, fewest links away (one
   * breadth-first walk from every operation at once, operations in list
   * order, so a tie goes to the one listed first), over the links `leads`
   * alone (not through error responses): the operation a reader expects a
   * change in a shared schema under is the one whose request or response
   * is that schema (`GET /v1/customers/{customer}` for `customer`), not
   * the first of every operation reaching it through a chain of them.
   * `all`: over every link, error responses' too (for the place a change
   * reached only through them is named by, see `namingVia`).
   */
  #nearest(all = false): Map<Scope, Near> {
    const near = new Map<Scope, Near>();
    const order = this.#roots.map((_, i) => i).sort((a, b) =>
      compareEndpoints(this.#ops[a], this.#ops[b])
    );
    let level: Scope[] = [];
    for (const i of order) {
      const root = this.#roots[i];
      if (near.has(root)) continue;
      near.set(root, { depth: 0, op: this.#ops[i], vias: [] });
      level.push(root);
    }
    for (let depth = 1; level.length; depth++) {
      const next: Scope[] = [];
      for (const s of level) {
        const { op, vias } = near.get(s)!;
        for (const c of all ? s.children : s.leads) {
          // Reached from the operation itself: through the place it names;
          // deeper, through the places its parent was reached through.
          const through = depth === 1 ? s.vias?.get(c) ?? [] : vias;
          const was = near.get(c);
          if (!was) {
            near.set(c, { depth, op, vias: through });
            next.push(c);
          } else if (was.depth === depth && was.op === op) {
            // As near through another place of the same operation (its 200
            // and its 201 response): both are named.
            const more = through.filter((v) => !was.vias.includes(v));
            if (more.length) was.vias = [...was.vias, ...more];
          }
        }
      }
      level = next;
    }
    return near;
  }

  /** The operations whose bit is set in `bits`, each once into `out`. */
  #opsIn(bits: Uint32Array, seen: Set<string>, out: OpRef[]): void {
    for (let w = 0; w < bits.length; w++) {
      for (let v = bits[w]; v; v &= v - 1) {
        const op = this.#ops[w * 32 + (31 - Math.clz32(v & -v))];
        if (!seen.has(op.label)) {
          seen.add(op.label);
          out.push(op);
        }
      }
    }
  }

  /**
   * The changes in list order: grouped by the operation each is listed
   * under (its first: the nearest, see #nearest), groups with the most severe change first, then by
   * path and method as the endpoint list orders them; document-level
   * changes head their level. `all` keeps `doc` changes in the list; they
   * are counted either way.
   */
  result(
    all: boolean,
    ignore: ReadonlySet<string> = NONE,
  ): { counts: Counts; changes: Change[] } {
    this.#propagate();
    const counts: Counts = { breaking: 0, warning: 0, info: 0, doc: 0 };
    const changes: Change[] = [];
    const keep = (f: Finding, ops: OpRef[], lead?: OpRef) => {
      if (ignore.has(f.id)) return;
      if (ignore.size && ignore.has(formerId(f.id) ?? "")) return;
      counts[f.level]++;
      if (f.level === "doc" && !all) return;
      ops.sort(compareEndpoints);
      // Headed by its nearest operation (see #nearest), else the first.
      if (lead && lead !== ops[0]) {
        ops = [lead, ...ops.filter((o) => o !== lead)];
      }
      changes.push({
        id: f.id,
        level: f.level,
        method: ops[0]?.method ?? "",
        path: ops[0]?.path ?? "",
        operations: ops.map((o) => o.label),
        where: f.where,
        pointer: f.pointer,
        text: f.text,
      });
    };
    for (const f of this.#document) keep(f, []);
    const near = this.#nearest();
    let anyNear: Map<Scope, Near> | undefined;
    /** The nearest of `scopes` in `map`: fewest links, then list order. */
    const nearestOf = (scopes: Scope[], map: Map<Scope, Near>) => {
      let best: Near | undefined;
      for (const s of scopes) {
        const n = map.get(s);
        if (
          n && (!best || n.depth < best.depth ||
            (n.depth === best.depth && compareEndpoints(n.op, best.op) < 0))
        ) best = n;
      }
      return best;
    };
    for (const e of this.#entries.values()) {
      const seen = new Set<string>();
      const ops: OpRef[] = [];
      for (const s of e.scopes) if (s.bits) this.#opsIn(s.bits, seen, ops);
      // Reached by no operation: none, or one about the document.
      if (!ops.length && !e.orDocument) continue;
      const lead = nearestOf(e.scopes, near);
      // Reached only through error responses: headed as before (the first
      // operation), its place named through the nearest all the same.
      const via = lead ??
        (ops.length
          ? nearestOf(e.scopes, anyNear ??= this.#nearest(true))
          : undefined);
      keep(namingVia(e.finding, via, ops.length), ops, lead?.op);
    }
    return { counts, changes: orderChanges(changes) };
  }
}

/**
 * The group a change is listed in: the operations it affects, as a set (a
 * change to one operation is in that operation's group; a change inside a
 * shared component in the group of every operation it reaches).
 */
export function changeGroup(c: Change): string {
  return c.method ? c.operations.join("\n") : "";
}

/**
 * Sorts changes into groups by the operations they affect: the groups with
 * the most severe change first, then by their first operation in list
 * order (document-level changes first), a single operation's group before
 * larger sets starting at it.
 */
export function orderChanges(changes: Change[]): Change[] {
  const worst = new Map<string, number>();
  for (const c of changes) {
    const g = changeGroup(c);
    worst.set(g, Math.min(worst.get(g) ?? 9, levelRank(c.level)));
  }
  return changes.sort((a, b) => {
    const ga = changeGroup(a), gb = changeGroup(b);
    if (ga !== gb) {
      const d = worst.get(ga)! - worst.get(gb)!;
      if (d) return d;
      const e = compareEndpoints(a, b);
      if (e) return e;
      if (a.operations.length !== b.operations.length) {
        return a.operations.length - b.operations.length;
      }
      return ga < gb ? -1 : 1;
    }
    const d = levelRank(a.level) - levelRank(b.level);
    if (d) return d;
    if (a.where !== b.where) return a.where < b.where ? -1 : 1;
    return a.text < b.text ? -1 : a.text > b.text ? 1 : 0;
  });
}
