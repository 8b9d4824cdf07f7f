/**
 * Builds the endpoint index of a detected document: one entry per (path,
 * method) under `paths`, webhooks and callbacks apart (neither is an
 * endpoint the API serves: the API calls out to them),
 * counts per method, tags, and the non-fatal problems a user should know
 * about. Kept to one pass over `paths`, so indexing costs a fraction of the
 * parse itself.
 */
import { SpecError } from "./errors.ts";
import { clip, jsonPath } from "../shared/parse_error.ts";
import { describeValue, truncate } from "../shared/parse_error.ts";
import { asWritten, type Detected } from "./detect.ts";
import type { Loaded } from "./load.ts";
import {
  compareEndpoints,
  type FoundOperation,
  methodRank,
  operationsOf,
  resolvePathItem,
} from "./operations.ts";
import { isObject, type RefResolver } from "./refs.ts";
import { schemaNamesOf, serversOf, tagsOf } from "./overview.ts";
import { serverChoices } from "./servers.ts";
import { aboutOf, NO_ABOUT } from "./about.ts";
import { Budget, scalarList, scalarText } from "./safe.ts";
import type {
  CallbackEntry,
  Endpoint,
  SpecIndex,
  SpecWarning,
} from "./types.ts";
import { str } from "../shared/value.ts";
import { foldText } from "../shared/fold.ts";

const NO_TAGS: string[] = [];
/** Tags per operation; real ones have a handful. */
const MAX_TAGS = 100;
/** Fixed cost of one list entry, on top of its text, for the {@link Budget}. */
const ENTRY_COST = 64;
/**
 * Callback operations listed: shared callbacks multiply (a 3 kB file can
 * declare 50,000), and they are shown apart, all at once.
 */
const MAX_CALLBACKS = 5_000;
/** Longest title or version shown in the header. */
const MAX_HEADER = 1000;

function endpointOf(path: string, f: FoundOperation): Endpoint {
  const op = f.op;
  const summary = str(op.summary);
  const operationId =
    typeof op.operationId === "string" || typeof op.operationId === "number"
      ? String(op.operationId)
      : "";
  const t = op.tags;
  // The common case (a short array of strings) is used as is: no copy.
  const tags: string[] = !Array.isArray(t) || !t.length
    ? NO_TAGS
    : t.length <= MAX_TAGS && t.every((x) => typeof x === "string")
    ? t
    : scalarList(t, MAX_TAGS);
  return {
    method: f.method,
    path,
    summary,
    operationId,
    tags,
    deprecated: op.deprecated === true,
    opKey: f.opKey,
    additional: f.additional,
    hay: foldText(
      `${path}\n${summary}\n${tags.join("\n")}\n${operationId}`,
    ),
  };
}

/** Walks `paths` or `webhooks`; returns endpoints in source order. */
function collect(
  container: "paths" | "webhooks",
  map: Record<string, unknown>,
  det: Detected,
  resolver: RefResolver,
  warnings: SpecWarning[],
  budget: Budget,
  found: (e: Endpoint, f: FoundOperation, at: string[]) => void,
): Endpoint[] {
  const out: Endpoint[] = [];
  for (const key in map) {
    // Specification extensions (`x-...`) are not paths (OpenAPI 3.1 §4.8.8).
    if (key.startsWith("x-")) continue;
    if (container === "paths" && key[0] !== "/") {
      warnings.push({
        message: `Path "${clip(key)}" should start with "/"`,
        path: jsonPath([container, key]),
      });
    }
    const keys = [container, key];
    const item = resolvePathItem(map[key], keys, resolver, warnings);
    if (!item) continue;
    for (
      const f of operationsOf(item, keys, det.minor, warnings, resolver.memo)
    ) {
      const e = endpointOf(key, f);
      budget.spend(e.hay.length + ENTRY_COST, keys);
      out.push(e);
      found(e, f, keys);
    }
  }
  return out.sort(compareEndpoints);
}

/** Callback operations declared by `op` (OpenAPI 3.x only). */
function callbacksOf(
  e: Endpoint,
  f: FoundOperation,
  at: string[],
  det: Detected,
  resolver: RefResolver,
  out: CallbackEntry[],
  budget: Budget,
) {
  const cbs = f.op.callbacks;
  if (!isObject(cbs) || det.family !== "openapi") return;
  if (out.length >= MAX_CALLBACKS) return;
  const opAt = [
    ...at,
    ...(f.additional ? ["additionalOperations"] : []),
    f.opKey,
  ];
  for (const name in cbs) {
    const cb = resolver.deref(cbs[name]).value;
    if (!isObject(cb)) continue;
    for (const expression in cb) {
      if (expression.startsWith("x-")) continue;
      const keys = ["callbacks", name, expression];
      const item = resolvePathItem(cb[expression], keys, resolver, []);
      if (!item) continue;
      for (const cf of operationsOf(item, keys, det.minor, [], resolver.memo)) {
        if (out.length >= MAX_CALLBACKS) return;
        const summary = str(cf.op.summary);
        // A callback shared by many operations is listed under each of them.
        budget.spend(
          name.length + expression.length + summary.length + ENTRY_COST,
          [...opAt, ...keys],
        );
        out.push({
          parentContainer: at[0] === "webhooks" ? "webhooks" : "paths",
          parentMethod: e.method,
          parentPath: e.path,
          name,
          expression,
          method: cf.method,
          summary,
        });
      }
    }
  }
}

/** Checks the containers; throws when there is nothing to list at all. */
function containers(
  doc: Record<string, unknown>,
  det: Detected,
  warnings: SpecWarning[],
) {
  const paths = doc.paths;
  if (paths !== undefined && paths !== null && !isObject(paths)) {
    throw new SpecError({
      kind: "structure",
      message: `paths must be a mapping from paths to Path Items, found ${
        describeValue(paths)
      }`,
      path: "$.paths",
    });
  }
  const webhooks = det.minor >= 1 && isObject(doc.webhooks)
    ? doc.webhooks
    : null;
  const components = det.family === "swagger"
    ? doc.definitions
    : doc.components;
  if (!isObject(paths) && !webhooks) {
    if (!isObject(components)) {
      throw new SpecError({
        kind: "structure",
        message: det.minor >= 1
          ? "The document has no paths, webhooks or components, so there is nothing to show (OpenAPI 3.1 and later require at least one of them)"
          : `The document has no paths, which ${det.format} requires`,
        path: "$",
      });
    }
    if (det.minor < 1) {
      warnings.push({
        message: `paths is required in ${det.format}`,
        path: "$.paths",
      });
    }
  }
  return { paths: isObject(paths) ? paths : {}, webhooks: webhooks ?? {} };
}

/**
 * Builds the index of a document whose format `det` was detected; without
 * `about` (a preview's, on the way to the first row) its About block is
 * left empty.
 */
export function buildIndex(
  loaded: Loaded,
  det: Detected,
  resolver: RefResolver,
  warnings: SpecWarning[],
  about = true,
): SpecIndex {
  const doc = loaded.value as Record<string, unknown>;
  const info = isObject(doc.info) ? doc.info : {};
  if (!isObject(doc.info)) {
    warnings.push({
      message: doc.info === undefined
        ? "info is missing: no title or version to show"
        : `info is ${
          describeValue(doc.info)
        }, expected an object: no title or version to show`,
      path: "$.info",
    });
  }
  const version = truncate(
    asWritten(loaded, ["info", "version"], info.version),
    MAX_HEADER,
  );
  if (info.version !== undefined && typeof info.version !== "string") {
    warnings.push({
      message: scalarText(info.version) === null
        ? `info.version must be a string, found ${
          describeValue(info.version)
        }: no version shown`
        : `info.version is ${
          describeValue(info.version)
        } in the source; shown as written (${version}), but write it as a string`,
      path: "$.info.version",
    });
  }
  const { paths, webhooks } = containers(doc, det, warnings);
  const callbacks: CallbackEntry[] = [];
  const extra = new Set<string>();
  const budget = new Budget(loaded.text.length);
  const found = (e: Endpoint, f: FoundOperation, at: string[]) => {
    if (f.additional) extra.add(e.method);
    callbacksOf(e, f, at, det, resolver, callbacks, budget);
  };
  const args = [det, resolver, warnings, budget, found] as const;
  const endpoints = collect("paths", paths, ...args);
  const hooks = collect("webhooks", webhooks, ...args);
  if (callbacks.length >= MAX_CALLBACKS) {
    warnings.push({
      message:
        `Only the first ${MAX_CALLBACKS} callback operations are listed: the callbacks are shared by so many operations that the list would not be readable`,
    });
  }
  const counts = new Map<string, number>();
  for (const e of endpoints) {
    counts.set(e.method, (counts.get(e.method) ?? 0) + 1);
  }
  const named = schemaNamesOf(doc, det);
  const methodCounts = [...counts].sort((a, b) =>
    methodRank(a[0]) - methodRank(b[0]) || (a[0] < b[0] ? -1 : 1)
  );
  return {
    family: det.family,
    specVersion: det.specVersion,
    format: det.format,
    syntax: loaded.syntax,
    title: truncate(
      asWritten(loaded, ["info", "title"], info.title),
      MAX_HEADER,
    ),
    version,
    description: str(info.description),
    servers: serversOf(doc, det),
    serverChoices: serverChoices(doc, det.family === "swagger"),
    endpoints,
    webhooks: hooks,
    callbacks,
    methodCounts,
    tags: tagsOf(doc, endpoints),
    extraMethods: [...extra].sort(),
    schemas: named.names,
    schemaCount: named.count,
    about: about ? aboutOf(doc, det, resolver) : NO_ABOUT,
    warnings,
    checked: false,
    chars: loaded.text.length,
  };
}
