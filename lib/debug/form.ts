/**
 * Form fields of an echoed body: `application/x-www-form-urlencoded`
 * (WHATWG URL §5) or `multipart/form-data` (RFC 7578). Files are shown by
 * name, type and size; their bytes are already in the echoed `body`.
 */
/**
 * Name to value, or to an array of values when a name repeats. Built with
 * Object.fromEntries so a name like `__proto__` stays an ordinary key.
 */
export function multiMap(
  pairs: Iterable<[string, unknown]>,
): Record<string, unknown> {
  const map = new Map<string, unknown[]>();
  for (const [k, v] of pairs) {
    const list = map.get(k);
    if (list) list.push(v);
    else map.set(k, [v]);
  }
  const out: [string, unknown][] = [];
  for (const [k, list] of map) {
    out.push([k, list.length === 1 ? list[0] : list]);
  }
  return Object.fromEntries(out);
}

function mediaType(contentType: string | null): string {
  return (contentType ?? "").split(";")[0].trim().toLowerCase();
}

/**
 * The fields, or null when the body is not a form (or is a malformed
 * multipart body: echo reflects what came, it does not judge it).
 */
export function readForm(
  contentType: string | null,
  body: Uint8Array,
  text: string | null,
): Record<string, unknown> | null | Promise<Record<string, unknown> | null> {
  const type = mediaType(contentType);
  if (type === "application/x-www-form-urlencoded") {
    return text === null ? null : multiMap(new URLSearchParams(text));
  }
  if (type !== "multipart/form-data") return null;
  return readMultipart(contentType!, body);
}

async function readMultipart(
  contentType: string,
  body: Uint8Array,
): Promise<Record<string, unknown> | null> {
  try {
    const form = await new Response(body as BodyInit, {
      headers: { "content-type": contentType },
    }).formData();
    const pairs: [string, unknown][] = [];
    for (const [name, value] of form) {
      pairs.push([
        name,
        typeof value === "string"
          ? value
          : { filename: value.name, type: value.type, size: value.size },
      ]);
    }
    return multiMap(pairs);
  } catch {
    return null;
  }
}
