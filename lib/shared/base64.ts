/**
 * Base64 (RFC 4648 §4) with the APIs every runtime we serve has: `atob` and
 * `btoa` (HTML's forgiving base64), where `Uint8Array.fromBase64` is too new
 * for the browsers the viewers support.
 */

/** The bytes of base64 text (whitespace ignored), or null when it is not. */
export function base64Bytes(b64: string): Uint8Array<ArrayBuffer> | null {
  let bin: string;
  try {
    bin = atob(b64.replace(/\s+/g, ""));
  } catch {
    return null;
  }
  const bytes = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
  return bytes;
}

/** `bytes` as base64 text, in slices so a large array never overflows the stack. */
export function bytesBase64(bytes: Uint8Array): string {
  let bin = "";
  for (let i = 0; i < bytes.length; i += 0x8000) {
    bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(bin);
}
