/**
 * Inputs the compressed endpoints' writers are tested on (deflate_test.ts,
 * brotli_test.ts): seeded pseudo-random bytes, periodic data around the
 * match window, and fast-check's inputs, JSON like the endpoints send
 * among them; and the web's decoder, which browsers use on their output.
 */
import fc from "fast-check";

const enc = new TextEncoder();

/** `n` pseudo-random bytes from `seed`, each `from + (0 .. range - 1)`. */
export function noise(n: number, range = 256, from = 0, seed = 12345) {
  let x = seed;
  return Uint8Array.from({ length: n }, () => {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    return from + (x >>> 16) % range;
  });
}

/** `n` bytes repeating a pseudo-random unit of `period` bytes. */
export function repeatEvery(period: number, n: number): Uint8Array {
  const unit = noise(period, 256, 0, 7);
  return Uint8Array.from({ length: n }, (_, i) => unit[i % period]);
}

/** Any bytes, text, few distinct bytes, and JSON with `flag` set. */
export function inputs(flag: string): fc.Arbitrary<Uint8Array> {
  return fc.oneof(
    fc.uint8Array({ maxLength: 3000 }),
    fc.string({ maxLength: 2000 }).map((s) => enc.encode(s)),
    // Few distinct bytes: many long and overlapping matches.
    fc.array(fc.constantFrom(0, 1, 97), { maxLength: 3000 })
      .map((a) => Uint8Array.from(a)),
    // JSON like the endpoints send, with repeated keys and values.
    fc.dictionary(fc.string({ maxLength: 12 }), fc.string({ maxLength: 40 }))
      .map((h) => enc.encode(JSON.stringify({ [flag]: true, headers: h }))),
  );
}

/** `bytes` decoded by the web's `DecompressionStream` in `format`. */
export async function viaStream(
  bytes: Uint8Array,
  format: "gzip" | "deflate" | "brotli",
): Promise<Uint8Array> {
  const out = new Blob([bytes as BlobPart]).stream()
    .pipeThrough(new DecompressionStream(format as CompressionFormat));
  return new Uint8Array(await new Response(out).arrayBuffer());
}
