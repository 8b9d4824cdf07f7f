/**
 * ZIP archives written byte by byte for the reader's tests (APPNOTE
 * 6.3.10 4.3.7, 4.3.12, 4.3.16): what no archiver writes, such as entries
 * sharing their bytes. CRCs are left 0, which the reader does not check.
 */

/** One central directory record: its name and the local entry it points to. */
export interface ZipRecord {
  name: string;
  /** Index of the local entry (in `locals`) whose bytes it names. */
  local: number;
  /** The unpacked size it claims; the local entry's when left out. */
  size?: number;
}

/** One local entry: a header and its packed bytes. */
export interface ZipLocal {
  name: string;
  packed: Uint8Array;
  /** 0 stored, 8 deflated. */
  method: number;
  size: number;
}

/** An archive of `locals`, listed by `records` (each local once by default). */
export function buildZip(
  locals: ZipLocal[],
  records: ZipRecord[] = locals.map((l, i) => ({ name: l.name, local: i })),
): Uint8Array {
  const enc = new TextEncoder();
  const parts: Uint8Array[] = [];
  const offsets: number[] = [];
  let at = 0;
  for (const l of locals) {
    const name = enc.encode(l.name);
    const h = new DataView(new ArrayBuffer(30));
    h.setUint32(0, 0x04034b50, true);
    h.setUint16(4, 20, true);
    h.setUint16(8, l.method, true);
    h.setUint32(18, l.packed.length, true);
    h.setUint32(22, l.size, true);
    h.setUint16(26, name.length, true);
    offsets.push(at);
    parts.push(new Uint8Array(h.buffer), name, l.packed);
    at += 30 + name.length + l.packed.length;
  }
  const dirAt = at;
  for (const r of records) {
    const l = locals[r.local];
    const name = enc.encode(r.name);
    const c = new DataView(new ArrayBuffer(46));
    c.setUint32(0, 0x02014b50, true);
    c.setUint16(4, 20, true);
    c.setUint16(6, 20, true);
    c.setUint16(10, l.method, true);
    c.setUint32(20, l.packed.length, true);
    c.setUint32(24, r.size ?? l.size, true);
    c.setUint16(28, name.length, true);
    c.setUint32(42, offsets[r.local], true);
    parts.push(new Uint8Array(c.buffer), name);
    at += 46 + name.length;
  }
  const end = new DataView(new ArrayBuffer(22));
  end.setUint32(0, 0x06054b50, true);
  end.setUint16(8, records.length, true);
  end.setUint16(10, records.length, true);
  end.setUint32(12, at - dirAt, true);
  end.setUint32(16, dirAt, true);
  parts.push(new Uint8Array(end.buffer));
  const out = new Uint8Array(at + 22);
  let p = 0;
  for (const part of parts) {
    out.set(part, p);
    p += part.length;
  }
  return out;
}

/** `text` as a stored local entry. */
export function storedText(name: string, text: string): ZipLocal {
  const packed = new TextEncoder().encode(text);
  return { name, packed, method: 0, size: packed.length };
}
