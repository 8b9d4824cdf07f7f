/**
 * Reading files out of a ZIP archive (PKWARE APPNOTE 6.3.10): the central
 * directory's list, then one entry's bytes, stored or deflated, read with
 * Web-standard APIs (Blob slices, DecompressionStream) so a large archive
 * is never read whole. ZIP64 and encryption are refused with a reason.
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

async function bytesAt(file: Blob, from: number, to: number) {
  return new Uint8Array(await file.slice(from, to).arrayBuffer());
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
  const count = t.getUint16(end + 10, true);
  const size = t.getUint32(end + 12, true);
  const offset = t.getUint32(end + 16, true);
  if (count === 0xffff || size === 0xffffffff || offset === 0xffffffff) {
    throw new ZipError("it is a ZIP64 archive, which is not read here");
  }
  if (count > maxEntries) {
    throw new ZipError(`it holds ${count} files, more than ${maxEntries}`);
  }
  if (offset + size > file.size) throw new ZipError("its directory is cut");
  const dir = await bytesAt(file, offset, offset + size);
  const d = new DataView(dir.buffer);
  const names = new TextDecoder();
  const out: ZipEntry[] = [];
  let at = 0;
  for (let i = 0; i < count; i++) {
    if (at + 46 > dir.length || d.getUint32(at, true) !== CENTRAL) {
      throw new ZipError("its directory is damaged");
    }
    const nameLength = d.getUint16(at + 28, true);
    const skip = nameLength + d.getUint16(at + 30, true) +
      d.getUint16(at + 32, true);
    out.push({
      name: names.decode(dir.subarray(at + 46, at + 46 + nameLength)),
      method: d.getUint16(at + 10, true),
      compressedSize: d.getUint32(at + 20, true),
      size: d.getUint32(at + 24, true),
      offset: d.getUint32(at + 42, true),
      encrypted: (d.getUint16(at + 8, true) & 1) === 1,
    });
    at += 46 + skip;
  }
  return out;
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
  if (e.encrypted) throw new ZipError(`${e.name} is encrypted`);
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
    const r = await reader.read();
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
