/** Byte arrays joined, for bodies read or built in chunks. */

/**
 * `parts` as one array, in order; the part itself when there is only one
 * (no copy: a body that came in one chunk stays as it came).
 */
export function concatBytes(parts: readonly Uint8Array[]): Uint8Array {
  if (parts.length === 1) return parts[0];
  let n = 0;
  for (const p of parts) n += p.byteLength;
  const out = new Uint8Array(n);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.byteLength;
  }
  return out;
}
