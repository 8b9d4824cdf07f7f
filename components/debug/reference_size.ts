/**
 * The height an endpoint's reference on /debug is guessed to have until
 * the browser lays it out (debug.css, `.endpoint-doc`), counted from the
 * catalog, so a reference far from the view stands in for about its own
 * height, not every one for one average: a wrong guess moves what is below
 * it when it is laid out, and the scroll bar's length with it.
 */
import type { EndpointSpec, JsonSchema } from "../../lib/debug/core/catalog.ts";
import { constraintText } from "../../lib/debug/core/describe.ts";

/**
 * Rem per character of text shown, per row (parameter, request header,
 * response field) and per block (example, response), and the rest: fitted
 * to the 54 references laid out in Chromium at 1280 px wide (the
 * two-column layout), where they guess within 4 rem of the real height
 * on average (a single average guessed within 16).
 */
const REM_PER_CHAR = 0.0265;
const REM_PER_ROW = 0.15;
const REM_PER_BLOCK = 5;
const REM_BASE = 13.5;

/** Characters and count of a schema's top-level fields as listed. */
function fields(schema: JsonSchema | undefined): [number, number] {
  const props = schema?.properties as Record<string, JsonSchema> | undefined;
  if (!props) return [0, 0];
  let chars = 0;
  for (const [name, s] of Object.entries(props)) {
    chars += name.length + 8 + String(s.description ?? "").length;
  }
  return [chars, Object.keys(props).length];
}

/** The guessed height of `ep`'s reference, in rem. */
export function referenceHeightRem(ep: EndpointSpec): number {
  let chars = ep.description.length;
  let rows = ep.params.length + (ep.requestHeaders?.length ?? 0);
  for (const p of ep.params) {
    chars += p.name.length + p.in.length + p.type.length +
      constraintText(p).length + p.description.length;
  }
  for (const h of ep.requestHeaders ?? []) {
    chars += h.name.length + h.description.length;
  }
  for (const ex of ep.examples) chars += ex.url.length + ex.description.length;
  for (const r of ep.responses) {
    chars += r.description.length + (r.contentType?.length ?? 0);
    for (const h of r.headers ?? []) {
      chars += h.name.length + h.description.length;
    }
    // The problem shape is folded away (Responses.tsx), its height none.
    if (r.contentType?.includes("problem")) continue;
    const [c, n] = fields(r.schema);
    chars += c;
    rows += n;
  }
  const blocks = ep.examples.length + ep.responses.length;
  const rem = REM_BASE + chars * REM_PER_CHAR + rows * REM_PER_ROW +
    blocks * REM_PER_BLOCK;
  return Math.round(rem);
}
