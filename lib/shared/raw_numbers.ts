/**
 * JSON parsed with some numbers kept as their source text (ECMA-262's
 * JSON.parse source text access: a raw JSON value, written back as it
 * came by JSON.stringify). A double cannot hold every integer past 2^53,
 * and it forgets a number's spelling (`1.50`, `1e3`); RFC 8259 §6 leaves
 * both to the implementation, so a tool that shows or reflects what was
 * sent keeps them.
 */

/** The raw-JSON functions, where the runtime has them (V8 11.4+). */
const RAW = JSON as unknown as {
  rawJSON?: (text: string) => object;
  isRawJSON?: (v: unknown) => boolean;
};

/** Whether `v` is a raw JSON value (made by {@link parseKeepingNumbers}). */
export function isRawJson(v: unknown): v is { readonly rawJSON: string } {
  return RAW.isRawJSON?.(v) ?? false;
}

/**
 * `JSON.parse(text)`, with each number for which `keep(source, value)` is
 * true kept as a raw JSON value of its source text. Throws as
 * `JSON.parse` does. Without raw JSON in the runtime, a plain parse.
 */
export function parseKeepingNumbers(
  text: string,
  keep: (source: string, value: number) => boolean,
): unknown {
  const rawJSON = RAW.rawJSON;
  if (!rawJSON) return JSON.parse(text);
  return JSON.parse(
    text,
    ((_key: string, value: unknown, context?: { source?: string }) =>
      typeof value === "number" && context?.source !== undefined &&
        keep(context.source, value)
        ? rawJSON(context.source)
        : value) as (key: string, value: unknown) => unknown,
  );
}

/** An integer a double cannot hold exactly (its digits are what matter). */
export function unsafeInteger(source: string, value: number): boolean {
  return !Number.isSafeInteger(value) && /^-?\d+$/.test(source);
}

/** A number whose text JSON.stringify would write differently. */
export function spelledOtherwise(source: string, value: number): boolean {
  return String(value) !== source;
}
