/**
 * A HAR saved as a ZIP archive, as Playwright's `recordHar` writes one for
 * a path ending in `.zip`: the log in `har.har`, each body in a file of its
 * own that the entry names (`response.content._file`, `postData._file`)
 * instead of holding it. The bodies are put back where HAR 1.2 §4.2.8 has
 * them (`text`, with `encoding: "base64"` for bytes that are not text), so
 * the archive is read as the HAR it stands for.
 */
import { bytesBase64 } from "../shared/base64.ts";
import { firstInvalidUtf8 } from "../shared/read_text.ts";
import {
  zipEntries,
  type ZipEntry,
  zipEntryBytes,
  ZipError,
} from "../shared/zip.ts";
import { isTextual } from "./body.ts";
import { obj } from "./normalize.ts";

/** A file's bytes as a body's text, and how many bytes they were. */
interface Body {
  text: string;
  base64: boolean;
  bytes: number;
}

/** The log read out of an archive, and a sentence saying how. */
export interface ZipHar {
  text: string;
  note: string;
}

/**
 * The HAR in ZIP archive `file` (its `har.har`, else its one `.har` file),
 * its entries' bodies put back from their files while `maxBytes` (the log
 * and bodies together) allows. A log that is no JSON is returned as it is,
 * for the parser to say where it breaks. Throws a ZipError when the
 * archive holds no HAR or cannot be read.
 */
export async function readHarZip(
  file: Blob,
  maxBytes: number,
): Promise<ZipHar> {
  const entries = await zipEntries(file);
  const hars = entries.filter((e) => /\.har$/i.test(e.name));
  const log = hars.find((e) => e.name === "har.har") ??
    (hars.length === 1 ? hars[0] : undefined);
  if (!log) {
    throw new ZipError(
      hars.length
        ? `it holds ${hars.length} .har files and no har.har`
        : "it holds no .har file",
    );
  }
  const text = new TextDecoder().decode(
    await zipEntryBytes(file, log, maxBytes),
  );
  const where = `Read ${log.name} from a ZIP archive`;
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    return { text, note: `${where}.` };
  }
  const byName = new Map(entries.map((e) => [e.name, e]));
  let left = maxBytes - text.length;
  let put = 0, missing = 0, over = 0, unread = 0;
  /**
   * Each file's body as put back, by the form it was put back in and its
   * name (null: unreadable): Playwright names one file for every body alike
   * (its name is the body's hash), and a crafted log may name one file a
   * hundred thousand times, each a whole unpacking again without this.
   */
  const done = new Map<string, Body | null>();
  /** `holder._file`'s bytes as `holder.text` (base64 when not text). */
  const putBack = async (holder: Record<string, unknown>, mime: string) => {
    const name = holder._file;
    if (typeof name !== "string" || holder.text !== undefined) return;
    const e = byName.get(name);
    if (!e) return void missing++;
    if (e.size > left) return void over++;
    const textual = isTextual(mime.toLowerCase());
    const key = `${textual ? "t" : "b"}${name}`;
    let body = done.get(key);
    if (body === undefined) {
      body = await bodyOf(e, left, textual);
      done.set(key, body);
    }
    if (body === null) return void unread++;
    // A stored file's directory may understate it; its bytes count.
    if (body.bytes > left) return void over++;
    left -= body.bytes;
    put++;
    holder.text = body.text;
    if (body.base64) holder.encoding = "base64";
  };
  /** Entry `e`'s bytes as a body, or null when they cannot be read. */
  const bodyOf = async (
    e: ZipEntry,
    max: number,
    textual: boolean,
  ): Promise<Body | null> => {
    let bytes: Uint8Array;
    try {
      bytes = await zipEntryBytes(file, e, max);
    } catch (err) {
      // One body that cannot be read (its directory understates it, a
      // method this reader lacks) leaves the rest of the log readable.
      if (err instanceof ZipError) return null;
      throw err;
    }
    return textual && firstInvalidUtf8(bytes) < 0
      ? {
        text: new TextDecoder().decode(bytes),
        base64: false,
        bytes: bytes.byteLength,
      }
      : { text: bytesBase64(bytes), base64: true, bytes: bytes.byteLength };
  };
  const list = obj(obj(doc).log).entries;
  for (const entry of Array.isArray(list) ? list : []) {
    const content = obj(obj(obj(entry).response).content);
    await putBack(content, String(content.mimeType ?? ""));
    const post = obj(obj(obj(entry).request).postData);
    await putBack(post, String(post.mimeType ?? ""));
  }
  if (!put && !missing && !over && !unread) {
    return { text, note: `${where}.` };
  }
  const said = [`${put} bod${put === 1 ? "y" : "ies"} put back from its files`];
  if (missing) said.push(`${missing} named a file it does not hold`);
  if (over) said.push(`${over} left out past the size limit`);
  if (unread) said.push(`${unread} could not be read from it`);
  return {
    text: JSON.stringify(doc),
    note: `${where} (Playwright's recordHar): ${said.join("; ")}.`,
  };
}
