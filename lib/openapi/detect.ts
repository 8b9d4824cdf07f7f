/**
 * Which specification a document follows: Swagger 2.0 (`swagger: "2.0"`) or
 * OpenAPI 3.0, 3.1, 3.2 (`openapi: "3.x.y"`). Anything else is rejected with
 * a message naming what it is instead (AsyncAPI, JSON Schema, HAR, Postman),
 * or why its version field is wrong (`swagger: "3.0"` never existed).
 */
import { SpecError } from "./errors.ts";
import { clip, jsonPath } from "../shared/parse_error.ts";
import { describeValue, truncate } from "../shared/parse_error.ts";
import { jsonScalarSource } from "./json_text.ts";
import type { Loaded } from "./load.ts";
import { isObject } from "./refs.ts";
import { scalarText } from "./safe.ts";
import { yamlScalarSource } from "./yaml_text.ts";
import type { SpecWarning } from "./types.ts";

/** What {@link detect} found. */
export interface Detected {
  /** `openapi` (3.x, an `openapi` field) or `swagger` (2.0, a `swagger` field). */
  family: "openapi" | "swagger";
  /** Version as written (`3.1.0`, `2.0`). */
  specVersion: string;
  /** `OpenAPI 3.1.0`, `Swagger 2.0`. */
  format: string;
  /** OpenAPI minor version (0, 1, 2); -1 for Swagger 2.0. */
  minor: number;
}

/**
 * A scalar as written in the source: js-yaml and `JSON.parse` turn `1.0`
 * into the number 1, so non-strings are looked up in the text again (only
 * then, which keeps the common case free).
 */
export function asWritten(
  loaded: Loaded,
  keys: readonly string[],
  value: unknown,
): string {
  if (typeof value === "string") return value;
  if (value === null || value === undefined) return "";
  if (typeof value === "object") return "";
  const src = loaded.syntax === "json"
    ? jsonScalarSource(loaded.text, keys)
    : yamlScalarSource(loaded.text, keys);
  return src ?? String(value);
}

function reject(
  kind: "format" | "structure",
  message: string,
  keys: string[],
): SpecError {
  return new SpecError({ kind, message, path: jsonPath(keys) });
}

/** Names what a non-OpenAPI document looks like, for the rejection. */
function whatIsIt(doc: Record<string, unknown>): string {
  const keys = Object.keys(doc);
  if ("asyncapi" in doc) {
    const v = truncate(scalarText(doc.asyncapi) ?? "", 20);
    return `This is an AsyncAPI ${
      v ? v + " " : ""
    }document (asyncapi field), not OpenAPI or Swagger: the viewer reads OpenAPI 3.0, 3.1, 3.2 and Swagger 2.0`;
  }
  // A field named almost right: another case, or an invisible character
  // pasted before it from a web page (U+00A0, U+200B, U+FEFF).
  for (const k of keys.slice(0, 1_000)) {
    const bare = k.replace(/[\s\u00a0\u200b-\u200d\u2060\ufeff]/g, "");
    const want = bare.toLowerCase();
    if (want !== "openapi" && want !== "swagger") continue;
    if (bare !== k) {
      const c = [...k].find((ch) => !/[A-Za-z]/.test(ch))!;
      const shown = k.replace(
        /[^\x21-\x7e]/g,
        (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, "0")}`,
      );
      return `The key "${shown}" holds an invisible character (U+${
        c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")
      }) beside ${want}: remove it so the document can be read`;
    }
    return `Field names are case-sensitive: found ${k}, write ${want}`;
  }
  if ("swaggerVersion" in doc) {
    const v = truncate(scalarText(doc.swaggerVersion) ?? "", 20);
    return `This is a Swagger ${
      v || "1.x"
    } document (swaggerVersion field), which is not supported: the viewer reads Swagger 2.0 and OpenAPI 3.0-3.2 (convert it with the swagger-converter tools first)`;
  }
  if (Array.isArray(doc.requests) && ("order" in doc || "folders" in doc)) {
    return "This is a Postman collection (v1), not an OpenAPI or Swagger document: export the API as OpenAPI from Postman first";
  }
  if (isObject(doc.log) && Array.isArray(doc.log.entries)) {
    return "This is a HAR file (HTTP Archive), not an API description: open it in the HAR viewer at /har";
  }
  const info = doc.info;
  if (
    isObject(info) &&
    ("_postman_id" in info ||
      (scalarText(info.schema) ?? "").includes("postman"))
  ) {
    return "This is a Postman collection, not an OpenAPI or Swagger document: export the API as OpenAPI from Postman first";
  }
  const schemaKeys = [
    "$schema",
    "type",
    "properties",
    "$defs",
    "definitions",
    "allOf",
    "oneOf",
    "anyOf",
    "items",
  ].filter((k) => k in doc);
  if (schemaKeys.length && !("paths" in doc)) {
    return `This looks like a JSON Schema (it has ${
      schemaKeys.slice(0, 3).join(", ")
    }), not an OpenAPI or Swagger document: there is no openapi or swagger field at the top level`;
  }
  if ("paths" in doc) {
    return 'The document has paths but no openapi or swagger field at the top level: add openapi: "3.1.0" (or swagger: "2.0") so it can be read';
  }
  const shown = keys.slice(0, 5).map((k) => truncate(k, 30)).join(", ");
  return `Not an OpenAPI or Swagger document: there is no openapi or swagger field at the top level (found ${
    keys.length ? shown + (keys.length > 5 ? ", …" : "") : "an empty mapping"
  })`;
}

/** Detects the specification of `doc`, or throws a {@link SpecError}. */
export function detect(
  loaded: Loaded,
  warnings: SpecWarning[],
): Detected {
  const doc = loaded.value;
  if (!isObject(doc)) {
    throw reject(
      "format",
      `Not an OpenAPI or Swagger document: the top level is ${
        describeValue(doc)
      }, expected a mapping with an openapi or swagger field`,
      [],
    );
  }
  const hasOpenapi = doc.openapi !== undefined && doc.openapi !== null;
  if (!hasOpenapi && (doc.swagger === undefined || doc.swagger === null)) {
    throw reject("format", whatIsIt(doc), []);
  }
  const field = hasOpenapi ? "openapi" : "swagger";
  if (hasOpenapi && doc.swagger !== undefined) {
    warnings.push({
      message: "Both openapi and swagger fields are present: read as OpenAPI",
      path: "$.swagger",
    });
  }
  const raw = doc[field];
  if (typeof raw !== "string" && typeof raw !== "number") {
    throw reject(
      "structure",
      `${field} must be a version string such as ${
        field === "openapi" ? '"3.1.0"' : '"2.0"'
      }, found ${describeValue(raw)}`,
      [field],
    );
  }
  // Cut: a hostile 50 MB "version" would end up in the header and messages.
  const v = clip(asWritten(loaded, [field], raw).trim());
  if (typeof raw === "number") {
    warnings.push({
      message:
        `${field}: ${v} is a number in the source; write it as a string ("${v}") so every tool reads the same version`,
      path: `$.${field}`,
    });
  }
  const m = /^(\d+)\.(\d+)(?:\.(\d+))?(.*)$/.exec(v);
  if (field === "swagger") {
    if (m && m[1] === "2" && m[2] === "0" && !m[3] && !m[4]) {
      return {
        family: "swagger",
        specVersion: v,
        format: "Swagger 2.0",
        minor: -1,
      };
    }
    // `2` or `2.0.0`: meant as 2.0, whatever a strict reader says.
    if (
      v === "2" ||
      (m && m[1] === "2" && m[2] === "0" && /^0?$/.test(m[3] ?? "") && !m[4])
    ) {
      // This says how to write it; "write the number as a string" does not.
      const said = warnings.findIndex((w) =>
        w.path === "$.swagger" && w.message.includes("is a number")
      );
      if (said >= 0) warnings.splice(said, 1);
      warnings.push({
        message:
          `swagger: "${v}" should be written "2.0", the only version Swagger 2 documents name: read as 2.0`,
        path: "$.swagger",
      });
      return {
        family: "swagger",
        specVersion: "2.0",
        format: "Swagger 2.0",
        minor: -1,
      };
    }
    const why = !m
      ? `swagger: "${
        truncate(v, 30)
      }" is not a Swagger version (the only one this viewer reads is "2.0")`
      : m[1] === "1"
      ? `swagger: "${v}" is Swagger 1.x, which is not supported: the viewer reads Swagger 2.0 and OpenAPI 3.0-3.2`
      : `swagger: "${v}" is not a Swagger version: Swagger ended at 2.0, and OpenAPI 3 documents start with openapi: "3.x.y" instead`;
    throw reject("format", why, ["swagger"]);
  }
  if (!m || m[1] !== "3") {
    const why = m && m[1] === "2"
      ? `openapi: "${v}" is not an OpenAPI version: Swagger 2.0 documents start with swagger: "2.0"`
      : `openapi: "${
        truncate(v, 30)
      }" is not a supported version: the viewer reads OpenAPI 3.0, 3.1, 3.2 and Swagger 2.0`;
    throw reject("format", why, ["openapi"]);
  }
  let minor = Number(m[2]);
  if (m[3] === undefined) {
    warnings.push({
      message: `openapi: "${v}" should name a patch version too, e.g. "${
        m[1]
      }.${m[2]}.0"`,
      path: "$.openapi",
    });
  }
  if (minor > 2) {
    warnings.push({
      message:
        `OpenAPI ${v} is newer than the versions this viewer knows (up to 3.2): read with the 3.2 rules`,
      path: "$.openapi",
    });
    minor = 2;
  }
  return { family: "openapi", specVersion: v, format: `OpenAPI ${v}`, minor };
}
