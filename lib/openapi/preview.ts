/**
 * The list of a large picked file before the whole file is decoded and
 * parsed: its outline (outline.ts) read and indexed by the very code that
 * reads the whole document, so the rows, counts and header are the ones the
 * whole parse gives. The whole parse follows, and its answer (with the
 * warnings, which need the whole document) replaces this one.
 *
 * No preview is given when the outline could say something the document
 * does not: when any `$ref` is followed while indexing (its target may sit
 * in a part the outline leaves out), when JSON only loaded as YAML, or when
 * anything fails. A part left out is not read at all, so a document broken
 * there (a stray comma deep in `components`, a YAML indent gone wrong) is
 * previewed, and the whole parse's answer (read as YAML with a warning, or
 * rejected) then replaces the preview.
 */
import { detect } from "./detect.ts";
import { buildIndex } from "./indexer.ts";
import { loadText } from "./load.ts";
import { jsonOutline, jsonOutlineHead } from "./outline_json.ts";
import { yamlOutline } from "./outline_yaml.ts";
import { RefResolver } from "./refs.ts";
import type { SpecIndex, SpecWarning } from "./types.ts";
import { decodeText } from "./utf8.ts";
import { utf8BomLength } from "../shared/bom.ts";

/** A resolver that notes whether any reference was followed. */
class Watching extends RefResolver {
  followed = false;
  override deref(value: unknown) {
    const d = super.deref(value);
    if (d.ref !== undefined) this.followed = true;
    return d;
  }
}

/**
 * Whether two indexes list the same: every field but the warnings, the
 * named schemas and the About block, which only the whole parse has (both are built by one
 * indexer, so their keys come in one order).
 */
export function sameListing(a: SpecIndex, b: SpecIndex): boolean {
  const listing = (x: SpecIndex) =>
    JSON.stringify({
      ...x,
      warnings: 0,
      checked: 0,
      chars: 0,
      schemas: 0,
      schemaCount: 0,
      about: 0,
    });
  return listing(a) === listing(b);
}

/**
 * True when the bytes start like JSON as load.ts decides it: a `{` first
 * after white space, within the first 4096 characters.
 */
function startsJson(bytes: Uint8Array): boolean {
  const from = utf8BomLength(bytes);
  let i = from;
  while (
    bytes[i] === 0x20 || bytes[i] === 0x0a || bytes[i] === 0x0d ||
    bytes[i] === 0x09
  ) i++;
  return bytes[i] === 0x7b && i - from < 4096;
}

/**
 * The index of the spec in `bytes` as its outline gives it, or null (see
 * above). Its warnings are empty and `checked` false: both come with the
 * whole parse.
 */
export function previewIndex(bytes: Uint8Array): SpecIndex | null {
  return indexOutline(
    startsJson(bytes) ? jsonOutline(bytes) : yamlOutline(bytes),
  );
}

/**
 * Rows a file's first bytes must list for {@link headIndex} to give them:
 * more than a window shows, and the 20 the list keeps rendered at its top.
 */
export const HEAD_ROWS = 40;

/**
 * The first rows of the JSON spec whose first bytes are `bytes` (cut
 * anywhere), before the rest is read: the index of their outline
 * (outline_json.ts `jsonOutlineHead`), or null. Its counts are the head's,
 * never the document's: a page shows its rows only, until the whole
 * file's index comes. Given only when the head's path keys are written in
 * the list's order (the rest is then taken to sort after them, so the
 * rows shown are the list's first and stay where they are), it lists at
 * least {@link HEAD_ROWS} rows and has a title (the header is complete
 * before `paths`); without webhooks and callbacks, which may come later.
 */
export function headIndex(bytes: Uint8Array): SpecIndex | null {
  if (!startsJson(bytes)) return null;
  const head = jsonOutlineHead(bytes);
  if (!head?.sorted) return null;
  const index = indexOutline(head.outline);
  if (!index || index.endpoints.length < HEAD_ROWS || !index.title) {
    return null;
  }
  return { ...index, webhooks: [], callbacks: [] };
}

/** The index an outline gives, or null when it is not to be trusted. */
function indexOutline(outline: Uint8Array | null): SpecIndex | null {
  if (!outline) return null;
  try {
    const loaded = loadText(decodeText(outline));
    if (loaded.jsonError) return null;
    const warnings: SpecWarning[] = [];
    const resolver = new Watching(loaded.value);
    const det = detect(loaded, warnings);
    const index = buildIndex(loaded, det, resolver, warnings, false);
    if (resolver.followed) return null;
    // Its About block is empty (buildIndex's `about` false): it comes with
    // the whole parse (the outline has no components, so no security
    // schemes), as the named schemas do.
    return { ...index, warnings: [], checked: false, chars: 0 };
  } catch {
    return null;
  }
}

/**
 * Depth of the warm-up documents' members laid out a line each: the
 * document's, `paths`', a path item's and an operation's.
 */
const SPACED_DEPTH = 4;

/** Paths of each generated document {@link warmPreview} reads. */
const WARM_PATHS = 300;
/** Times {@link warmPreview} reads each of them. */
const WARM_ROUNDS = 6;

/**
 * Runs the preview on generated specs (OpenAPI 3.1 and Swagger 2.0 JSON,
 * and YAML, {@link WARM_PATHS} paths each, {@link WARM_ROUNDS} times), so
 * the code a picked file needs is compiled and its loops optimised by the
 * JIT before the first file comes: a worker runs this once it has started,
 * while the page waits for a person to pick, one document read per step
 * (yielded) so a file picked meanwhile need not wait for the rest.
 *
 * Measured in Deno (the same V8) on Kubernetes' 1.9 MB: the first preview
 * took 8-13 ms after these (19-22 ms after small documents read three
 * times, how this warmed before; 39-42 ms cold; 6-7 ms fully warm). The
 * steps cost 170-210 ms in Deno, about half a second of a worker in
 * Chromium on this 2-core machine; the longest, the first, about 40 ms.
 *
 * Each step also reads the first bytes of a JSON document, cut at another
 * place each round ({@link headIndex}): the scan's reads past a cut's end
 * were a branch the warm-up never took, and V8 threw the optimised `value`
 * away on a file's first rows ("out of bounds", `--trace-deopt`), so the
 * outline of the whole file that follows ran unoptimised (Stripe's worker
 * time to its first row went from 10 to 16 ms of CPU).
 */
export function* warmPreview(
  paths = WARM_PATHS,
  rounds = WARM_ROUNDS,
): Generator<void> {
  const docs = warmDocs(paths);
  for (let i = 0; i < rounds; i++) {
    for (const doc of docs) {
      previewIndex(doc);
      headIndex(
        doc.subarray(0, Math.floor(doc.length * (i + 1) / (rounds + 1))),
      );
      yield;
    }
  }
}

/**
 * The documents {@link warmPreview} reads: OpenAPI 3.1 JSON and Swagger
 * 2.0 JSON of `paths` paths of two operations each, and OpenAPI 3.1 YAML
 * of `paths` paths of one, all of which the preview lists (a document that
 * gave no preview would warm only its way out).
 *
 * Their operations come in six shapes (fields in other orders, some left
 * out), with escaped quotes and backslashes, text beyond ASCII, empty
 * objects and arrays, numbers, booleans and null, path-level parameters
 * and an empty path item: a branch the warm-up never took, or an object shape it never
 * saw, made V8 throw away the optimised scan and index on a real spec's
 * first preview (`--trace-deopt`: `stringEnd`, `members`, `value`,
 * `endpointOf`, `decodeText`), which then ran 9-18 ms in Deno against 6
 * once optimised again.
 */
export function warmDocs(paths: number): Uint8Array[] {
  const json3: string[] = [];
  const json2: string[] = [];
  const lines: string[] = [];
  for (let i = 0; i < paths; i++) {
    const fields = opFields(i);
    const op3 = `{${fields},"parameters":[{"name":"q","in":"query",` +
      `"required":false,"schema":{"type":"string","enum":["a","b"],` +
      `"minimum":0,"default":null}}],"responses":{"200":{` +
      `"description":"OK","content":{"application/json":{"schema":` +
      `{"type":"object","properties":{"a":{"type":"string"}},` +
      `"example":[[1,2.5],[],{}]}}}}}}`;
    const op2 = `{${fields},"parameters":[{"name":"q","in":"query",` +
      `"type":"string"}],"responses":{"200":{"description":"OK",` +
      `"schema":{"type":"array","items":{"type":"integer"}}}}}`;
    const item2 = `"parameters":[{"name":"x","in":"path",` +
      `"required":true,"type":"string"}]`;
    json3.push(`"/r${i}":{"get":${op3},"post":${op3}}`);
    json2.push(
      i % 2
        ? `"/r${i}/{x}":{${item2},"get":${op2},"put":${op2}}`
        : `"/r${i}/{x}":{"get":${op2},"put":${op2},${item2}}`,
    );
    lines.push(
      `  /r${i}:`,
      `    get:`,
      i % 3
        ? `      summary: Op ${i}`
        : `      summary: "Caf\\u00e9 \\"${i}\\""`,
      `      operationId: op${i}`,
      i % 2 ? `      tags: [t]` : `      tags:\n        - t\n        - u`,
      `      parameters:`,
      `        - {name: q, in: query, schema: {type: string}}`,
      `      responses:`,
      `        '200': {description: OK}`,
    );
  }
  const info = `"info":{"title":"w \\u2019","version":"1"}`;
  const tags = `"tags":[{"name":"t","description":"T\\\\"},{"name":"u"}]`;
  const enc = new TextEncoder();
  // Laid out as real specs are (indented, one member a line), with each
  // kind of JSON white space: compact documents left the scan's white space
  // tests without feedback, and a real spec's first preview threw the
  // optimised `ws` and `members` away (`--trace-deopt`: "Insufficient type
  // feedback").
  return [
    enc.encode(spaced(
      `{"openapi":"3.1.0",${info},"servers":[{"url":"/"}],${tags},` +
        `"paths":{${json3.join(",")},"/e":{}},"components":{"schemas":{}},` +
        `"x-e":{}}`,
      "\r\n",
      "\t",
    )),
    enc.encode(spaced(
      `{"swagger":"2.0",${info},"host":"h","basePath":"/v1",` +
        `"schemes":["https"],${tags},"paths":{"/e":{},${json2.join(",")}},` +
        `"definitions":{"A":{"type":"object"}},"parameters":{},` +
        `"securityDefinitions":{}}`,
      "\n",
      "  ",
    )),
    enc.encode(
      `openapi: 3.1.0\ninfo: {title: w, version: '1'}\npaths:\n` +
        lines.join("\n") + "\n",
    ),
  ];
}

/**
 * Compact JSON `text` laid out one member a line down to the operations'
 * fields ({@link SPACED_DEPTH}), indented by `indent` a level, lines ended
 * by `eol`; deeper, members are parted by a space (each white space kind
 * is met, and the documents stay half the size they would be indented
 * throughout), and the text ends with a line break. A space follows each
 * colon; empty objects and arrays stay `{}` and `[]`.
 */
function spaced(text: string, eol: string, indent: string): string {
  let out = "";
  let depth = 0;
  let inString = false;
  const line = () => depth > SPACED_DEPTH ? " " : eol + indent.repeat(depth);
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      out += c;
      if (c === "\\") out += text[++i];
      else if (c === '"') inString = false;
    } else if (c === '"') {
      inString = true;
      out += c;
    } else if (
      (c === "{" || c === "[") && text[i + 1] !== (c === "{" ? "}" : "]")
    ) {
      depth++;
      out += c + line();
    } else if (
      (c === "}" || c === "]") && text[i - 1] !== (c === "}" ? "{" : "[")
    ) {
      depth--;
      out += line() + c;
    } else if (c === ",") out += c + line();
    else if (c === ":") out += ": ";
    else out += c;
  }
  // Files end with a line break: the scan's last white space run reads
  // up to the end of the bytes.
  return out + eol;
}

/** The listed fields of warm-up operation `i`, in one of six shapes. */
function opFields(i: number): string {
  const text = `"description":"${"text ".repeat(20)}\\"q\\" \\\\ \\/ é’"`;
  const summary = `"summary":"Op ${i} \u00e9’"`;
  const id = `"operationId":"op${i}"`;
  switch (i % 6) {
    case 0:
      return `${summary},${id},"tags":["t"],${text}`;
    case 1:
      return `"tags":["t","u"],${summary},${id},"deprecated":true`;
    case 2:
      return `${id},${text}`;
    case 3:
      return `${text},${summary},"tags":[],"x-e":{},"security":[{}]`;
    case 4:
      return `${summary},"tags":["t"],${id},"deprecated":false,` +
        `"x-n":12.5,"x-b":null`;
    default:
      return `"x-f":true,${summary},${id},"tags":["u"]`;
  }
}
