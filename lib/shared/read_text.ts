/**
 * Reading a picked or dropped file (a HAR, or a spec the compare CLI reads)
 * as text. HAR 1.2 (section 2) says UTF-8, and most files are; but a file
 * with invalid bytes (a truncated copy, a
 * Latin-1 capture) should still open, with a warning that says where the
 * first bad byte is, rather than be rejected or silently altered. A UTF-16
 * file (its byte order mark says so: Windows tools write them) is read as
 * UTF-16. A gzip or zlib file (`.har.gz`, mitmproxy's `.zhar`) is unpacked
 * first. Web-standard APIs only (Blob, TextDecoder, DecompressionStream):
 * browser and Deno.
 */
import { type BomEncoding, bomEncoding, utf8BomLength } from "./bom.ts";
import { concatBytes } from "./bytes.ts";

/** Called with bytes read so far and the file size. */
export type ReadProgress = (done: number, total: number) => void;

/** The text of a file and what was wrong with its encoding, if anything. */
export interface ReadText {
  text: string;
  encoding: BomEncoding;
  /** Set when bytes were not valid UTF-8 (they are shown as U+FFFD). */
  invalid: { line: number; column: number; byte: number } | null;
  /** How the file was compressed, when it was (it is read unpacked). */
  packed: Packing | null;
}

/**
 * Decompressed bytes read at most: a small file may unpack to gigabytes.
 * Well under V8's longest string (2^29 - 24 units, just below 512 MiB),
 * which would fail first and read as a corrupt file, and under what a
 * tab holds beside the parsed document.
 */
export const MAX_UNPACKED_BYTES = 256 * 1024 * 1024;

/** Thrown when a compressed file unpacks past {@link MAX_UNPACKED_BYTES}. */
export class UnpackLimitError extends Error {
  constructor(max: number) {
    super(
      `the file unpacks to more than ${
        Math.round(max / 1024 / 1024)
      } MB, more than a browser tab can hold as text`,
    );
    this.name = "UnpackLimitError";
  }
}

/**
 * The bytes of `file`, unpacked when `packed` says so, counted for
 * progress as the file's own bytes.
 */
async function* chunksOf(
  file: Blob,
  packed: Packing | null,
  onProgress?: ReadProgress,
): AsyncGenerator<Uint8Array> {
  let done = 0;
  let source = file.stream().pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, c) {
        done += chunk.byteLength;
        onProgress?.(done, file.size);
        c.enqueue(chunk);
      },
    }),
  );
  if (packed) source = source.pipeThrough(unpacker(packed));
  const reader = source.getReader();
  try {
    for (;;) {
      const r = await reader.read();
      if (r.done) break;
      yield r.value;
    }
  } finally {
    // A consumer that stops early (past the limit) cancels the rest.
    await reader.cancel().catch(() => {});
    reader.releaseLock();
  }
}

/** A DecompressionStream for `packed`, typed as the streams here are. */
function unpacker(packed: Packing): TransformStream<Uint8Array, Uint8Array> {
  return new DecompressionStream(packed) as unknown as TransformStream<
    Uint8Array,
    Uint8Array
  >;
}

/** Bytes pushed in turn, decoded as {@link textSink} says. */
interface TextSink {
  push(bytes: Uint8Array): void;
  /** The text of all bytes pushed, and the encoding it was read in. */
  finish(): { text: string; encoding: BomEncoding };
}

/**
 * Decodes bytes pushed in turn in the encoding their first two bytes' byte
 * order mark names (UTF-8 without one): after unpacking for a packed file,
 * whose mark is inside (a UTF-16 export gzipped is UTF-16 once unpacked).
 */
function textSink(): TextSink {
  let decoder: TextDecoder | null = null;
  /** Bytes held until there are two to read a mark from. */
  let head: Uint8Array | null = null;
  const parts: string[] = [];
  return {
    push(bytes) {
      if (!decoder) {
        head = head ? concatBytes([head, bytes]) : bytes;
        if (head.length < 2) return;
        // The byte order mark is dropped (TextDecoder's default).
        decoder = new TextDecoder(bomEncoding(head));
        bytes = head;
      }
      parts.push(decoder.decode(bytes, { stream: true }));
    },
    finish() {
      if (!decoder) {
        // One byte or none: no mark fits, so it is UTF-8.
        decoder = new TextDecoder("utf-8");
        if (head) parts.push(decoder.decode(head, { stream: true }));
      }
      parts.push(decoder.decode());
      return { text: parts.join(""), encoding: encodingOf(decoder) };
    },
  };
}

/** The text of `file` (unpacked first when `packed`), as {@link textSink} reads it. */
async function decode(
  file: Blob,
  packed: Packing | null,
  onProgress?: ReadProgress,
  maxUnpacked = MAX_UNPACKED_BYTES,
): Promise<{ text: string; encoding: BomEncoding }> {
  const sink = textSink();
  let unpacked = 0;
  for await (const chunk of chunksOf(file, packed, onProgress)) {
    unpacked += chunk.byteLength;
    if (packed && unpacked > maxUnpacked) {
      throw new UnpackLimitError(maxUnpacked);
    }
    sink.push(chunk);
  }
  return sink.finish();
}

/** The {@link BomEncoding} a decoder made by {@link decode} reads. */
function encodingOf(decoder: TextDecoder): BomEncoding {
  return decoder.encoding as BomEncoding;
}

/** How a file is compressed: gzip (`.har.gz`) or zlib (mitmproxy's `.zhar`). */
export type Packing = "gzip" | "deflate";

/**
 * The compression the first bytes say: gzip's magic number (RFC 1952
 * §2.3.1), or a zlib header (RFC 1950 §2.2: deflate, and its check bits).
 * JSON and YAML start with neither (`{`, `[`, letters).
 */
export function packingOf(head: Uint8Array): Packing | null {
  if (head.length < 2) return null;
  if (head[0] === 0x1f && head[1] === 0x8b) return "gzip";
  // Deflate (CM 8) with a window of at most 32 kB (CINFO <= 7), no preset
  // dictionary (FDICT clear), and the check bits right.
  if (
    (head[0] & 0x0f) === 8 && head[0] >> 4 <= 7 && (head[1] & 0x20) === 0 &&
    ((head[0] << 8) | head[1]) % 31 === 0
  ) return "deflate";
  return null;
}

/** Thrown when a file that looked compressed could not be unpacked. */
export class UnpackError extends Error {
  constructor(packing: Packing, cause: unknown) {
    super(
      `the file looks ${
        packing === "gzip" ? "gzip" : "zlib"
      }-compressed but could not be unpacked (${
        cause instanceof Error ? cause.message : String(cause)
      }): it may be cut short or damaged, so save or download it again`,
    );
    this.name = "UnpackError";
  }
}

/**
 * Offset of the first byte that does not start a well-formed UTF-8
 * sequence (RFC 3629 section 4: no overlong forms, no surrogates, nothing
 * past U+10FFFF), or -1 when all are well-formed.
 */
export function firstInvalidUtf8(b: Uint8Array): number {
  const n = b.length;
  let i = 0;
  while (i < n) {
    const c = b[i];
    if (c < 0x80) {
      i++;
      continue;
    }
    let need = 0, lo = 0x80, hi = 0xbf;
    if (c >= 0xc2 && c <= 0xdf) need = 1;
    else if (c >= 0xe0 && c <= 0xef) {
      need = 2;
      if (c === 0xe0) lo = 0xa0; // overlong
      else if (c === 0xed) hi = 0x9f; // UTF-16 surrogates
    } else if (c >= 0xf0 && c <= 0xf4) {
      need = 3;
      if (c === 0xf0) lo = 0x90; // overlong
      else if (c === 0xf4) hi = 0x8f; // past U+10FFFF
    } else return i;
    if (i + need >= n || b[i + 1] < lo || b[i + 1] > hi) return i;
    for (let k = 2; k <= need; k++) {
      if ((b[i + k] & 0xc0) !== 0x80) return i;
    }
    i += need + 1;
  }
  return -1;
}

/** 1-based line and UTF-16 column of byte `at` (all bytes before it valid). */
function place(b: Uint8Array, at: number): ReadText["invalid"] {
  let line = 1, start = 0;
  for (let i = 0; i < at; i++) {
    if (b[i] === 10 || (b[i] === 13 && b[i + 1] !== 10)) {
      line++;
      start = i + 1;
    }
  }
  if (line === 1) start = utf8BomLength(b);
  const column = new TextDecoder().decode(b.subarray(start, at)).length + 1;
  return { line, column, byte: at };
}

/**
 * Reads `file` as text with progress. Invalid bytes become U+FFFD and are
 * reported in `invalid`. Decoding is not `fatal` (that is twice as slow):
 * only a text that holds a U+FFFD has its bytes checked, which tells a
 * replaced byte from a U+FFFD the file really contains.
 */
export async function readFileText(
  file: Blob,
  onProgress?: ReadProgress,
  maxUnpacked = MAX_UNPACKED_BYTES,
): Promise<ReadText> {
  const head = new Uint8Array(await file.slice(0, 2).arrayBuffer());
  const packed = packingOf(head);
  if (!packed) return readPlain(file, onProgress);
  // A packed file may be read twice (as one stream, then member by member
  // or as plain text): progress says the furthest either reached, never
  // going back to the start, and is still said while the second read is
  // behind it (the page stops a worker silent for long).
  let furthest = 0;
  const progress: ReadProgress | undefined = onProgress &&
    ((done, total) => {
      furthest = Math.max(furthest, done);
      onProgress(furthest, total);
    });
  try {
    const r = await decode(file, packed, progress, maxUnpacked);
    const invalid = await invalidOf(r, async () => {
      const parts: Uint8Array[] = [];
      for await (const chunk of chunksOf(file, packed)) parts.push(chunk);
      return concatBytes(parts);
    });
    return { ...r, invalid, packed };
  } catch (err) {
    if (err instanceof UnpackLimitError) throw err;
    if (stringLimit(err)) throw new UnpackLimitError(maxUnpacked);
    // Several gzip members one after another (`cat a.gz b.gz`, which RFC
    // 1952 §2.2 makes one gzip file): DecompressionStream reads the first
    // and refuses what follows it, so each is read on its own.
    const series = packed === "gzip"
      ? await readGzipSeries(file, maxUnpacked, progress).catch((e) => {
        throw stringLimit(e) ? new UnpackLimitError(maxUnpacked) : e;
      })
      : null;
    if (series) return series;
    // Two plain letters can look like a zlib header (`x^`, `hb`): a file
    // that does not unpack but is valid UTF-8 text is read as it is.
    const plain = await readPlain(file, progress);
    if (!plain.invalid && !plain.text.includes("\ufffd")) return plain;
    throw new UnpackError(packed, err);
  }
}

/** Whether `err` is the engine's own limit on a string: too big, not corrupt. */
function stringLimit(err: unknown): boolean {
  return err instanceof RangeError && /string length/i.test(err.message);
}

/**
 * Gzip file `file` read as a series of members (see {@link gzipSeries}),
 * progress said at each member's end, or null when it is no such series.
 * A series broken after a member read whole throws where it broke: the
 * first member's reader only said "junk after the end of the data" of
 * what was in fact a later member cut short.
 */
async function readGzipSeries(
  file: Blob,
  maxUnpacked: number,
  onProgress?: ReadProgress,
): Promise<ReadText | null> {
  const b = new Uint8Array(await file.arrayBuffer());
  const sink = textSink();
  const series = await gzipSeries(b, maxUnpacked, undefined, (chunks, end) => {
    for (const chunk of chunks) sink.push(chunk);
    onProgress?.(end, file.size);
  });
  if (series.broke >= 0) {
    if (series.members === 0) return null;
    throw new UnpackError("gzip", new Error(seriesBreak(series)));
  }
  // Zero padding after the last member is read, not unpacked.
  onProgress?.(file.size, file.size);
  const r = sink.finish();
  const invalid = await invalidOf(r, async () => {
    const parts: Uint8Array[] = [];
    await gzipSeries(b, maxUnpacked, undefined, (c) => parts.push(...c));
    return concatBytes(parts);
  });
  return { ...r, invalid, packed: "gzip" };
}

/** What broke a gzip series (see {@link GzipSeries}), in words. */
function seriesBreak(s: GzipSeries): string {
  if (s.many) {
    return `it has more than ${s.members.toLocaleString("en-US")} gzip members`;
  }
  // A later member starts at a place holding ID1 ID2 (RFC 1952 §2.3.1).
  return `its gzip member ${s.members + 1}, from byte ${
    s.broke.toLocaleString("en-US")
  }, is cut short or damaged`;
}

/**
 * Where the first invalid UTF-8 byte of a UTF-8 text `r` is, in the
 * `bytes` it was read from (only read when its text holds a U+FFFD).
 */
async function invalidOf(
  r: { text: string; encoding: BomEncoding },
  bytes: () => Promise<Uint8Array>,
): Promise<ReadText["invalid"]> {
  if (r.encoding !== "utf-8" || !r.text.includes("\ufffd")) return null;
  const b = await bytes();
  const at = firstInvalidUtf8(b);
  return at < 0 ? null : place(b, at);
}

/** Fewest bytes of a gzip member: header, an empty deflate block, trailer. */
const MIN_GZIP_MEMBER = 10 + 2 + 8;

/**
 * Places a gzip header might start at that were tried as a member's end and
 * were not one, at most, per file: each try unpacks its member again (the
 * bytes `1f 8b 08` fall inside packed data about once in 16 MB, and a
 * crafted file could hold them everywhere). Places whose ISIZE (the four
 * bytes before them) cannot be the member's are passed without a try.
 */
export const MAX_GZIP_FALSE_ENDS = 16;

/**
 * Members read one by one at most, per file. Each is unpacked once, from
 * the file's bytes in memory, by a DecompressionStream of its own: 10,000
 * small members took about 0.9 s in Chromium's worker (reading each
 * member's bytes from the Blob, twice, had cost about 7 ms a member there,
 * and 10,000 passed the page's 30 s watchdog). bgzip's members unpack to
 * 64 kB each: 4,096 reach {@link MAX_UNPACKED_BYTES}.
 */
export const MAX_GZIP_MEMBERS = 10_000;

/**
 * Zero bytes after the last gzip member read as padding at most, per file.
 * tar pads what it writes to its record size (10,240 bytes by default,
 * larger with `--blocking-factor`), and gzip(1) unpacks such a file,
 * warning that it ignored trailing zeros; a longer run is no padding any
 * tool writes, and it is not scanned for.
 */
export const MAX_GZIP_PADDING = 1024 * 1024;

/**
 * Where the run of zero bytes ending `b` starts, or its length when it
 * ends in no zero or in more than `max` of them.
 */
function zeroPaddingStart(b: Uint8Array, max: number): number {
  let at = b.length;
  while (at > 0 && b.length - at <= max && b[at - 1] === 0) at--;
  // More than `max` zeros: longer than padding.
  return b.length - at > max ? b.length : at;
}

/**
 * The offset of the first gzip member header (RFC 1952 §2.3.1: ID1 ID2,
 * CM 8, FLG's reserved bits clear) at or after `from`, or `b`'s length.
 */
function nextGzipHeader(b: Uint8Array, from: number): number {
  for (let i = from; i + 3 < b.length; i++) {
    if (
      b[i] === 0x1f && b[i + 1] === 0x8b && b[i + 2] === 8 &&
      (b[i + 3] & 0xe0) === 0
    ) return i;
  }
  return b.length;
}

/**
 * Packed bytes given to a DecompressionStream at a time. A stream that
 * fails drops the output it holds unread, and Chromium's unpacks a whole
 * write at once: given in pieces, each waiting for the last one's output
 * to be read, a try cut short still counts what it unpacked, but for its
 * last piece's.
 */
const UNPACK_PIECE = 16 * 1024;

/**
 * What `part` unpacks to as gzip, in chunks, and whether it unpacked
 * whole (a place inside a member leaves it cut short, and bytes after a
 * member's end are refused). Past `budget` bytes it stops, and throws the
 * limit `max`.
 */
async function unpackPart(
  part: Uint8Array,
  budget: number,
  max: number,
): Promise<{ whole: boolean; chunks: Uint8Array[]; size: number }> {
  const stream = unpacker("gzip");
  const writer = stream.writable.getWriter();
  // Its failures are the reader's too, seen below.
  (async () => {
    for (let at = 0; at < part.length; at += UNPACK_PIECE) {
      await writer.write(part.subarray(at, at + UNPACK_PIECE));
    }
    await writer.close();
  })().catch(() => {});
  const reader = stream.readable.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const r = await reader.read();
      if (r.done) return { whole: true, chunks, size };
      size += r.value.byteLength;
      if (size > budget) throw new UnpackLimitError(max);
      chunks.push(r.value);
    }
  } catch (err) {
    if (!(err instanceof UnpackLimitError)) {
      return { whole: false, chunks, size };
    }
    await reader.cancel().catch(() => {});
    throw err;
  }
}

/**
 * How far {@link gzipSeries} read: `broke` is -1 when the file is a whole
 * series of members, else the offset of the first member (or bytes) that
 * did not unpack whole, after `members` that did.
 */
export interface GzipSeries {
  members: number;
  broke: number;
  /** Whether it broke at the bound on members. */
  many: boolean;
}

/**
 * Reads gzip file `b` as a series of members (RFC 1952 §2.2), each unpacked
 * once and given to `onMember` with the offset it ends at; broken (see
 * {@link GzipSeries}) when it is no such series (a member's end not found, more than `maxMembers`, bytes
 * other than zero padding after the last). A member's end is not written
 * down before it, and DecompressionStream refuses bytes after the one
 * member it reads: each place the next member's header could start is
 * tried in turn, and the first whose bytes before it unpack whole is the
 * end. A place is passed untried when the ISIZE before it (RFC 1952
 * §2.3.1, the member's unpacked size modulo 2^32) is less than a try cut
 * short at an earlier place unpacked (a prefix of the member's bytes
 * unpacks to a prefix of its text). The members together unpack to
 * `maxUnpacked` at most, else it throws: each alone under it, a few
 * hundred small members packing 1,000 to 1 would otherwise be unpacked
 * whole (gigabytes, a minute). The tries that were no end unpack as much
 * again at most: a crafted member of 250 MB with false ends near its end
 * was unpacked whole once per false end (34 s).
 * Zeros after the last member, {@link MAX_GZIP_PADDING} at most, are
 * padding, left unread.
 */
async function gzipSeries(
  b: Uint8Array,
  maxUnpacked = MAX_UNPACKED_BYTES,
  maxMembers = MAX_GZIP_MEMBERS,
  onMember: (chunks: Uint8Array[], end: number) => void = () => {},
): Promise<GzipSeries> {
  let members = 0;
  const broke = (at: number, many = false) => ({ members, broke: at, many });
  let falseEnds = 0;
  let unpacked = 0;
  /** Bytes unpacked by tries that were no member's end. */
  let wasted = 0;
  const padding = zeroPaddingStart(b, MAX_GZIP_PADDING);
  const isize = (at: number) =>
    new DataView(b.buffer, b.byteOffset + at - 4, 4).getUint32(0, true);
  /** The least the member being read unpacks to (a try cut short said so). */
  let least = 0;
  /**
   * Whether the bytes `start` to `end` are one member (given to
   * `onMember`); a place passed untried, or a false end, is not. In the
   * zeros ending the file a place whose ISIZE says more than the limit
   * leaves is passed too (at their start, a 9 MB member's reads 2 GB).
   */
  const member = async (start: number, end: number, inZeros = false) => {
    const size = isize(end);
    if (size < least) return false;
    if (inZeros && size > maxUnpacked - unpacked) return false;
    const r = await unpackPart(
      b.subarray(start, end),
      Math.min(maxUnpacked - unpacked, maxUnpacked - wasted),
      maxUnpacked,
    );
    if (!r.whole) {
      wasted += r.size;
      least = Math.max(least, r.size);
      falseEnds++;
      return false;
    }
    unpacked += r.size;
    least = 0;
    onMember(r.chunks, end);
    return true;
  };
  for (let start = 0; start < b.length;) {
    if (members >= maxMembers) return broke(start, true);
    let found = false;
    for (let end = start + MIN_GZIP_MEMBER; end <= b.length; end++) {
      end = nextGzipHeader(b, end);
      if (end >= b.length && padding < b.length) {
        // The last member is followed by zeros: it ends inside them when
        // its own last bytes are zero (an ISIZE under 16 MiB), so each
        // place from their start is tried.
        for (
          end = Math.max(padding, start + MIN_GZIP_MEMBER);
          end <= b.length && falseEnds <= MAX_GZIP_FALSE_ENDS;
          end++
        ) {
          if (await member(start, end, true)) {
            members++;
            return broke(-1);
          }
        }
        return broke(start);
      }
      if (await member(start, end)) {
        found = true;
        start = end;
        break;
      }
      if (falseEnds > MAX_GZIP_FALSE_ENDS) return broke(start);
    }
    if (!found) return broke(start);
    members++;
  }
  return broke(-1);
}

/**
 * Where each member of gzip file `file` ends (RFC 1952 §2.2: a gzip file
 * is a series of members), or null when it is no such series; read as
 * {@link gzipSeries} reads it.
 */
export async function gzipMembers(
  file: Blob,
  maxUnpacked = MAX_UNPACKED_BYTES,
  maxMembers = MAX_GZIP_MEMBERS,
): Promise<number[] | null> {
  const ends: number[] = [];
  const b = new Uint8Array(await file.arrayBuffer());
  const series = await gzipSeries(
    b,
    maxUnpacked,
    maxMembers,
    (_, end) => ends.push(end),
  );
  return series.broke < 0 ? ends : null;
}

/** `file` read as text, by its byte order mark (see {@link readFileText}). */
async function readPlain(
  file: Blob,
  onProgress?: ReadProgress,
): Promise<ReadText> {
  const r = await decode(file, null, onProgress);
  const invalid = await invalidOf(
    r,
    async () => new Uint8Array(await file.arrayBuffer()),
  );
  return { ...r, invalid, packed: null };
}

/**
 * What reading the file changed (unpacked it, met invalid bytes), or null:
 * a packed file with invalid bytes is said to be both.
 */
export function encodingWarning(r: ReadText): string | null {
  const said: string[] = [];
  if (r.packed) {
    said.push(
      `The file was ${
        r.packed === "gzip" ? "gzip" : "zlib"
      }-compressed: it was unpacked and read.`,
    );
  }
  if (r.invalid) {
    const { line, column } = r.invalid;
    said.push(
      `The file is not valid UTF-8 (first bad byte at line ${line}, ` +
        `column ${column}): such bytes are shown as U+FFFD (�).`,
    );
  }
  return said.length ? said.join(" ") : null;
}
