/**
 * One event of an event stream written as the stream carries it, for a
 * sample of an OpenAPI 3.2 `itemSchema` under `text/event-stream`: the
 * command's body and the detail's generated example are the same text.
 */
import { valueJson } from "./example.ts";
import { isObject } from "./refs.ts";

/**
 * An event as an event stream writes it: OpenAPI 3.2 describes an event
 * stream's item by its fields (`event`, `data`, `id`, `retry`), each a
 * line (HTML §9.2.6), a `data` with line breaks one line each; anything
 * else is the data of one event, as JSON. Values are cut at `max`
 * characters each.
 */
export function eventText(sample: unknown, max: number): string {
  const fields = isObject(sample) &&
      ["event", "data", "id", "retry"].some((k) => Object.hasOwn(sample, k))
    ? sample
    : { data: sample };
  const lines: string[] = [];
  for (const k of ["event", "id", "retry", "data"]) {
    if (!Object.hasOwn(fields, k)) continue;
    const v = fields[k];
    const text = typeof v === "string"
      ? v.slice(0, max)
      : valueJson(v, max, "");
    // A field's value ends at a line break (the stream's syntax): only
    // data may take several, one line each.
    const parts = text.split(/\r\n|\r|\n/);
    for (const part of k === "data" ? parts : parts.slice(0, 1)) {
      lines.push(`${k}: ${part}`);
    }
  }
  return lines.join("\n") + "\n\n";
}
