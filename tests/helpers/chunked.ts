/**
 * Reads a chunked body as it came off the wire (RFC 9112 §7.1), for tests
 * that check how a response was framed: the size of every chunk, and
 * whether the last chunk (`0\r\n\r\n`) arrived.
 */

/** A chunked body taken apart. */
export interface Chunked {
  /** Each chunk's data, in order, without the last (empty) chunk. */
  chunks: Uint8Array[];
  /** Whether the last chunk and the blank line after it arrived. */
  complete: boolean;
  /** The data of every chunk joined. */
  data: Uint8Array;
}

/**
 * Parses `body` (the bytes after the header block). Throws on a framing
 * error; a body cut short after a whole chunk is `complete: false`.
 */
export function parseChunked(body: Uint8Array): Chunked {
  const latin1 = new TextDecoder("latin1");
  const chunks: Uint8Array[] = [];
  let at = 0;
  let complete = false;
  while (at < body.length) {
    const lineEnd = indexOfCrlf(body, at);
    if (lineEnd < 0) throw new Error(`chunk size line cut at ${at}`);
    const line = latin1.decode(body.subarray(at, lineEnd));
    const m = /^([0-9a-fA-F]+)(;.*)?$/.exec(line);
    if (!m) throw new Error(`bad chunk size line ${JSON.stringify(line)}`);
    const size = parseInt(m[1], 16);
    at = lineEnd + 2;
    if (size === 0) {
      // No trailers are expected: the blank line ends the message.
      if (latin1.decode(body.subarray(at, at + 2)) !== "\r\n") {
        throw new Error("last chunk without its blank line");
      }
      complete = true;
      at += 2;
      break;
    }
    if (at + size + 2 > body.length) {
      throw new Error(`chunk of ${size} cut at ${body.length - at}`);
    }
    chunks.push(body.subarray(at, at + size));
    if (latin1.decode(body.subarray(at + size, at + size + 2)) !== "\r\n") {
      throw new Error(`chunk of ${size} not followed by CRLF`);
    }
    at += size + 2;
  }
  if (at !== body.length) {
    throw new Error(`${body.length - at} bytes after the body`);
  }
  const data = new Uint8Array(chunks.reduce((a, c) => a + c.length, 0));
  let o = 0;
  for (const c of chunks) data.set(c, o), o += c.length;
  return { chunks, complete, data };
}

function indexOfCrlf(b: Uint8Array, from: number): number {
  for (let i = from; i + 1 < b.length; i++) {
    if (b[i] === 13 && b[i + 1] === 10) return i;
  }
  return -1;
}
