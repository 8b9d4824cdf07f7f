/**
 * Compares two documents operation by operation: which operations came
 * and went, and for each kept one its parameters, request body, responses
 * and security. Schemas are handed to {@link SchemaDiff}; everything found
 * is recorded in the {@link Report} against the operations it affects.
 */
import type { Level } from "./types.ts";
import {
  bareMedia,
  type BodyModel,
  encodedNames,
  type EncodingWire,
  encodingWire,
  type HeaderModel,
  MEDIA_WIRE,
  type MediaModel,
  type OpModel,
  type ParamModel,
  type Requirement,
  type ResponseModel,
  type SchemaAt,
  serverUrlKey,
  type SpecModel,
} from "./model.ts";
import {
  IN_MEDIA,
  type OpRef,
  type Report,
  Scope,
  SHARED_RESPONSE,
} from "./report.ts";
import type { Context, SchemaDiff } from "./schema_diff.ts";
import { json } from "./schema_view.ts";
import { isJsonType } from "../../shared/json_pretty.ts";
import { childPointer, isObject, refName } from "../refs.ts";
import { codeSpan } from "./code_span.ts";

/**
 * Compares every operation and webhook of `base` and `rev`. One that
 * follows the document's security requirements in both reaches `security`,
 * where the document's changes to them are found.
 */
export function compareOperations(
  base: SpecModel,
  rev: SpecModel,
  report: Report,
  schemas: SchemaDiff,
  renamed: Renames = NO_RENAMES,
  security: Scope = new Scope(),
): void {
  const revPaths = new Set([...rev.ops.values()].map((o) => pathKey(o.path)));
  const sides: Sides = [base, rev];
  // A path written in another Unicode normalization form (`café` composed
  // in one, `e` + U+0301 in the other) looks the same in a sentence but is
  // another URL: the removal and the addition say so, with the bytes.
  const lookalike = (
    ops: Map<string, { path: string; method: string }>,
    others: Map<string, { path: string; method: string }>,
  ) => {
    const out = new Map<string, string>();
    if (![...ops.values()].some((o) => /[^\0-\x7f]/.test(o.path))) return out;
    const byForm = new Map<string, string>();
    for (const [key, o] of others) {
      if (!ops.has(key)) {
        byForm.set(`${o.method} ${o.path.normalize("NFC")}`, o.path);
      }
    }
    for (const [key, o] of ops) {
      if (others.has(key)) continue;
      const twin = byForm.get(`${o.method} ${o.path.normalize("NFC")}`);
      if (twin !== undefined && twin !== o.path) out.set(key, twin);
    }
    return out;
  };
  const removedTwins = lookalike(base.ops, rev.ops);
  const addedTwins = lookalike(rev.ops, base.ops);
  const formNote = (side: string, twin: string | undefined) =>
    twin === undefined
      ? ""
      : ` (the ${side} writes it in another Unicode form: ${
        codeSpan(
          encodeURI(twin.toWellFormed()).replace(/%7B/g, "{").replace(
            /%7D/g,
            "}",
          ),
        )
      })`;
  // Operations that came or went: their callbacks came or went with them,
  // which the operation's own row says.
  const cameOrWent = new Set<string>();
  for (const [key, b] of base.ops) {
    const r = rev.ops.get(key);
    if (r) {
      new OperationDiff(report, schemas, b, r, renamed, sides, security).run();
      continue;
    }
    cameOrWent.add(key);
    const scope = new Scope();
    const whole = !revPaths.has(pathKey(b.path));
    const kind = whole ? "api-path-removed" : "api-removed";
    const sunset = sunsetTime(b.sunset);
    // A draft or alpha operation promised no stability (oasdiff's
    // `x-stability-level`): its removal is news, not a break.
    const unstable = b.stability === "draft" || b.stability === "alpha";
    const [suffix, level, why]: [string, Level, string] = unstable
      ? ["without-deprecation", "info", ` (it was ${b.stability})`]
      : !b.deprecated
      ? ["without-deprecation", "breaking", ""]
      : sunset > Date.now()
      ? ["before-sunset", "breaking", ` before its sunset date ${b.sunset}`]
      : ["with-deprecation", "info", " after it was deprecated"];
    report.add(scope, {
      id: `${kind}-${suffix}`,
      level,
      where: "operation",
      pointer: { base: b.pointer, revision: null },
      text: (whole ? `path was removed${why}` : `operation was removed${why}`) +
        formNote("revision", removedTwins.get(key)),
    });
    report.attach(b, scope);
  }
  for (const [key, r] of rev.ops) {
    if (base.ops.has(key)) continue;
    cameOrWent.add(key);
    const scope = new Scope();
    report.add(scope, {
      id: "endpoint-added",
      level: "info",
      where: "operation",
      pointer: { base: null, revision: r.pointer },
      text: `operation was added${formNote("base", addedTwins.get(key))}`,
    });
    report.attach(r, scope);
  }
  for (const kind of ["webhook", "callback"] as const) {
    const was = kind === "webhook" ? base.webhooks : base.callbacks;
    const now = kind === "webhook" ? rev.webhooks : rev.callbacks;
    for (const [key, b] of was) {
      const r = now.get(key);
      if (r) {
        new OperationDiff(report, schemas, b, r, renamed, sides, security, kind)
          .run();
        continue;
      }
      if (b.parent !== undefined && cameOrWent.has(b.parent)) continue;
      // Listed under the webhook's (callback's) own name and method, as the
      // changes inside one are: they are compared by name and method.
      const scope = new Scope();
      report.add(scope, {
        id: `${kind}-removed`,
        level: "breaking",
        where: `${kind} ${b.path}`,
        pointer: { base: b.pointer, revision: null },
        text: `${kind} ${codeSpan(b.label)} was removed`,
      });
      report.attach(b, scope);
    }
    for (const [key, r] of now) {
      if (was.has(key)) continue;
      if (r.parent !== undefined && cameOrWent.has(r.parent)) continue;
      const scope = new Scope();
      report.add(scope, {
        id: `${kind}-added`,
        level: "info",
        where: `${kind} ${r.path}`,
        pointer: { base: null, revision: r.pointer },
        text: `${kind} ${codeSpan(r.label)} was added`,
      });
      report.attach(r, scope);
    }
  }
}

/**
 * The JSON types a parameter's schema names (`type`, a string or a list,
 * read through its `$ref`), [] when it names none.
 */
function paramTypes(p: ParamModel, side: SpecModel): string[] {
  if (!p.schema) return [];
  const s = side.parsed.resolver.deref(p.schema.raw).value;
  const t = isObject(s) ? s.type : undefined;
  return typeof t === "string"
    ? [t]
    : Array.isArray(t)
    ? t.filter((x): x is string => typeof x === "string" && x !== "null")
    : [];
}

function pathKey(path: string): string {
  return path.replace(/\{[^{}]*\}/g, "{}");
}

const IN_NAME: Record<string, string> = {
  path: "path parameter",
  query: "query parameter",
  header: "header",
  cookie: "cookie",
  querystring: "query string",
};

/** The base and the revision. */
type Sides = readonly [SpecModel, SpecModel];

/** One operation present on both sides. */
class OperationDiff {
  #report: Report;
  #schemas: SchemaDiff;
  #b: OpModel;
  #r: OpModel;
  #scope = new Scope();
  /** The operation as changes list it: the revision's path template. */
  #op: OpRef;

  /**
   * A webhook or a callback: the API sends the request and reads the
   * reply, so its payload is compared as something the client reads and its
   * reply as something the client sends.
   */
  #webhook: boolean;
  /** How sentences call it: `webhook`, `callback`. */
  #kind: string;
  #renamed: Renames;
  #sides: Sides;
  /** Where the document's security changes are found. */
  #global: Scope;
  /**
   * Comparing an error response (4xx, 5xx, `default`) of an operation the
   * API serves: schemas reached from here do not make it head a change
   * (see `Scope.reach`).
   */
  #aside = false;

  constructor(
    report: Report,
    schemas: SchemaDiff,
    b: OpModel,
    r: OpModel,
    renamed: Renames,
    sides: Sides,
    security: Scope,
    sentByApi: "" | "webhook" | "callback" = "",
  ) {
    this.#report = report;
    this.#global = security;
    this.#sides = sides;
    this.#schemas = schemas;
    this.#renamed = renamed;
    this.#b = b;
    this.#r = r;
    this.#op = r;
    this.#webhook = sentByApi !== "";
    this.#kind = sentByApi;
  }

  run(): void {
    this.#operation();
    this.#params();
    this.#body(this.#b.body, this.#r.body);
    this.#responses();
    this.#security();
    this.#report.attach(this.#op, this.#scope);
  }

  #add(
    id: string,
    level: Level,
    where: string,
    pointer: { base: string | null; revision: string | null },
    text: string,
  ): void {
    this.#report.add(this.#scope, { id, level, where, pointer, text });
  }

  /**
   * `via`: how a sentence names the place in this operation (the subject,
   * unless a shared response's says no status), added to a change found
   * inside a shared component (see `Report`'s `namingVia`).
   */
  #schema(
    b: { schema: ParamModel["schema"] },
    r: { schema: ParamModel["schema"] },
    ctx: Context,
    via = ctx.subject,
  ): void {
    const s = this.#schemas.compare(b.schema, r.schema, ctx);
    if (s) this.#scope.reach(s, this.#aside, via);
  }

  #operation(): void {
    const b = this.#b, r = this.#r;
    const at = { base: b.pointer, revision: r.pointer };
    // Servers of its own (or its path item's): where a client sends it.
    // Compared where it is served (own servers, else the document's), and
    // only when one side has its own: the document's changes are said once.
    if (b.servers || r.servers) {
      // By URL without a trailing slash (see serverUrlKey).
      const was = new Map(b.servedAt.map((url) => [serverUrlKey(url), url]));
      const is = new Map(r.servedAt.map((url) => [serverUrlKey(url), url]));
      for (const [key, url] of was) {
        if (is.has(key)) continue;
        this.#add(
          "operation-server-removed",
          "warning",
          "servers",
          at,
          `operation is no longer served from ${codeSpan(url)}`,
        );
      }
      for (const [key, url] of is) {
        if (was.has(key)) continue;
        this.#add(
          "operation-server-added",
          "info",
          "servers",
          at,
          `operation is now served from ${codeSpan(url)}`,
        );
      }
    }
    if (b.deprecated !== r.deprecated) {
      if (r.deprecated) {
        this.#add(
          r.sunset ? "endpoint-deprecated-with-sunset" : "endpoint-deprecated",
          "info",
          "operation",
          at,
          r.sunset
            ? `operation was deprecated, sunset ${r.sunset}`
            : "operation was deprecated",
        );
      } else {
        this.#add(
          "endpoint-reactivated",
          "info",
          "operation",
          at,
          "operation is no longer deprecated",
        );
      }
    }
    this.#lifecycle();
    b.pathParams.forEach((name, i) => {
      const to = r.pathParams[i];
      if (to !== undefined && to !== name) {
        // Said of the path: one change for all the operations under it.
        this.#add(
          "request-path-parameter-renamed",
          "info",
          `path parameter ${to}`,
          {
            base: childPointer("/paths", b.path),
            revision: childPointer("/paths", r.path),
          },
          `path parameter ${codeSpan(name)} was renamed to ${codeSpan(to)}`,
        );
      }
    });
    if (b.operationId !== r.operationId) {
      const [id, text] = !r.operationId
        ? [
          "api-operation-id-removed",
          `operationId ${codeSpan(b.operationId)} was removed`,
        ]
        : !b.operationId
        ? [
          "api-operation-id-added",
          `operationId ${codeSpan(r.operationId)} was added`,
        ]
        : [
          "api-operation-id-changed",
          `operationId changed from ${codeSpan(b.operationId)} to ${
            codeSpan(r.operationId)
          }`,
        ];
      this.#add(id, "info", "operation", at, text);
    }
    const tags = new Set(r.tags), had = new Set(b.tags);
    for (const t of b.tags) {
      if (!tags.has(t)) {
        this.#add(
          "api-tag-removed",
          "info",
          "operation",
          at,
          `tag ${codeSpan(t)} was removed`,
        );
      }
    }
    for (const t of r.tags) {
      if (!had.has(t)) {
        this.#add(
          "api-tag-added",
          "info",
          "operation",
          at,
          `tag ${codeSpan(t)} was added`,
        );
      }
    }
    if (b.summary !== r.summary) {
      this.#add(
        "api-summary-changed",
        "doc",
        "operation",
        at,
        "summary changed",
      );
    }
    if (b.description !== r.description) {
      this.#add(
        "api-description-changed",
        "doc",
        "operation",
        at,
        "description changed",
      );
    }
  }

  /**
   * What the operation promises about its future, as oasdiff reads it: an
   * `x-sunset` date moved earlier leaves clients less time than they
   * planned for (a warning); later or dropped is news. An
   * `x-stability-level` lowered (`stable` to `beta`) lets later versions
   * break what this one promised to keep (a warning).
   */
  #lifecycle(): void {
    const b = this.#b, r = this.#r;
    const at = { base: b.pointer, revision: r.pointer };
    const was = sunsetTime(b.sunset), is = sunsetTime(r.sunset);
    // One date written two ways (`2999-06-01`, `2999-06-01T00:00:00Z`) is
    // no change.
    if (b.sunset && b.sunset !== r.sunset && !(was === is)) {
      if (!r.sunset) {
        this.#add(
          "sunset-deleted",
          "info",
          "operation",
          at,
          `sunset date ${b.sunset} was removed`,
        );
      } else if (is < was) {
        this.#add(
          "api-sunset-date-changed-too-small",
          "warning",
          "operation",
          at,
          `sunset date moved earlier, from ${b.sunset} to ${r.sunset}`,
        );
      } else {
        this.#add(
          "api-sunset-date-changed",
          "info",
          "operation",
          at,
          `sunset date changed from ${b.sunset} to ${r.sunset}`,
        );
      }
    }
    const rank = (s: string) => STABILITY.indexOf(s);
    if (rank(b.stability) > 0 && rank(r.stability) >= 0) {
      if (rank(r.stability) < rank(b.stability)) {
        this.#add(
          "api-stability-decreased",
          "warning",
          "operation",
          at,
          `stability lowered from ${codeSpan(b.stability)} to ${
            codeSpan(r.stability)
          }`,
        );
      }
    }
  }

  #params(): void {
    const b = this.#b, r = this.#r;
    for (const [key, bp] of b.params) {
      const rp = r.params.get(key);
      const name = paramName(rp ?? bp);
      const where = `${IN_NAME[bp.in] ?? `${bp.in} parameter`} ${
        rp?.name ?? bp.name
      }`;
      const at = { base: bp.pointer, revision: rp?.pointer ?? null };
      if (!rp) {
        // Removed before the date its deprecation promised: as a removal
        // without warning (§9: a warning), under oasdiff's id.
        const [id, level, text]: [string, Level, string] = !bp.deprecated
          ? ["request-parameter-removed", "warning", "was removed"]
          : sunsetTime(bp.sunset) > Date.now()
          ? [
            "request-parameter-removed-before-sunset",
            "warning",
            `was removed before its sunset date ${bp.sunset}`,
          ]
          : [
            "request-parameter-removed-with-deprecation",
            "info",
            "was removed after it was deprecated",
          ];
        this.#add(id, level, where, at, `${name} ${text}`);
        continue;
      }
      // A parameter's `x-sunset`, read as the operation's (#lifecycle):
      // earlier leaves its clients less time than they planned for.
      const was = sunsetTime(bp.sunset), is = sunsetTime(rp.sunset);
      if (bp.sunset && bp.sunset !== rp.sunset && was !== is) {
        const [id, level, text]: [string, Level, string] = !rp.sunset
          ? ["sunset-deleted", "info", `sunset date ${bp.sunset} was removed`]
          : is < was
          ? [
            "sunset-date-changed-too-small",
            "warning",
            `sunset date moved earlier, from ${bp.sunset} to ${rp.sunset}`,
          ]
          : [
            "sunset-date-changed",
            "info",
            `sunset date changed from ${bp.sunset} to ${rp.sunset}`,
          ];
        this.#add(
          `request-parameter-${id}`,
          level,
          where,
          at,
          `${name} ${text}`,
        );
      }
      if (bp.required !== rp.required && bp.in !== "path") {
        if (rp.required) {
          this.#add(
            "request-parameter-became-required",
            "breaking",
            where,
            at,
            `${name} became required`,
          );
        } else {
          this.#add(
            "request-parameter-became-optional",
            "info",
            where,
            at,
            `${name} became optional`,
          );
        }
      }
      // A client writes the value as the base said: in another form the
      // server reads something else, or nothing. (A value that became a list
      // is written alike while it holds one item: the type change says it.)
      if (
        bp.wire.startsWith(MEDIA_WIRE) && rp.wire.startsWith(MEDIA_WIRE) &&
        bp.wire !== rp.wire
      ) {
        // As a request body's media type removed: the server no longer
        // reads the value in the type the client writes it in. Two JSON
        // types (`application/json`, any `+json`: RFC 6839 §3.1) write the
        // value alike, so the server still reads it.
        const was = bp.wire.slice(MEDIA_WIRE.length);
        const now = rp.wire.slice(MEDIA_WIRE.length);
        this.#add(
          "request-parameter-media-type-changed",
          isJsonType(was) && isJsonType(now) ? "info" : "breaking",
          where,
          at,
          `${name} is now written as ${codeSpan(now)} (was ${codeSpan(was)})`,
        );
      } else if (
        bp.wire.startsWith(MEDIA_WIRE) !== rp.wire.startsWith(MEDIA_WIRE)
      ) {
        // Moved between `schema` and `content` (OpenAPI 3.1 §4.8.12: one or
        // the other): a value in a media type is that type's text, which
        // for a JSON string (`"abc"`, quoted), an array or an object is not
        // what a style writes. Only a number or boolean (JSON or plain
        // text) or a plain-text string read alike, and only against a
        // style that writes a primitive as itself.
        const media = bp.wire.startsWith(MEDIA_WIRE) ? bp : rp;
        const plain = media === bp ? rp : bp;
        const type = media.wire.slice(MEDIA_WIRE.length);
        const kinds = [
          ...paramTypes(bp, this.#sides[0]),
          ...paramTypes(rp, this.#sides[1]),
        ];
        const scalar = ["number", "integer", "boolean"];
        const alike = (plain.wire === "" || plain.wire === "simple") &&
          kinds.length > 0 &&
          (isJsonType(type)
            ? kinds.every((k) => scalar.includes(k))
            : type === "text/plain" &&
              kinds.every((k) => k === "string" || scalar.includes(k)));
        this.#add(
          "request-parameter-style-changed",
          alike ? "info" : "breaking",
          where,
          at,
          `${name} is now written ${
            media === rp ? `as ${codeSpan(type)}` : "as a plain value"
          } (was ${media === bp ? codeSpan(type) : "a plain value"})`,
        );
      } else if (
        bp.wire !== rp.wire && ((bp.wire && rp.wire) || bp.in === "path")
      ) {
        this.#add(
          "request-parameter-style-changed",
          "breaking",
          where,
          at,
          `${name} is now written ${
            wireText(rp.wire, rp.collectionFormat, bp.wire)
          } (was ${wireText(bp.wire, bp.collectionFormat, rp.wire, true)})`,
        );
      }
      // A value the base let the client send (`?q=`, or `/?#` unencoded:
      // OpenAPI 3.1 §4.8.12.2) the server may now refuse. Both fields are
      // for a query only ("valid only for query parameters"; "only applies
      // to parameters with an `in` value of `query`", 3.0 and 3.1 alike): on
      // a header, path or cookie parameter they say nothing.
      for (
        const [flag, id, what] of [
          ["allowEmptyValue", "allow-empty-value", "an empty value"],
          ["allowReserved", "allow-reserved", "reserved characters unencoded"],
        ] as const
      ) {
        if (rp.in !== "query" || bp[flag] === rp[flag]) continue;
        this.#add(
          `request-parameter-${id}-${rp[flag] ? "added" : "removed"}`,
          rp[flag] ? "info" : "warning",
          where,
          at,
          `${name} ${rp[flag] ? "now takes" : "no longer takes"} ${what}`,
        );
      }
      if (bp.deprecated !== rp.deprecated) {
        this.#add(
          rp.deprecated
            ? "request-parameter-deprecated"
            : "request-parameter-reactivated",
          "info",
          where,
          at,
          `${name} ${
            rp.deprecated ? "was deprecated" : "is no longer deprecated"
          }`,
        );
      }
      if (bp.description !== rp.description) {
        this.#add(
          "request-parameter-description-changed",
          "doc",
          where,
          at,
          `${name} description changed`,
        );
      }
      if (json(bp.example) !== json(rp.example)) {
        this.#add(
          "request-parameter-example-changed",
          "doc",
          where,
          at,
          `${name} example changed`,
        );
      }
      this.#schema(bp, rp, {
        dir: "request",
        role: "parameter",
        root: where,
        subject: name,
        name: rp.name,
      });
    }
    for (const [key, rp] of r.params) {
      if (b.params.has(key)) continue;
      const where = `${IN_NAME[rp.in] ?? `${rp.in} parameter`} ${rp.name}`;
      const at = { base: null, revision: rp.pointer };
      const name = paramName(rp);
      if (rp.in === "path") {
        this.#add(
          "new-request-path-parameter",
          "breaking",
          where,
          at,
          `new ${name}`,
        );
      } else if (rp.required) {
        this.#add(
          "new-required-request-parameter",
          "breaking",
          where,
          at,
          `new required ${name}`,
        );
      } else {
        this.#add(
          "new-optional-request-parameter",
          "info",
          where,
          at,
          `new optional ${name}`,
        );
      }
    }
  }

  #body(b: BodyModel | null, r: BodyModel | null): void {
    const at = { base: b?.pointer ?? null, revision: r?.pointer ?? null };
    const where = this.#webhook ? `${this.#kind} payload` : "request body";
    if (!b && !r) return;
    if (!b) {
      this.#add(
        r!.required
          ? "request-body-added-required"
          : "request-body-added-optional",
        r!.required ? "breaking" : "info",
        where,
        at,
        r!.required
          ? "a required request body was added"
          : "an optional request body was added",
      );
      return;
    }
    if (!r) {
      // As a parameter or property removed: a server that now reads no
      // body may ignore it, or may refuse it (the document cannot say).
      this.#add(
        "request-body-removed",
        "warning",
        where,
        at,
        "request body was removed",
      );
      return;
    }
    // Two 2.0 forms: a field that became required is said as that field.
    if (b.required !== r.required && !(b.form && r.form)) {
      if (r.required) {
        this.#add(
          "request-body-became-required",
          "breaking",
          where,
          at,
          "request body became required",
        );
      } else {
        this.#add(
          "request-body-became-optional",
          "info",
          where,
          at,
          "request body became optional",
        );
      }
    }
    if (b.description !== r.description) {
      this.#add(
        "request-body-description-changed",
        "doc",
        where,
        at,
        "request body description changed",
      );
    }
    this.#content(
      b.content,
      r.content,
      this.#webhook ? "response" : "request",
      where,
      this.#webhook ? `${this.#kind} payload` : "request body",
      "request-body-media-type",
      true,
      this.#webhook ? "payload" : undefined,
    );
  }

  #content(
    b: Map<string, MediaModel>,
    r: Map<string, MediaModel>,
    dir: "request" | "response",
    where: string,
    subject: string,
    idPrefix: string,
    encodings: boolean,
    word?: string,
    via = subject,
  ): void {
    const several = b.size > 1 || r.size > 1;
    const twins = paramTwins(b, r);
    const paired = new Set(twins.values());
    for (const [key, bm] of b) {
      let rm = r.get(key) ?? r.get(twins.get(key) ?? "");
      if (!r.has(key) && rm && bm.itemsOf === undefined) {
        // Its parameters changed (`; version=1` → `; version=2`), the only
        // one of its type on each side: what they say, the document does
        // not tell, so a client may or may not read the other (oasdiff: a
        // warning). Its schemas are compared.
        this.#add(
          `${idPrefix}-name-changed`,
          "warning",
          where,
          { base: bm.listed ?? bm.pointer, revision: rm.listed ?? rm.pointer },
          `${subject} media type ${codeSpan(bm.type)} is now ${
            codeSpan(rm.type)
          }`,
        );
      }
      // A range the revision now takes in its place (`*/*`, `application/*`,
      // RFC 9110 §12.5.1) still takes what the client sends: compared with
      // it. One the client reads may hold other types: still removed.
      const range = !rm && dir === "request"
        ? rangeFor(r, bareMedia(key))
        : undefined;
      if (range) {
        rm = range;
        this.#add(
          `${idPrefix}-generalized`,
          "info",
          where,
          { base: bm.pointer, revision: rm.pointer },
          `${subject} media type ${codeSpan(bm.type)} is now taken as ${
            codeSpan(rm.type)
          }`,
        );
      }
      // A range the client reads that became one type it covers
      // (`application/*` → `application/json`, the only such type added):
      // what it reads now, it read before (oasdiff: info), compared.
      const one = !rm && dir === "response" && bm.itemsOf === undefined
        ? narrowedTo(bareMedia(key), b, r, paired)
        : undefined;
      if (one) {
        rm = r.get(one)!;
        paired.add(one);
        this.#add(
          `${idPrefix}-name-specialized`,
          "info",
          where,
          { base: bm.listed ?? bm.pointer, revision: rm.listed ?? rm.pointer },
          `${subject} media type ${codeSpan(bm.type)} is now only ${
            codeSpan(rm.type)
          }`,
        );
      }
      const at = {
        base: bm.listed ?? bm.pointer,
        revision: rm?.pointer ?? null,
      };
      if (!rm) {
        const kept = bm.itemsOf === undefined ? undefined : r.get(bm.itemsOf);
        // Its media type removed: that change says it.
        if (bm.itemsOf !== undefined && !kept && b.has(bm.itemsOf)) continue;
        if (kept) {
          // The media type stays, its items no longer described: said as
          // a schema removed is.
          this.#add(
            `${dir}-body-media-type-item-schema-removed`,
            "warning",
            where,
            { base: bm.schema?.pointer ?? bm.pointer, revision: kept.pointer },
            `${subject} media type ${
              codeSpan(kept.type)
            } no longer has an item schema`,
          );
          continue;
        }
        this.#add(
          `${idPrefix}-removed`,
          "breaking",
          where,
          at,
          `${subject} media type ${codeSpan(bm.type)} was removed`,
        );
        continue;
      }
      const root = several ? `${where} (${bm.type})` : where;
      if (json(bm.example) !== json(rm.example)) {
        this.#add(
          `${dir}-body-example-changed`,
          "doc",
          root,
          { base: bm.pointer, revision: rm.pointer },
          `${subject} example changed`,
        );
      }
      if (encodings) {
        this.#encoding(bareMedia(key), bm, rm, dir, root, subject);
      }
      if (!bm.schema !== !rm.schema) {
        // A media type without a schema says nothing of its content
        // (OpenAPI 3.1 §4.8.14: `schema` is optional): one that gained or
        // lost its schema was documented, or stopped being, not changed, so
        // what it does to a client cannot be told (warning), however the
        // schema reads. A text body is a string whatever the document says
        // (RFC 2046 §4.1): a schema that says only that changes nothing.
        const [schema, side] = bm.schema
          ? [bm.schema, this.#sides[0]]
          : [rm.schema!, this.#sides[1]];
        if (key.startsWith("text/") && onlyString(schema, side)) continue;
        // Binary content "MAY omit schema" (OpenAPI 3.1 §4.8.14.3): an
        // image/png without one is the binary string that says so.
        if (isBinaryType(key) && onlyString(schema, side, true)) continue;
        const verb = bm.schema ? "removed" : "added";
        this.#add(
          `${dir}-body-media-type-schema-${verb}`,
          "warning",
          root,
          {
            base: bm.schema?.pointer ?? bm.pointer,
            revision: rm.schema?.pointer ?? rm.pointer,
          },
          `${subject} schema was ${verb}`,
        );
        continue;
      }
      // An explicit `{}` or `true` is a schema, compared as any other.
      this.#schema(
        bm,
        rm,
        { dir, role: "body", root, subject, word },
        several ? `${via}${IN_MEDIA}${codeSpan(bm.type)}` : via,
      );
    }
    for (const [key, rm] of r) {
      if (b.has(key) || paired.has(key)) continue;
      const had = rm.itemsOf === undefined ? undefined : b.get(rm.itemsOf);
      // Its media type added: that change says it.
      if (rm.itemsOf !== undefined && !had && r.has(rm.itemsOf)) continue;
      if (had) {
        this.#add(
          `${dir}-body-media-type-item-schema-added`,
          "warning",
          where,
          { base: had.pointer, revision: rm.schema?.pointer ?? rm.pointer },
          `${subject} media type ${codeSpan(had.type)} has an item schema now`,
        );
        continue;
      }
      this.#add(`${idPrefix}-added`, "info", where, {
        base: null,
        revision: rm.listed ?? rm.pointer,
      }, `${subject} media type ${codeSpan(rm.type)} was added`);
    }
  }

  /**
   * How each form property is written (OpenAPI 3.1 §4.8.15): a urlencoded
   * field in another style, or a multipart part in another content type,
   * is one the server reads differently, as a query parameter's style
   * changed (`request-parameter-style-changed`). Only properties an
   * `encoding` names on either side, or fields of a Swagger 2.0 form (whose
   * `collectionFormat` is their encoding), are read: the others keep their
   * defaults on both.
   */
  #encoding(
    key: string,
    bm: MediaModel,
    rm: MediaModel,
    dir: "request" | "response",
    root: string,
    subject: string,
  ): void {
    const [bSide, rSide] = this.#sides;
    const names = new Set([
      ...encodedNames(bm, bSide),
      ...encodedNames(rm, rSide),
    ]);
    for (const name of names) {
      const x = encodingWire(bm, key, name, bSide);
      const y = encodingWire(rm, key, name, rSide);
      // Written alike (an Encoding Object that says nothing, `{}`, as none:
      // the defaults either way, so a field whose type alone changed is
      // said as that type's change, as where neither side has one), or a
      // field one side does not have (its removal or addition is said as
      // the property's), or a default not told.
      if (x.said === y.said) continue;
      if (x.wire === null || y.wire === null || x.wire === y.wire) continue;
      const multipart = key.startsWith("multipart/");
      const said = (w: string, was = false) =>
        `${was ? "" : "as "}${w ? codeSpan(w) : "a plain value"}`;
      // A Swagger 2.0 form field's formats, as its `said` names them.
      const formats = (w: { said: string }) =>
        w.said.startsWith("collectionFormat ")
          ? w.said.slice("collectionFormat ".length).split(", items ")
          : null;
      // A part the server now takes in more types (a range, `image/*`, or a
      // list: OpenAPI 3.1 §4.8.15 `contentType`) still takes each type the
      // client sends, when the revision's list matches every one of the
      // base's as a media range does (RFC 9110 §12.5.1).
      const wider = dir === "request" && multipart && !formats(x) &&
        !formats(y) && takesAll(y.wire, x.wire);
      // A part's type, or a 2.0 field's formats (a multipart array's too).
      const text = (w: EncodingWire, other: string, was = false) =>
        multipart && !formats(w)
          ? said(w.wire!, was)
          : wireText(w.wire!, formats(w), other, was);
      this.#add(
        `${dir}-body-encoding-${wider ? "generalized" : "changed"}`,
        // What the client sends breaks; what it reads may (a reader that
        // takes the part as it comes still works).
        wider ? "info" : dir === "request" ? "breaking" : "warning",
        `${root}: ${name}`,
        {
          base: x.pointer ?? bm.pointer,
          revision: y.pointer ?? rm.pointer,
        },
        `${subject} field ${codeSpan(name)} is now ${
          wider ? "taken" : "written"
        } ${text(y, x.wire)} (was ${text(x, y.wire, true)})`,
      );
    }
  }

  #responses(): void {
    const b = this.#b, r = this.#r;
    for (const [status, br] of b.responses) {
      const rr = r.responses.get(status);
      const where = `response ${status}`;
      if (rr) {
        // A response component both sides use: a change inside it is one
        // change wherever operations list it, whatever their status (as a
        // shared schema's is), so it is said of the component.
        const shared = br.pointer === rr.pointer &&
            br.pointer.startsWith("/components/responses/")
          ? `${SHARED_RESPONSE}${refName(`#${br.pointer}`)}`
          : "";
        this.#aside = !this.#webhook && !isSuccess(status) &&
          !/^[13]/.test(status);
        this.#response(br, rr, shared || where, shared);
        this.#aside = false;
        continue;
      }
      // A code the revision now describes by its range (200 by 2XX), or by
      // its `default` (which describes every code not listed), or a range it
      // now describes code by code, or a `default` it now describes by the
      // codes it covered (OpenAPI 3.1 §4.8.16.2): the same responses,
      // compared as such.
      const covering = rangeIn(r.responses, status) ??
        defaultFor(r.responses, status);
      const within = covering
        ? []
        : status === "default"
        ? coveredByDefault(b.responses, r.responses)
        : codesIn(r.responses, status);
      if (covering || within.length) {
        const now = covering ? [covering] : within;
        this.#add(
          "response-status-range-changed",
          "info",
          where,
          { base: br.pointer, revision: now[0].pointer },
          `response status ${statusShown(status)} is now described as ${
            now.map((x) => statusShown(x.status)).join(", ")
          }`,
        );
        for (const x of now) this.#response(br, x, where);
        continue;
      }
      const success = isSuccess(status);
      this.#add(
        success
          ? "response-success-status-removed"
          : "response-non-success-status-removed",
        success ? "breaking" : "info",
        where,
        { base: br.pointer, revision: null },
        `response status ${statusShown(status)} was removed`,
      );
    }
    for (const [status, rr] of r.responses) {
      if (b.responses.has(status)) continue;
      const range = rangeIn(b.responses, status);
      const covering = range ?? defaultFor(b.responses, status);
      // A code the base's `default` covered, now listed beside the same
      // `default`, was added (a new error code, usually): only a `default`
      // that went is described by the codes now listed (above).
      if (range && r.responses.has(range.status)) {
        // The range stays and a code of it is now described on its own:
        // what the base said of the range, it said of this code.
        const where = `response ${status}`;
        this.#add(
          "response-status-range-changed",
          "info",
          where,
          { base: range.pointer, revision: rr.pointer },
          `response status ${
            statusShown(status)
          } is now described on its own (was ${statusShown(range.status)})`,
        );
        this.#response(range, rr, where);
        continue;
      }
      // Else the base's side said it: a code its range or `default` now
      // covers, or a range its codes now are, or a `default` that now
      // covers codes the base listed.
      if (
        (covering && !r.responses.has(covering.status)) ||
        codesIn(b.responses, status).length ||
        (status === "default" &&
          coveredByDefault(r.responses, b.responses).length)
      ) continue;
      this.#add(
        isSuccess(status)
          ? "response-success-status-added"
          : "response-non-success-status-added",
        "info",
        `response ${status}`,
        { base: null, revision: rr.pointer },
        `response status ${statusShown(status)} was added`,
      );
    }
  }

  /** `shared` names a response component both sides use ("" for none). */
  #response(
    b: ResponseModel,
    r: ResponseModel,
    where: string,
    shared = "",
  ): void {
    const at = { base: b.pointer, revision: r.pointer };
    // A sentence names the status it is about ("404 response property
    // `code`"), as a reader of the row alone could not tell a 200's `code`
    // from a 404's; a shared component's names the component instead.
    const said = shared || this.#webhook
      ? "response"
      : `${statusShown(b.status)} response`;
    const subject = shared || (this.#webhook ? `response ${b.status}` : said);
    // What its place is called, with its status even when shared.
    const via = this.#webhook
      ? `${this.#kind} reply`
      : `${statusShown(b.status)} response`;
    if (b.description !== r.description) {
      this.#add(
        "response-description-changed",
        "doc",
        where,
        at,
        `${subject} description changed`,
      );
    }
    if (b.summary !== r.summary) {
      this.#add(
        "response-summary-changed",
        "doc",
        where,
        at,
        `${subject} summary changed`,
      );
    }
    for (const [key, bh] of b.headers) {
      const rh = r.headers.get(key);
      this.#header(bh, rh ?? null, where, said, via);
    }
    for (const [key, rh] of r.headers) {
      if (b.headers.has(key)) continue;
      this.#add(
        "response-header-added",
        "info",
        `${where} header ${rh.name}`,
        { base: null, revision: rh.pointer },
        `${said} header ${codeSpan(rh.name)} was added`,
      );
    }
    // A link is a hint of what to call next (OpenAPI 3.1 §4.8.20): a
    // client that followed it calls an operation still there, so news only.
    for (const [name, pointer] of b.links) {
      if (r.links.has(name)) continue;
      this.#add(
        "response-link-removed",
        "info",
        `${where} link ${name}`,
        { base: pointer, revision: null },
        `${said} link ${codeSpan(name)} was removed`,
      );
    }
    for (const [name, pointer] of r.links) {
      if (b.links.has(name)) continue;
      this.#add(
        "response-link-added",
        "info",
        `${where} link ${name}`,
        { base: null, revision: pointer },
        `${said} link ${codeSpan(name)} was added`,
      );
    }
    this.#content(
      b.content,
      r.content,
      this.#webhook ? "request" : "response",
      `${where} body`,
      this.#webhook ? `${this.#kind} reply` : `${said} body`,
      "response-media-type",
      // In OpenAPI 3.0 and 3.1 a Media Type Object's `encoding` "SHALL only
      // apply to `requestBody` objects" (3.1 §4.8.14); 3.2 extends it to
      // responses. A response's is read only where both sides are 3.2.
      this.#sides.every((m) =>
        m.parsed.detected.family === "openapi" && m.parsed.detected.minor >= 2
      ),
      this.#webhook ? "reply" : shared ? undefined : said,
      this.#webhook ? via : `${via} body`,
    );
  }

  /**
   * `said` is how sentences call the response (`404 response`); `via`,
   * the same with its status even when the response is shared.
   */
  #header(
    b: HeaderModel,
    r: HeaderModel | null,
    where: string,
    said: string,
    via: string,
  ): void {
    const name = r?.name ?? b.name;
    // A change inside a header component is one change wherever responses
    // use it (as a shared schema's is), not one per status that lists it;
    // a response that stopped listing it is a change of that response.
    const shared = b.pointer.startsWith("/components/headers/") &&
      r !== null && r.pointer === b.pointer;
    const w = shared ? `response header ${name}` : `${where} header ${name}`;
    const at = { base: b.pointer, revision: r?.pointer ?? null };
    const subject = `${shared ? "response" : said} header ${codeSpan(name)}`;
    if (!r) {
      this.#add(
        b.required
          ? "required-response-header-removed"
          : "optional-response-header-removed",
        "breaking",
        w,
        at,
        `${subject} was removed`,
      );
      return;
    }
    if (b.required && !r.required) {
      this.#add(
        "response-header-became-optional",
        "breaking",
        w,
        at,
        `${subject} became optional`,
      );
    } else if (!b.required && r.required) {
      this.#add(
        "response-header-became-required",
        "info",
        w,
        at,
        `${subject} became required`,
      );
    }
    if (b.description !== r.description) {
      this.#add(
        "response-header-description-changed",
        "doc",
        w,
        at,
        `${subject} description changed`,
      );
    }
    this.#schema(b, r, {
      dir: "response",
      role: "header",
      root: w,
      subject,
      name,
    }, `${via} header ${codeSpan(name)}`);
  }

  #security(): void {
    const b = this.#b, r = this.#r;
    // Following the document's requirements in both (or declaring none at
    // all): a change there is the document's (`api-global-security-…`),
    // said once for every operation it reaches.
    const follows = (p: string) => p === "/security" || p === "";
    if (follows(b.securityPointer) && follows(r.securityPointer)) {
      // What a client presents to the API: not what the API presents to a
      // webhook's or a callback's receiver.
      if (!this.#webhook) this.#scope.reach(this.#global);
      return;
    }
    const at = {
      base: b.securityPointer || null,
      revision: r.securityPointer || null,
    };
    for (
      const f of securityChanges(
        b.security ?? [],
        r.security ?? [],
        "api-security",
        this.#renamed,
      )
    ) {
      this.#add(f.id, f.level, "security", at, f.text);
    }
  }
}

/**
 * An `x-sunset` date as a time, the same on every machine: a date alone
 * is UTC midnight (as `Date.parse` reads it), and so is a date-time
 * without an offset, which `Date.parse` would read in local time.
 */
function sunsetTime(s: string): number {
  // White space around it (a YAML block scalar's closing line break) is
  // left out before either reading: `Date.parse` takes a padded date alone
  // as local midnight, and a padded date-time with an offset not at all.
  const t = s.trim();
  const bare = /^\d{4}-\d\d-\d\dT\d\d:\d\d(?::\d\d(?:\.\d+)?)?$/.test(t);
  return Date.parse(bare ? t + "Z" : t);
}

/** oasdiff's `x-stability-level` values, least stable first. */
const STABILITY = ["draft", "alpha", "beta", "stable"];

/** Security schemes renamed, base name to revision name. */
export type Renames = ReadonlyMap<string, string>;

const NO_RENAMES: Renames = new Map();

/**
 * What changed between two lists of security requirements (any one of
 * which a client may satisfy, OpenAPI 3.1 §4.8.10.1): a requirement or
 * a scope added or removed. `prefix` is `api-security` for an operation,
 * `api-global-security` for the document. The base's requirements name
 * renamed schemes by their new names (`renamed`), so a rename reads as
 * the one change it is.
 */
export function securityChanges(
  base: Requirement[],
  after: Requirement[],
  prefix: string,
  renamed: Renames = NO_RENAMES,
): { id: string; level: Level; text: string }[] {
  const out: { id: string; level: Level; text: string }[] = [];
  const before = renamed.size
    ? base.map((q) =>
      new Map([...q].map(([name, scopes]) => [
        renamed.get(name) ?? name,
        scopes,
      ]))
    )
    : base;
  const key = (q: Requirement) => [...q.keys()].sort().join(" + ");
  const had = new Map(before.map((q) => [key(q), q]));
  const has = new Map(after.map((q) => [key(q), q]));
  const named = (k: string) => k ? `${codeSpan(k)}` : "anonymous access";
  for (const [k, q] of has) {
    const old = had.get(k);
    if (!old) {
      out.push({
        id: `${prefix}-added`,
        level: "info",
        text: `security requirement ${named(k)} was added`,
      });
      continue;
    }
    for (const [scheme, scopes] of q) {
      const was = new Set(old.get(scheme) ?? []);
      const now = new Set(scopes);
      for (const s of scopes) {
        if (!was.has(s)) {
          // A client that asked for the scopes the base listed is refused
          // (oasdiff: an error too).
          out.push({
            id: `${prefix}-scope-added`,
            level: "breaking",
            text: `security requirement ${named(k)} needs scope ${codeSpan(s)}`,
          });
        }
      }
      for (const s of was) {
        if (!now.has(s)) {
          out.push({
            id: `${prefix}-scope-removed`,
            level: "info",
            text: `security requirement ${named(k)} no longer needs scope ${
              codeSpan(s)
            }`,
          });
        }
      }
    }
  }
  // Dropping one of several ways in strands a client that used it, unless
  // what it sends is still enough for another (`a + b` where `a` stays);
  // dropping every requirement (or allowing anonymous access) cannot.
  // When no way in the base listed is still enough (each revision
  // requirement asks for a scheme it did not: replaced, or joined by
  // another), every client that authenticated as the base said is
  // refused, which the sentence says.
  const open = after.length === 0 || has.has("");
  const enough = (q: Requirement) =>
    after.some((r) => [...r.keys()].every((name) => q.has(name)));
  const signed = before.filter((q) => q.size > 0);
  const stranded = !open && signed.length > 0 && !signed.some(enough);
  for (const [k, q] of had) {
    if (!has.has(k)) {
      // Anonymous access withdrawn is security added to what was open,
      // which §9 lists as info; beside other ways in, a warning.
      const level: Level = open || (q.size > 0 && enough(q))
        ? "info"
        : q.size === 0
        ? "warning"
        : "breaking";
      out.push({
        id: `${prefix}-removed`,
        level,
        text: `security requirement ${named(k)} was removed${
          stranded && q.size > 0
            ? " and no requirement left accepts the credentials it took"
            : ""
        }`,
      });
    }
  }
  return out;
}

/**
 * Media types of the base whose parameters changed, each to its revision
 * (keys as `mediaKey` writes them): a type neither side keeps as written, and the only
 * one of its bare type on each side (two versions of `application/json`
 * with one gone is a type removed, not one renamed). Their item schemas
 * (3.2 `itemSchema`) pair with them.
 */
function paramTwins(
  b: ReadonlyMap<string, MediaModel>,
  r: ReadonlyMap<string, MediaModel>,
): Map<string, string> {
  const byBare = (m: ReadonlyMap<string, MediaModel>) => {
    const out = new Map<string, string[]>();
    for (const [key, v] of m) {
      if (v.itemsOf !== undefined) continue;
      const bare = bareMedia(key);
      out.set(bare, [...out.get(bare) ?? [], key]);
    }
    return out;
  };
  const bs = byBare(b), rs = byBare(r);
  const out = new Map<string, string>();
  for (const [bare, [x, ...more]] of bs) {
    const ys = rs.get(bare);
    if (more.length || ys?.length !== 1 || x === ys[0]) continue;
    out.set(x, ys[0]);
    const items = `${ys[0]}, each item`;
    if (r.has(items)) out.set(`${x}, each item`, items);
  }
  return out;
}

/**
 * The one media type the revision added that the base's range `range`
 * (`application/*`, `*\/*`) covers, if there is exactly one.
 */
function narrowedTo(
  range: string,
  b: ReadonlyMap<string, MediaModel>,
  r: ReadonlyMap<string, MediaModel>,
  paired: ReadonlySet<string>,
): string | undefined {
  if (!range.endsWith("/*")) return undefined;
  const by = new Map([[range, true]]);
  const added = [...r].filter(([key, m]) =>
    !b.has(key) && !paired.has(key) && m.itemsOf === undefined &&
    rangeFor(by, bareMedia(key)) !== undefined
  );
  return added.length === 1 ? added[0][0] : undefined;
}

/**
 * The media range of `content` that covers the type `key` (a type of its
 * own: `application/json` by `application/*`, else by `*\/*`), if any.
 */
function rangeFor<T>(
  content: ReadonlyMap<string, T>,
  key: string,
): T | undefined {
  // `key` itself is never in `content` where this is asked (a type the
  // revision keeps, or one the part's list names, is matched first), so a
  // range is not guarded from matching itself.
  const main = key.slice(0, key.indexOf("/") + 1);
  return (main ? content.get(`${main}*`) : undefined) ?? content.get("*/*");
}

/**
 * True when the part content types `list` (as {@link encodingWire} writes
 * them: `image/jpeg, image/png`) take every type of `types`: each is
 * listed, or matched by a range listed ({@link rangeFor}).
 */
function takesAll(list: string, types: string): boolean {
  const ranges = new Map(list.split(", ").map((t) => [t, t]));
  return types.split(", ").every((t) =>
    ranges.has(t) || rangeFor(ranges, t) !== undefined
  );
}

/** Keywords that describe a schema without limiting its values. */
const ANNOTATIONS = new Set([
  "title",
  "description",
  "example",
  "examples",
  "$comment",
  "deprecated",
  "readOnly",
  "writeOnly",
  "externalDocs",
  "xml",
]);

/**
 * True when the schema says only that the value is a string (`type:
 * string`, with annotations and `x-` extensions at most).
 */
function onlyString(
  schema: SchemaAt,
  side: SpecModel,
  binary = false,
): boolean {
  const d = side.parsed.resolver.deref(schema.raw);
  if (d.error || !isObject(d.value)) return false;
  const s = d.value;
  const type = Array.isArray(s.type) && s.type.length === 1
    ? s.type[0]
    : s.type;
  // A binary string: 3.0's `format: binary`, or 3.1's `contentMediaType`,
  // typed or not (§4.8.14.3 migrates the one to the other).
  const said = binary &&
    (s.format === "binary" || typeof s.contentMediaType === "string");
  return (type === "string" ||
    (said && type === undefined && s.format === undefined)) &&
    Object.keys(s).every((k) =>
      k === "type" || ANNOTATIONS.has(k) || k.startsWith("x-") ||
      (said && (k === "format" || k === "contentMediaType"))
    );
}

/**
 * Media types whose content is bytes, not text a schema describes (images,
 * audio, video, fonts, archives, documents): one without a schema is a
 * binary string (OpenAPI 3.1 §4.8.14.3).
 */
function isBinaryType(key: string): boolean {
  return /^(?:image|audio|video|font|model)\//.test(key) ||
    /^application\/(?:octet-stream|pdf|zip|gzip|x-gzip|x-tar|x-bzip2|x-7z-compressed|wasm)$/
      .test(key);
}

function paramName(p: ParamModel): string {
  return `${IN_NAME[p.in] ?? `${p.in} parameter`} ${codeSpan(p.name)}`;
}

/** A 2xx code or the 2XX range (OpenAPI 3.1 §4.8.16.2). */
function isSuccess(status: string): boolean {
  return /^2(\d\d|XX)$/i.test(status);
}

/** The range response (`2XX`) that covers the code `status`, if any. */
function rangeIn(
  responses: ReadonlyMap<string, ResponseModel>,
  status: string,
): ResponseModel | undefined {
  if (!/^\d{3}$/.test(status)) return undefined;
  for (const [key, res] of responses) {
    if (key.length === 3 && /^\dXX$/i.test(key) && key[0] === status[0]) {
      return res;
    }
  }
  return undefined;
}

/**
 * The `default` response, when it describes `status`: a code or range that
 * no key of `responses` names, nor a range of (OpenAPI 3.1 §4.8.16.1,
 * "the documentation of responses other than the ones declared").
 */
function defaultFor(
  responses: ReadonlyMap<string, ResponseModel>,
  status: string,
): ResponseModel | undefined {
  if (status === "default" || responses.has(status)) return undefined;
  if (rangeIn(responses, status)) return undefined;
  return responses.get("default");
}

/**
 * The responses of `from` that `to`'s `default` describes instead: codes
 * and ranges `to` no longer names, nor a range of.
 */
function coveredByDefault(
  to: ReadonlyMap<string, ResponseModel>,
  from: ReadonlyMap<string, ResponseModel>,
): ResponseModel[] {
  if (!to.has("default")) return [];
  return [...from].filter(([key]) =>
    key !== "default" && defaultFor(to, key) !== undefined
  ).map(([, res]) => res);
}

/** The code responses inside the range `status` (`2XX`), if it is one. */
function codesIn(
  responses: ReadonlyMap<string, ResponseModel>,
  status: string,
): ResponseModel[] {
  if (!/^\dXX$/i.test(status)) return [];
  return [...responses].filter(([key]) =>
    /^\d{3}$/.test(key) && key[0] === status[0]
  ).map(([, res]) => res);
}

/**
 * A response key in a sentence: a status code, a range or `default` as it
 * reads (OpenAPI 3.1 §4.8.16), any other key the document wrote as code.
 */
function statusShown(status: string): string {
  return /^(?:[1-5](?:[0-9]{2}|XX)|default)$/.test(status)
    ? status
    : codeSpan(status);
}

/**
 * A Swagger 2.0 array's collectionFormats as a sentence says them:
 * `` `pipes` ``, or `` `pipes`, items `csv` `` with arrays inside it.
 */
/**
 * How a parameter's or form field's value is written, in the words of the
 * document that says it, so a reviewer finds it there: a Swagger 2.0
 * array's `collectionFormat` (with its arrays inside, `` `collectionFormat
 * pipes, items csv` ``), else OpenAPI 3's `style` with `explode` when it
 * tells them apart (either `wire` is exploded, or the style is `form`,
 * exploded unless said), else "a plain value". `other` is the side's
 * counterpart; `was` drops the leading "with"/"as" (after "was").
 */
function wireText(
  wire: string,
  formats: readonly string[] | null,
  other: string,
  was = false,
): string {
  const lead = (w: string) => was ? "" : `${w} `;
  if (formats) {
    return `${lead("with")}${
      codeSpan(`collectionFormat ${formats.join(", items ")}`)
    }`;
  }
  if (!wire) return `${lead("as")}a plain value`;
  if (wire.startsWith(MEDIA_WIRE)) {
    return `${lead("as")}${codeSpan(wire.slice(MEDIA_WIRE.length))}`;
  }
  const exploded = wire.endsWith(", exploded");
  const style = exploded ? wire.slice(0, -", exploded".length) : wire;
  const show = exploded || other.endsWith(", exploded") || style === "form";
  return `${lead("with")}${
    codeSpan(`style: ${style}${show ? `, explode: ${exploded}` : ""}`)
  }`;
}
