/**
 * The one bounded parser for every user-controlled debug API value.
 * Browser-safe: the `/debug` runner uses {@link checkParam} for client-side
 * validation with exactly the server's rules and messages.
 *
 * Strict on purpose: a test tool that silently clamps or guesses hides the
 * client bug it exists to reveal. No `+`, spaces, hex, exponents, leading
 * zeros or repeated parameters; out-of-range values are rejected with the
 * range in the message, not clamped.
 */
import type { EndpointSpec, ParamSpec, ParamValue } from "./catalog.ts";

/** A rejected parameter: becomes a 400 problem+json naming `param`. */
export class ParamError extends Error {
  /**
   * The offending parameter's name (`code`, `sleep`, `method`, `body`...);
   * null when no parameter is at fault (a full or draining instance).
   */
  readonly param: string | null;
  /** HTTP status to answer with (400 unless said otherwise). */
  readonly status: number;
  /** Extra response headers (e.g. `Allow` on 405). */
  readonly headers?: Readonly<Record<string, string>>;
  constructor(
    param: string | null,
    message: string,
    status = 400,
    headers?: Record<string, string>,
  ) {
    super(message);
    this.name = "ParamError";
    this.param = param;
    this.status = status;
    this.headers = headers;
  }
}

// Decimal integer: optional minus, no leading zeros (RFC 9110 §15 codes and
// counts are plain decimals; `007` or `+5` is almost always a client bug).
const INTEGER = /^(?:0|-?[1-9][0-9]*)$/;
// Milliseconds with an optional unit; a fraction needs digits on both
// sides, and the number no leading zeros (as a decimal's).
const DURATION = /^((?:0|[1-9][0-9]*)(?:\.([0-9]+))?)(ms|s)?$/;
// Most decimals of a duration: finer than a microsecond means nothing to a
// timer, and a longer fraction would round onto a bound it passed
// (`30000.0000000000001` is the number 30000).
const DURATION_DECIMALS = 6;
// A plain decimal: no sign but `-`, no exponent, no leading zeros.
const DECIMAL = /^-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?$/;

function show(raw: string): string {
  return JSON.stringify(raw.length > 40 ? raw.slice(0, 40) + "…" : raw);
}

/** What the integer grammar needs of a declaration. */
type Bounds = Pick<ParamSpec, "name" | "min" | "max" | "explain">;

function range(spec: Bounds, unit = ""): string {
  return `between ${spec.min ?? 0}${unit} and ${spec.max}${unit}`;
}

function integer(spec: Bounds, raw: string): number {
  if (!INTEGER.test(raw)) {
    throw new ParamError(
      spec.name,
      `${spec.name} must be a decimal integer ${range(spec)}, got ${
        show(raw)
      }.`,
    );
  }
  const n = Number(raw);
  for (const e of spec.explain ?? []) {
    if (n >= e.min && n <= e.max) {
      throw new ParamError(spec.name, `${spec.name} ${raw} ${e.reason}`);
    }
  }
  // Beyond 2^53 digits lose meaning; the range check rejects them anyway.
  if (
    raw.length > 16 || (spec.min !== undefined && n < spec.min) ||
    (spec.max !== undefined && n > spec.max)
  ) {
    throw new ParamError(
      spec.name,
      `${spec.name} must be ${range(spec)}, got ${show(raw)}.`,
    );
  }
  return n;
}

/**
 * A bounded decimal integer that is not a declared parameter (a request
 * header such as Last-Event-ID, a path segment with a word alternative),
 * with exactly an `integer` parameter's grammar; throws a
 * {@link ParamError} naming `name`.
 */
export function parseInteger(
  name: string,
  raw: string,
  min: number,
  max: number,
): number {
  return integer({ name, min, max }, raw);
}

function decimal(spec: ParamSpec, raw: string): number {
  const n = Number(raw);
  if (
    // `-0` and `-0.0` are refused as the integers refuse `-0`.
    !DECIMAL.test(raw) || raw.length > 24 || !Number.isFinite(n) ||
    Object.is(n, -0) ||
    (spec.min !== undefined && n < spec.min) ||
    (spec.max !== undefined && n > spec.max)
  ) {
    throw new ParamError(
      spec.name,
      `${spec.name} must be a decimal number ${range(spec)}, got ${show(raw)}.`,
    );
  }
  return n;
}

/**
 * A time, in the unit a bare number means (`ms` for a `duration`, `s` for
 * `seconds`), or with its own unit, `ms` or `s`, converted to that one.
 */
function time(spec: ParamSpec, raw: string, unit: "ms" | "s"): number {
  const m = DURATION.exec(raw);
  const like = unit === "ms"
    ? "a duration like 250, 250ms or 1.5s"
    : "seconds like 1.5, 1500ms or 1.5s";
  if (!m) {
    throw new ParamError(
      spec.name,
      `${spec.name} must be ${like} (${range(spec, ` ${unit}`)}), got ${
        show(raw)
      }.`,
    );
  }
  if ((m[2]?.length ?? 0) > DURATION_DECIMALS) {
    throw new ParamError(
      spec.name,
      `${spec.name} may have at most ${DURATION_DECIMALS} decimals, got ${
        show(raw)
      }.`,
    );
  }
  const given = m[3] ?? unit;
  // Divided, not multiplied by 1/1000: `700ms` is 0.7 s, not 0.7000000000000001.
  const n = Number(m[1]);
  const v = given === unit ? n : given === "s" ? n * 1000 : n / 1000;
  if (
    !Number.isFinite(v) || v < (spec.min ?? 0) ||
    (spec.max !== undefined && v > spec.max)
  ) {
    throw new ParamError(
      spec.name,
      `${spec.name} must be ${range(spec, ` ${unit}`)}, got ${show(raw)}.`,
    );
  }
  return v;
}

function boolean(spec: ParamSpec, raw: string): boolean {
  if (raw === "" || raw === "true" || raw === "1") return true;
  if (raw === "false" || raw === "0") return false;
  throw new ParamError(
    spec.name,
    `${spec.name} must be true or false (or 1 and 0; present without a value means true), got ${
      show(raw)
    }.`,
  );
}

function enumeration(spec: ParamSpec, raw: string): ParamValue {
  const hit = (spec.enum ?? []).find((v) => String(v) === raw);
  if (hit === undefined) {
    throw new ParamError(
      spec.name,
      `${spec.name} must be one of ${(spec.enum ?? []).join(", ")}, got ${
        show(raw)
      }.`,
    );
  }
  return hit;
}

function string(spec: ParamSpec, raw: string): string {
  const max = spec.maxLength ?? 256;
  const ok = raw.length >= 1 && raw.length <= max &&
    (!spec.pattern || new RegExp(`^(?:${spec.pattern})$`).test(raw));
  if (!ok) {
    throw new ParamError(
      spec.name,
      `${spec.name} must be 1 to ${max} characters${
        spec.pattern ? ` matching ${spec.pattern}` : ""
      }, got ${show(raw)}.`,
    );
  }
  return raw;
}

/** Parses one raw value by its spec; throws {@link ParamError}. */
export function parseParam(spec: ParamSpec, raw: string): ParamValue {
  switch (spec.type) {
    case "integer":
      return integer(spec, raw);
    case "number":
      return decimal(spec, raw);
    case "duration":
      return time(spec, raw, "ms");
    case "seconds":
      // httpbin's unit, and Go's durations as go-httpbin's users send them.
      return time(spec, raw, "s");
    case "boolean":
      return boolean(spec, raw);
    case "enum":
      return enumeration(spec, raw);
    case "string":
      return string(spec, raw);
    case "choices":
      return choices(spec, raw);
  }
}

/** One weighted choice of a `choices` parameter. */
export interface Choice {
  readonly value: number;
  readonly weight: number;
}

/**
 * A `choices` value: a single integer stays a number; a list is returned
 * as its text, checked, for {@link readChoices} to split again.
 */
function choices(spec: ParamSpec, raw: string): number | string {
  if (!raw.includes(",") && !raw.includes(":")) return integer(spec, raw);
  const max = spec.maxLength ?? 256;
  if (raw.length > max) {
    throw new ParamError(
      spec.name,
      `${spec.name} must be at most ${max} characters, got ${raw.length}.`,
    );
  }
  const list = readChoices(spec, raw);
  if (!list.some((c) => c.weight > 0)) {
    throw new ParamError(
      spec.name,
      `${spec.name} needs at least one weight above 0, got ${show(raw)}.`,
    );
  }
  return raw;
}

/**
 * The entries of a checked `choices` list (`200,500` or `200:0.8,500:0.2`);
 * throws {@link ParamError} on a malformed entry. Weights default to 1.
 */
export function readChoices(spec: ParamSpec, raw: string): Choice[] {
  return raw.split(",").map((part) => {
    const [code, weight, extra] = part.split(":");
    if (extra !== undefined || code === "" || weight === "") {
      throw new ParamError(
        spec.name,
        `${spec.name} must be a comma list of value or value:weight, got ${
          show(part)
        }.`,
      );
    }
    const w = weight === undefined ? 1 : Number(weight);
    if (
      weight !== undefined &&
      (!DECIMAL.test(weight) || weight.length > 24 || !(w >= 0 && w <= 1e6))
    ) {
      throw new ParamError(
        spec.name,
        `${spec.name}: a weight must be a decimal number between 0 and 1000000, got ${
          show(weight)
        }.`,
      );
    }
    return { value: integer(spec, code), weight: w };
  });
}

/**
 * Client-side validation: the error message the server would give for
 * `raw`, or null when it is valid. An empty optional query value counts as
 * absent here (the runner omits it from the URL).
 */
export function checkParam(spec: ParamSpec, raw: string): string | null {
  if (raw === "" && !spec.required) return null;
  try {
    parseParam(spec, raw);
    return null;
  } catch (e) {
    return (e as Error).message;
  }
}

/** Parsed parameters of one request: every catalog param with a value. */
export type ParsedParams = Record<string, ParamValue | undefined>;

/** What {@link parseParam} yields for each parameter type. */
interface ValueTypes {
  integer: number;
  number: number;
  duration: number;
  seconds: number;
  string: string;
  boolean: boolean;
  enum: string | number;
  /** A single integer stays a number; a list is its checked text. */
  choices: number | string;
}

/** The parsed value of declaration `S`: an enum is one of its values. */
export type ValueOf<S extends ParamSpec> = S extends {
  readonly type: "enum";
  readonly enum: readonly (infer E)[];
} ? E
  : ValueTypes[S["type"]];

/** Whether `S` always has a value: it is required or has a default. */
type Given<S extends ParamSpec> = S extends { readonly required: true } ? true
  : S extends { readonly default: ParamValue } ? true
  : false;

/**
 * The values {@link paramParser} yields for the declarations `P`, by name:
 * `{ n: number; seed: string | undefined; ... }` when `P` is a tuple of
 * literal declarations (see `defineEndpoint`), a record of
 * {@link ParamValue} for a plain `ParamSpec[]`.
 */
export type ParamValues<P extends readonly ParamSpec[]> = {
  readonly [S in P[number] as S["name"]]: Given<S> extends true ? ValueOf<S>
    : ValueOf<S> | undefined;
};

/**
 * Form-urlencoded decoding (WHATWG URL §5.1): `+` is a space, escapes are
 * decoded; a malformed escape falls back to URLSearchParams' lenient rules.
 */
function formDecode(s: string): string {
  if (!s.includes("%") && !s.includes("+")) return s;
  try {
    return decodeURIComponent(s.replaceAll("+", " "));
  } catch {
    return new URLSearchParams("a=" + s).get("a") ?? s;
  }
}

/** The query parameter every endpoint takes, never an endpoint's data. */
const COMMON = "sleep";

/**
 * The query's name-value pairs in order, `sleep` left out: what
 * `/cookies/set` sets and `/response-headers` sends. More than `max` of
 * them is a 400 naming `query` (`what` says what they are).
 */
export function queryPairs(
  query: string,
  max: number,
  what: string,
): [string, string][] {
  const pairs = [...new URLSearchParams(query)].filter(([n]) => n !== COMMON);
  if (pairs.length > max) {
    throw new ParamError(
      "query",
      `At most ${max} ${what} at once, got ${pairs.length}.`,
    );
  }
  return pairs;
}

/**
 * The values of the query names in `wanted`, in order (one shared empty
 * map when the query is empty, hence read-only). A small scan rather
 * than URLSearchParams: the sleeping-request benchmark holds 10,000 requests
 * at once, and every allocation per request shows in its peak RSS.
 */
export function queryValues(
  query: string,
  wanted: ReadonlySet<string>,
): ReadonlyMap<string, readonly string[]> {
  if (!query) return NO_VALUES;
  const out = new Map<string, string[]>();
  for (const pair of query.split("&")) {
    if (!pair) continue;
    const eq = pair.indexOf("=");
    const name = formDecode(eq < 0 ? pair : pair.slice(0, eq));
    if (!wanted.has(name)) continue;
    const value = eq < 0 ? "" : formDecode(pair.slice(eq + 1));
    const list = out.get(name);
    if (list) list.push(value);
    else out.set(name, [value]);
  }
  return out;
}

const NO_VALUES: ReadonlyMap<string, readonly string[]> = new Map();

/**
 * The parser of an endpoint's path and query parameters. The returned
 * function takes the path parameters' decoded text and the raw query string
 * without `?`. Unknown query names are ignored (the request-reflecting
 * endpoints show them); a known one given twice is rejected, since its
 * meaning would be ambiguous.
 */
export function paramParser(
  ep: EndpointSpec,
): (
  path: Readonly<Record<string, string | undefined>>,
  query: string,
) => ParsedParams {
  const wanted = new Set(
    ep.params.filter((p) => p.in === "query").map((p) => p.name),
  );
  return (path, query) => {
    const out: ParsedParams = {};
    const search = queryValues(query, wanted);
    for (const spec of ep.params) {
      if (spec.in === "path") {
        const raw = path[spec.name];
        if (raw === undefined) {
          if (spec.required) {
            throw new ParamError(spec.name, `${spec.name} is missing.`);
          }
          out[spec.name] = spec.default;
        } else out[spec.name] = parseParam(spec, raw);
        continue;
      }
      const all = search.get(spec.name);
      if (!all) {
        if (spec.required) {
          throw new ParamError(spec.name, `${spec.name} is required.`);
        }
        out[spec.name] = spec.default;
      } else if (all.length > 1) {
        throw new ParamError(
          spec.name,
          `${spec.name} is given ${all.length} times; give it once.`,
        );
      } else {
        out[spec.name] = parseParam(spec, all[0]);
      }
    }
    return out;
  };
}
