/**
 * Reads a request body under the byte limit, counting the bytes that
 * actually arrive: a chunked upload has no Content-Length, and a declared
 * length may lie (RFC 9112 §6.3), so only the stream is trusted.
 */
import { ParamError } from "./params.ts";

/**
 * After the limit is crossed, keep reading (and dropping) up to this many
 * more bytes, so an ordinary client that is still writing gets to read its
 * 413 instead of a connection reset. Past it, answer at once.
 */
const DRAIN_BYTES = 16 * 1024 * 1024;

function tooLarge(max: number, got: string): ParamError {
  return new ParamError(
    "body",
    `The request body is larger than ${max} bytes (${got}); see DEBUG_MAX_BODY_BYTES.`,
    413,
  );
}

/**
 * How long draining may wait for the rest of a rejected body. A client that
 * stops sending but waits for an answer (a chunk announced as 4 GB, then
 * silence) would otherwise hold the request forever.
 */
const DRAIN_MS = 1000;

async function drain(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  budget: number,
): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<null>((r) => {
    timer = setTimeout(() => r(null), DRAIN_MS);
  });
  try {
    while (budget > 0) {
      const step = await Promise.race([reader.read(), late]);
      if (step === null) break; // too slow: answer now
      if (step.done) return;
      budget -= step.value.byteLength;
    }
    await reader.cancel();
  } catch {
    // The client gave up; the 413 is still the answer.
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The body's bytes (an empty array when there is none), or a 413
 * ParamError naming `body` once more than `max` bytes have arrived.
 * With `keep` false the bytes are counted and dropped.
 */
export async function readBody(
  req: Request,
  max: number,
  keep: boolean,
): Promise<Uint8Array> {
  const declared = req.headers.get("content-length");
  if (declared !== null && /^[0-9]{1,16}$/.test(declared)) {
    const n = Number(declared);
    if (n > max) {
      // Deno has already answered any Expect: 100-continue, so the client
      // is sending: read (and drop) up to the drain budget before the 413.
      if (n <= max + DRAIN_BYTES && req.body) {
        await drain(req.body.getReader(), n);
      }
      throw tooLarge(max, `Content-Length: ${n}`);
    }
  }
  if (!req.body) return new Uint8Array(0);
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    let step: ReadableStreamReadResult<Uint8Array>;
    try {
      step = await reader.read();
    } catch {
      throw new ParamError("body", "The request body was cut off.", 400);
    }
    const { done, value } = step;
    if (done) break;
    total += value.byteLength;
    if (total > max) {
      await drain(reader, DRAIN_BYTES);
      throw tooLarge(max, `at least ${total} bytes received`);
    }
    if (keep) chunks.push(value);
  }
  if (!keep) return new Uint8Array(0);
  if (chunks.length === 1) return chunks[0];
  const out = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}
