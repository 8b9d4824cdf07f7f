/**
 * Short human texts about catalog parameters, shared by the server-rendered
 * reference table and the runner's field hints so both say the same thing.
 * Pure and DOM-free.
 */
import type { ParamSpec } from "./catalog.ts";

/** The accepted values in a few words: `200 to 599`, `0 to 30000 ms`... */
export function constraintText(p: ParamSpec): string {
  switch (p.type) {
    case "integer":
      return `integer ${p.min ?? "…"} to ${p.max ?? "…"}`;
    case "number":
      return `number ${p.min ?? "…"} to ${p.max ?? "…"}`;
    case "choices":
      return `${p.min ?? "…"} to ${
        p.max ?? "…"
      }, or a list like 200,500 or 200:0.8,500:0.2`;
    case "duration":
      return `${p.min ?? 0} to ${p.max} ms; 250, 250ms or 1.5s`;
    case "seconds":
      return `${p.min ?? 0} to ${p.max} s; 1.5, 1500ms or 1.5s`;
    case "enum":
      return `one of ${(p.enum ?? []).join(", ")}`;
    case "boolean":
      return "true or false";
    case "string":
      return `1 to ${p.maxLength ?? 256} characters${
        p.pattern ? ` matching ${p.pattern}` : ""
      }`;
  }
}

/** The default as text, or "" when there is none. */
export function defaultText(p: ParamSpec): string {
  return p.default === undefined ? "" : String(p.default);
}

/**
 * The catalog's prose with its `code` spans split out: even indexes are
 * text, odd ones code (so renderers can use <code> without HTML parsing).
 */
export function splitCode(text: string): string[] {
  return text.split("`");
}
