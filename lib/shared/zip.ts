/**
 * Reading files out of a ZIP archive (PKWARE APPNOTE 6.3.10): the central
 * directory's list, then one entry's bytes, stored or deflated, read with
 * Web-standard APIs (Blob slices, DecompressionStream) so a large archive
 * is never read whole. ZIP64 archives (APPNOTE 4.3.14-4.3.15, 4.5.3) are
 * read, as archivers write them past 65,535 files or 4 GiB; encryption
 * and methods other than stored and deflated are refused with a reason.
 */
import { concatBytes } from "./bytes.ts";
import { formatBytes } from "./format.ts";

/** One file of an archive, from its central directory record. */
export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated; others are refused when read. */
  method: number;
  compressedSize: number;
  size: number;
  /** Offset of its local file header. */
  offset: number;
  encrypted: boolean;
}

/** A ZIP archive that cannot be read, and why. */
export class ZipError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ZipError";
  }
}

/** True when `head` starts as a ZIP archive does (a local file header). */
export function isZip(head: Uint8Array): boolean {
  return head[0] === 0x50 && head[1] === 0x4b && head[2] === 0x03 &&
    head[3] === 0x04;
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
/** End of central directory record, bytes before its comment. */
const EOCD_SIZE = 22;
/** A central directory record's fixed part, before its name (APPNOTE 4.3.12). */
const CENTRAL_SIZE = 46;
/** A central directory record at its longest: name, extra and comment each 65,535 bytes. */
const CENTRAL_MAX = CENTRAL_SIZE + 3 * 0xffff;
/** The digital signature that may end a directory (APPNOTE 4.3.13), at its longest. */
const SIGNATURE_MAX = 6 + 0xffff;
/** ZIP64 end of central directory record (APPNOTE 4.3.14). */
const ZIP64_EOCD = 0x06064b50;
/** ZIP64 end of central directory locator, just before the end record (4.3.15). */
const ZIP64_LOCATOR = 0x07064b50;
/** Its size. */
const LOCATOR_SIZE = 20;
/** The ZIP64 record's bytes up to the directory's offset, included. */
const ZIP64_EOCD_SIZE = 56;
/** Header ID of the ZIP64 extended information extra field (4.5.3). */
const ZIP64_EXTRA = 0x0001;
/** What a 16- or 32-bit field holds when the real value is in a ZIP64 one. */
const IN_ZIP64_16 = 0xffff;
const IN_ZIP64_32 = 0xffffffff;

async function bytesAt(file: Blob, from: number, to: number) {
  return new Uint8Array(await file.slice(from, to).arrayBuffer());
}

/**
 * The 64-bit little-endian number at `at`, or -1 past 2^53 - 1: no file a
 * Blob holds is that large, so such a size or offset is damage.
 */
function u64(d: DataView, at: number): number {
  const n = d.getBigUint64(at, true);
  return n <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(n) : -1;
}

/**
 * The directory's place and file count from the ZIP64 end record, found
 * through the locator just before the end record at `end` (a file offset).
 */
async function zip64End(
  file: Blob,
  end: number,
): Promise<{ count: number; size: number; offset: number }> {
  const damaged = new ZipError("its ZIP64 end record is damaged");
  if (end < LOCATOR_SIZE) throw damaged;
  const loc = await bytesAt(file, end - LOCATOR_SIZE, end);
  const l = new DataView(loc.buffer);
  if (l.getUint32(0, true) !== ZIP64_LOCATOR) throw damaged;
  const at = u64(l, 8);
  if (at < 0 || at + ZIP64_EOCD_SIZE > end - LOCATOR_SIZE) throw damaged;
  const rec = await bytesAt(file, at, at + ZIP64_EOCD_SIZE);
  const r = new DataView(rec.buffer);
  if (r.getUint32(0, true) !== ZIP64_EOCD) throw damaged;
  const count = u64(r, 32), size = u64(r, 40), offset = u64(r, 48);
  if (count < 0 || size < 0 || offset < 0) throw damaged;
  return { count, size, offset };
}

/**
 * Reads the ZIP64 extra field of a central directory record (`extra` is
 * its extra fields) into the values written as all ones: it holds the
 * size, the compressed size and the offset in that order, only those
 * (APPNOTE 4.5.3). False when one it should hold is missing or too large.
 */
function readZip64Extra(
  extra: DataView,
  e: Pick<ZipEntry, "size" | "compressedSize" | "offset">,
): boolean {
  const wanted = (["size", "compressedSize", "offset"] as const).filter((k) =>
    e[k] === IN_ZIP64_32
  );
  if (!wanted.length) return true;
  for (let at = 0; at + 4 <= extra.byteLength;) {
    const id = extra.getUint16(at, true), len = extra.getUint16(at + 2, true);
    if (at + 4 + len > extra.byteLength) return false;
    if (id === ZIP64_EXTRA) {
      if (wanted.length * 8 > len) return false;
      for (let k = 0; k < wanted.length; k++) {
        const v = u64(extra, at + 4 + k * 8);
        if (v < 0) return false;
        e[wanted[k]] = v;
      }
      return true;
    }
    at += 4 + len;
  }
  return false;
}

/**
 * The archive's entries, at most `maxEntries`. The end record is looked for
 * backwards over its longest comment (65,535 bytes).
 */
export async function zipEntries(
  file: Blob,
  maxEntries = 100_000,
): Promise<ZipEntry[]> {
  const tailStart = Math.max(0, file.size - EOCD_SIZE - 0xffff);
  const tail = await bytesAt(file, tailStart, file.size);
  const t = new DataView(tail.buffer);
  let end = -1;
  for (let i = tail.length - EOCD_SIZE; i >= 0; i--) {
    if (t.getUint32(i, true) === EOCD) {
      end = i;
      break;
    }
  }
  if (end < 0) throw new ZipError("its end record is missing (a cut file?)");
  let count: number = t.getUint16(end + 10, true);
  let size = t.getUint32(end + 12, true);
  let offset = t.getUint32(end + 16, true);
  // All ones: the value is in the ZIP64 end record (APPNOTE 4.4.1.4).
  if (count === IN_ZIP64_16 || size === IN_ZIP64_32 || offset === IN_ZIP64_32) {
    ({ count, size, offset } = await zip64End(file, tailStart + end));
  }
  if (count > maxEntries) {
    throw new ZipError(`it holds ${count} files, more than ${maxEntries}`);
  }
  // Checked before the directory is read: its size is the end record's
  // claim, and one record a file takes a bounded span (APPNOTE 4.3.12), so
  // a claim out of proportion to the count (one file in a directory of
  // hundreds of megabytes) is damage, refused before allocating it.
  if (
    size < count * CENTRAL_SIZE ||
    size > count * CENTRAL_MAX + SIGNATURE_MAX
  ) {
    throw new ZipError(
      `its directory is damaged (${formatBytes(size)} for ${count} file${
        count === 1 ? "" : "s"
      })`,
    );
  }
  if (offset + size > file.size) throw new ZipError("its directory is cut");
  const dir = await bytesAt(file, offset, offset + size);
  const d = new DataView(dir.buffer);
  const names = new TextDecoder();
  const out: ZipEntry[] = [];
  let at = 0;
  for (let i = 0; i < count; i++) {
    if (at + CENTRAL_SIZE > dir.length || d.getUint32(at, true) !== CENTRAL) {
      throw new ZipError("its directory is damaged");
    }
    const nameLength = d.getUint16(at + 28, true);
    const extraLength = d.getUint16(at + 30, true);
    const skip = nameLength + extraLength + d.getUint16(at + 32, true);
    if (at + 46 + skip > dir.length) {
      throw new ZipError("its directory is damaged");
    }
    const e: ZipEntry = {
      name: names.decode(dir.subarray(at + 46, at + 46 + nameLength)),
      method: d.getUint16(at + 10, true),
      compressedSize: d.getUint32(at + 20, true),
      size: d.getUint32(at + 24, true),
      offset: d.getUint32(at + 42, true),
      encrypted: (d.getUint16(at + 8, true) & 1) === 1,
    };
    const extra = new DataView(
      dir.buffer,
      dir.byteOffset + at + 46 + nameLength,
      extraLength,
    );
    if (!readZip64Extra(extra, e)) {
      throw new ZipError(`${e.name}'s ZIP64 sizes are damaged`);
    }
    out.push(e);
    at += 46 + skip;
  }
  refuseOverlaps(out, offset);
  return out;
}

/**
 * Throws when two entries' bytes overlap, or run into the directory at
 * `dir`: each holds at least its local header (30 bytes, APPNOTE 4.3.7)
 * and its packed bytes, one after another. No archiver writes overlapping
 * entries; a ZIP bomb does, so that a few kilobytes unpack many times over
 * (one packed stream named by thousands of entries), and each entry read
 * would unpack the whole stream again.
 */
function refuseOverlaps(entries: ZipEntry[], dir: number): void {
  const spans = entries.map((e) => [e.offset, e.offset + 30 + e.compressedSize])
    .sort((a, b) => a[0] - b[0]);
  let end = 0;
  for (const [from, to] of spans) {
    if (from < end) {
      throw new ZipError("its files overlap, as a ZIP bomb's do");
    }
    end = to;
  }
  if (end > dir) throw new ZipError("its files overlap its directory");
}

/**
 * The bytes of entry `e`, unpacked; a ZipError past `max` bytes (the
 * directory's size is a claim: the unpacked bytes are counted too).
 */
export async function zipEntryBytes(
  file: Blob,
  e: ZipEntry,
  max: number,
): Promise<Uint8Array> {
  if (e.encrypted) {
    throw new ZipError(
      `${e.name} is encrypted (the archive has a password), which is not read here: save it without one`,
    );
  }
  if (e.method !== 0 && e.method !== 8) {
    throw new ZipError(`${e.name} is packed with method ${e.method}`);
  }
  const past = () => new ZipError(`${e.name} unpacks past ${formatBytes(max)}`);
  // A stored entry's bytes are its compressed size, whatever `size` says.
  if (e.size > max || (e.method === 0 && e.compressedSize > max)) throw past();
  const head = await bytesAt(file, e.offset, e.offset + 30);
  const h = new DataView(head.buffer);
  if (head.length < 30 || h.getUint32(0, true) !== LOCAL) {
    throw new ZipError(`${e.name}'s header is damaged`);
  }
  const from = e.offset + 30 + h.getUint16(26, true) + h.getUint16(28, true);
  const packed = file.slice(from, from + e.compressedSize);
  if (e.method === 0) return new Uint8Array(await packed.arrayBuffer());
  const parts: Uint8Array[] = [];
  let total = 0;
  const reader = packed.stream().pipeThrough(
    new DecompressionStream("deflate-raw"),
  ).getReader();
  for (;;) {
    let r: ReadableStreamReadResult<Uint8Array>;
    try {
      r = await reader.read();
    } catch {
      // DecompressionStream's own TypeError ("corrupt deflate stream", a
      // stream cut short or followed by more): the archive is damaged, said
      // as such, not as the platform's words a caller cannot tell apart.
      throw new ZipError(`${e.name}'s packed bytes are damaged`);
    }
    if (r.done) break;
    total += r.value.byteLength;
    // Past what the directory says, the entry is corrupt (or a bomb that
    // understates itself): it stops there, not at the caller's bound.
    if (total > max || total > e.size) {
      await reader.cancel();
      throw e.size < max
        ? new ZipError(
          `${e.name} unpacks past the ${
            formatBytes(e.size)
          } its directory says`,
        )
        : past();
    }
    parts.push(r.value);
  }
  return concatBytes(parts);
}
