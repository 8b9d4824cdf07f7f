/**
 * Reads a request body under the instance's limits:
 * - bytes are counted as they arrive: a chunked upload has no
 *   Content-Length, and a declared length may lie (RFC 9112 §6.3);
 * - a body that stops arriving (no byte for `bodyIdleMs`) or is not complete
 *   within `maxSleepMs` gets 408 (RFC 9110 §15.5.9);
 * - a body sent with `Content-Encoding` gzip, deflate or br is decoded
 *   (RFC 9110 §8.4), and the size limit applies to the decoded bytes, so a
 *   small bomb that inflates past it gets 413 without being inflated
 *   further; any other coding gets 415 with `Accept-Encoding` naming the
 *   ones understood (RFC 9110 §15.5.16);
 * - on drain (shutdown) a read in progress ends with 503.
 */
import {
  brotliDecompressSync,
  gunzipSync,
  inflateRawSync,
  inflateSync,
} from "node:zlib";
import { ParamError } from "./params.ts";
import type { DebugContext } from "./context.ts";
import { drainingError, type Lifecycle } from "./lifecycle.ts";
import { concatBytes } from "../../shared/bytes.ts";
import {
  parseKeepingNumbers,
  unsafeInteger,
} from "../../shared/raw_numbers.ts";
import { MAX_JSON_DEPTH, MAX_REQUEST_CODINGS } from "./limits.ts";

/**
 * After the limit is crossed, keep reading (and dropping) up to this many
 * more bytes, so an ordinary client that is still writing gets to read its
 * 413 instead of a connection reset. Past it, answer at once.
 */
const DISCARD_BYTES = 16 * 1024 * 1024;

/**
 * How long discarding waits for each next part of a rejected body: a
 * client that stops sending but waits for an answer (a chunk announced as
 * 4 GB, then silence) must not hold the request.
 */
const DISCARD_IDLE_MS = 1000;

/**
 * How long discarding waits for the first part: longer than the second a
 * client expecting `100 Continue` waits before it sends anyway (curl's
 * default; RFC 9110 §10.1.1 lets it), as Deno sends no 100 over HTTP/2.
 * Timed from the same instant, a one-second wait raced the client's.
 */
const DISCARD_FIRST_MS = 2000;

/** However the parts come, discarding answers within this. */
const DISCARD_TOTAL_MS = 5000;

/** The codings this server decodes, for 415's Accept-Encoding. */
export const DECODED_CODINGS = "gzip, deflate, br";

/**
 * A run of digits long enough to be an integer past 2^53, which a double
 * cannot hold: only then is the parsed value searched for one.
 */
const LONG_DIGITS = /\d{16}/;

/**
 * A body's text parsed as JSON, or null when it is not JSON (or not text).
 * Integers past 2^53 keep their digits, as python httpbin reflects them:
 * an ID of 20 digits echoed as `12345678901234567000` is another ID. The
 * plain parse comes first; only a value holding such an integer is parsed
 * again keeping them (a reviver costs ten times the plain parse, and V8
 * runs it recursively: past some 3,000 levels, the plain value is kept).
 */
export function jsonOrNull(text: string | null): unknown {
  if (!text) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (!LONG_DIGITS.test(text) || !hasUnsafeInteger(value)) return value;
  try {
    return parseKeepingNumbers(text, unsafeInteger);
  } catch {
    return value; // too deep for the reviver: rounded, as before
  }
}

/** Whether `value` holds an integer past 2^53, walked without recursion. */
function hasUnsafeInteger(value: unknown): boolean {
  const stack = [value];
  while (stack.length) {
    const v = stack.pop();
    if (typeof v === "number") {
      if (Number.isInteger(v) && !Number.isSafeInteger(v)) return true;
    } else if (v !== null && typeof v === "object") {
      for (const k in v) stack.push((v as Record<string, unknown>)[k]);
    }
  }
  return false;
}

/**
 * Refuses, with 400 naming `body`, a body whose brackets nest deeper than
 * {@link MAX_JSON_DEPTH}, for an endpoint that reflects its body as JSON:
 * `JSON.parse` builds any depth, but reflecting half a million levels
 * costs a fifth of a second of CPU where a flat body of the same size
 * costs a few milliseconds, and no real client nests that deep. Run with
 * the other body checks, before any sleep (the bytes are the decoded
 * ones; a non-JSON body nested as deep is refused too).
 */
export function checkJsonDepth(body: Uint8Array): void {
  // Depth is at most half the length: short bodies need no scan. A body
  // that is not UTF-8 text starting with `[` or `{` is never parsed as
  // JSON (a form, a file, bytes), so its brackets are its own business.
  if (
    body.length > 2 * MAX_JSON_DEPTH && startsNested(body) &&
    jsonDepthOver(body, MAX_JSON_DEPTH) && isUtf8(body)
  ) {
    throw new ParamError(
      "body",
      `The request body nests [ and { deeper than ${MAX_JSON_DEPTH} levels, the most this server reads as JSON.`,
      400,
    );
  }
}

/** Whether the first byte after JSON white space (RFC 8259 §2) opens. */
function startsNested(body: Uint8Array): boolean {
  let i = 0;
  while (
    body[i] === 0x20 || body[i] === 0x09 || body[i] === 0x0a || body[i] === 0x0d
  ) i++;
  return body[i] === 0x5b || body[i] === 0x7b;
}

/** Whether `body` is UTF-8 (what the reflection parses as JSON). */
function isUtf8(body: Uint8Array): boolean {
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(body);
    return true;
  } catch {
    return false;
  }
}

/**
 * Whether brackets outside strings nest deeper than `max` anywhere in the
 * UTF-8 `bytes` (RFC 8259 §2: `[` and `{` open, `]` and `}` close; `"`
 * and `\\` delimit and escape strings; no byte of a multi-byte UTF-8
 * sequence is one of them, RFC 3629 §3). Bytes that are not JSON are
 * scanned the same way.
 */
export function jsonDepthOver(bytes: Uint8Array, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < bytes.length; i++) {
    const c = bytes[i];
    if (inString) {
      if (c === 0x5c) i++; // the escaped character cannot end the string
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

function tooLarge(max: number, got: string): ParamError {
  return new ParamError(
    "body",
    `The request body is larger than ${max} bytes (${got}); see the maxBodyBytes limit.`,
    413,
  );
}

async function discard(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  budget: number,
  life: Lifecycle,
): Promise<void> {
  const end = performance.now() + DISCARD_TOTAL_MS;
  let wait = DISCARD_FIRST_MS;
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    // To the body's end, its end included: Deno keeps a connection alive
    // only after the body's last read, and one whose body was left
    // unfinished answers no further request on it.
    for (;;) {
      const read = reader.read();
      const ms = Math.min(wait, end - performance.now());
      const late = new Promise<null>((r) => {
        timer = setTimeout(() => r(null), Math.max(0, ms));
      });
      const step = await Promise.race([read, late]);
      clearTimeout(timer);
      // Too slow: answer now. The rest is abandoned, not cancelled (see
      // readBody: a cancelled body holds the connection until its end).
      if (step === null) {
        life.abandon(read);
        return;
      }
      if (step.done) return;
      budget -= step.value.byteLength;
      if (budget < 0) return; // past the budget: answer now
      wait = DISCARD_IDLE_MS;
    }
  } catch {
    // The client gave up; the 413 is still the answer.
  } finally {
    clearTimeout(timer);
  }
}

/** The content codings of a request, outermost last; throws 415 on others. */
export function requestCodings(header: string | null): string[] {
  if (header === null) return [];
  const out: string[] = [];
  for (const part of header.split(",")) {
    const c = part.trim().toLowerCase();
    if (c === "" || c === "identity") continue;
    if (c === "gzip" || c === "x-gzip" || c === "deflate" || c === "br") {
      out.push(c === "x-gzip" ? "gzip" : c);
      if (out.length > MAX_REQUEST_CODINGS) {
        throw new ParamError(
          "Content-Encoding",
          `Content-Encoding lists more than ${MAX_REQUEST_CODINGS} codings.`,
          415,
          { "accept-encoding": DECODED_CODINGS },
        );
      }
      continue;
    }
    throw new ParamError(
      "Content-Encoding",
      `The request body's Content-Encoding ${
        JSON.stringify(part.trim().slice(0, 40))
      } is not supported; use ${DECODED_CODINGS} or none.`,
      415,
      { "accept-encoding": DECODED_CODINGS },
    );
  }
  return out;
}

/**
 * Brotli-decodes `bytes`, stopping once more than `max` bytes come out.
 *
 * Two passes. First node:zlib's synchronous decode, told to stop past the
 * limit: `DecompressionStream` decodes each input chunk whole before a
 * reader sees any of it, so a 211-byte body took 2.4-3 s and 580 MB to
 * reach its 413 (256 MiB of zeros; a 1.7 kB one, 1 GiB, 10 s, and four of
 * them stalled the instance). Then, once the output is known to fit,
 * `DecompressionStream` reads it again for its verdict: Deno's node:zlib
 * ends a truncated stream without an error. The first pass was node:zlib's
 * stream, until it turned out to cost 2 ms a request under load for bodies
 * sent with a 4 MiB window (brotli's default, and `CompressionStream`'s):
 * 490 requests/s at 32 connections against 4,400 now.
 */
async function unbrotli(bytes: Uint8Array, max: number): Promise<Uint8Array> {
  await brotliFits(bytes, max);
  const reader = new Blob([bytes as BlobPart]).stream()
    .pipeThrough(new DecompressionStream("brotli" as CompressionFormat))
    .getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > max) {
      await reader.cancel();
      throw tooLarge(max, "after decoding");
    }
    chunks.push(value);
  }
  return concatBytes(chunks);
}

/** Throws the 413 once `bytes` brotli-decode past `max`, decoding no more. */
function brotliFits(bytes: Uint8Array, max: number): Promise<void> {
  try {
    brotliDecompressSync(bytes, { maxOutputLength: max + 1 });
  } catch (err) {
    if ((err as { code?: string }).code === "ERR_BUFFER_TOO_LARGE") {
      return Promise.reject(tooLarge(max, "after decoding"));
    }
    return Promise.reject(err);
  }
  return Promise.resolve();
}

/**
 * Whether `bytes` start with a zlib header (RFC 1950 §2.2): method 8
 * (deflate) with a window of at most 32 KiB, and a check value making the
 * first two bytes a multiple of 31. Raw deflate data can look like one by
 * chance, so a failed zlib attempt still tries raw.
 */
function zlibHeader(bytes: Uint8Array): boolean {
  return bytes.length >= 2 && (bytes[0] & 0x0f) === 8 &&
    bytes[0] >> 4 <= 7 && (bytes[0] * 256 + bytes[1]) % 31 === 0;
}

/**
 * Decodes `bytes` through `codings` (applied in order, so decoded in
 * reverse, RFC 9110 §8.4), never producing more than `max` bytes; a layer
 * with codings still to remove may hold what they add ({@link rawLimit}).
 */
export async function decodeBody(
  bytes: Uint8Array,
  codings: readonly string[],
  max: number,
): Promise<Uint8Array> {
  let out = bytes;
  for (let i = codings.length - 1; i >= 0; i--) {
    // After this layer, `i` codings remain: it may be that much larger.
    const layerMax = rawLimit(max, i);
    const opts = { maxOutputLength: layerMax + 1 };
    try {
      const c = codings[i];
      if (c === "gzip") out = gunzipSync(out, opts);
      else if (c === "br") out = await unbrotli(out, layerMax);
      else {
        // "deflate" is the zlib format (RFC 9110 §8.4.1.2), but many
        // clients send raw deflate: accept both, as browsers do. Raw
        // data without a zlib header is inflated raw at once (a failed
        // zlib attempt costs its thrown error: 25 against 5.5 µs a body).
        if (!zlibHeader(out)) out = inflateRawSync(out, opts);
        else {
          try {
            out = inflateSync(out, opts);
          } catch (err) {
            if ((err as { code?: string }).code !== "Z_DATA_ERROR") throw err;
            out = inflateRawSync(out, opts);
          }
        }
      }
    } catch (err) {
      if (err instanceof ParamError) throw err;
      if ((err as { code?: string }).code === "ERR_BUFFER_TOO_LARGE") {
        throw tooLarge(max, "after decoding");
      }
      throw new ParamError(
        "Content-Encoding",
        `The request body is not valid ${codings[i]} data.`,
        400,
      );
    }
    if (out.byteLength > layerMax) throw tooLarge(max, "after decoding");
  }
  return out;
}

function timeout(ctx: DebugContext, idle: boolean): ParamError {
  const l = ctx.limits;
  return new ParamError(
    "body",
    idle
      ? `The request body stopped arriving: no byte for ${l.bodyIdleMs} ms (bodyIdleMs).`
      : `The request body did not arrive within ${l.maxSleepMs} ms (maxSleepMs).`,
    408,
    { connection: "close" },
  );
}

/** Microtask turns {@link settlesSoon} waits (a body Deno holds takes 1-2). */
const SOON_TURNS = 8;

/**
 * Whether `p` settles within a few microtask turns, that is without waiting
 * for the network (a read of bytes the runtime already holds). Never
 * rejects; `p` itself is still awaited by the caller.
 */
async function settlesSoon(p: Promise<unknown>): Promise<boolean> {
  let settled = false;
  p.then(() => settled = true, () => settled = true);
  for (let i = 0; i < SOON_TURNS && !settled; i++) await undefined;
  return settled;
}

/**
 * The most raw bytes a body coded `codings` times may have when its
 * decoded bytes are within `max` (the limit applies to those, RFC 9110
 * §8.4): data that does not compress grows a little when coded (deflate's
 * stored blocks add 5 bytes per 65,535, RFC 1951 §3.2.4; gzip's header
 * and trailer 18, RFC 1952 §2.3; brotli's uncompressed meta-blocks a few,
 * RFC 7932 §9.2), so a 1 MiB random file gzipped, 1,048,919 bytes, is
 * within a 1 MiB limit. A sixty-fourth and a kilobyte per coding cover
 * these with room.
 */
export function rawLimit(max: number, codings: number): number {
  let raw = max;
  for (let i = 0; i < codings; i++) raw += Math.ceil(raw / 64) + 1024;
  return raw;
}

/**
 * The body's decoded bytes (an empty array when there is none), or a
 * ParamError: 413 naming `body` once more than `maxBodyBytes` arrived or
 * would be decoded, 408 when it comes too slowly, 415 for an unknown
 * Content-Encoding, 503 when the instance drains meanwhile. With `keep`
 * false the bytes are counted and dropped.
 */
export async function readBody(
  req: Request,
  ctx: DebugContext,
  keep: boolean,
): Promise<Uint8Array> {
  const max = ctx.limits.maxBodyBytes;
  const codings = requestCodings(req.headers.get("content-encoding"));
  const declared = req.headers.get("content-length");
  if (declared !== null && /^[0-9]{1,16}$/.test(declared)) {
    const n = Number(declared);
    // A coded body may inflate: only the raw bytes are known up front.
    if (n > max && codings.length === 0) {
      // Over HTTP/1.1 Deno has already answered any Expect: 100-continue,
      // so the client is sending: read (and drop) up to the discard budget
      // before the 413. Over HTTP/2 it sends no 100, so a client expecting
      // one waits (curl 1 s) and then sends: the discard's wait is kept
      // there too, as a 413 answered while curl 7.88 still waits for its
      // 100 ends in "Empty reply from server" (RFC 9110 §10.1.1 would allow
      // the early answer; the client does not take it).
      if (n <= max + DISCARD_BYTES && req.body) {
        await discard(req.body.getReader(), n, ctx.life);
      }
      throw tooLarge(max, `Content-Length: ${n}`);
    }
  }
  const stream = req.body;
  if (!stream) return new Uint8Array(0);
  const rawMax = rawLimit(max, codings.length);
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  const l = ctx.limits;
  // The idle/total timer and the drain hook are set up only once a read
  // has to wait. A body Deno already holds in full (the usual small POST)
  // is handed over within a few microtask turns, during which no timer can
  // fire and no drain can start (both run as tasks of their own); arming a
  // platform timer and a drain hook, then clearing both, on every request
  // was about a tenth of a POST's busy time. Deadlines still count from
  // `start` and the last byte, so a body that does wait gets exactly the
  // limits it always got.
  const start = performance.now();
  let last = start;
  let failure: ParamError | null = null;
  // A stopped read is abandoned, not cancelled: Deno.serve answers a
  // cancelled body by waiting for its last byte, so a client that went
  // quiet held the connection, and `shutdown()` with it, for as long as it
  // liked; an abandoned one is closed once its answer is written (a
  // shutdown must come after it: see mod.ts's close). Over HTTP/2 only the
  // stream is left, open until the client ends it: the instance counts the
  // read (Lifecycle.abandoned) so a stop closes it (serve_stop.ts).
  let woken: Promise<never> | undefined;
  let wake = (_err: ParamError) => {};
  const stop = (err: ParamError) => {
    failure ??= err;
    wake(err);
  };
  let cancelTimer = () => {};
  // One timer for the whole read, re-armed only when it fires early: a
  // byte that arrived since moves the idle deadline (cheaper than a timer
  // per chunk).
  const arm = (ms: number) => {
    cancelTimer = ctx.timers.schedule(ms, () => {
      const now = performance.now();
      if (now - start >= l.maxSleepMs) stop(timeout(ctx, false));
      else if (now - last >= l.bodyIdleMs) stop(timeout(ctx, true));
      else {
        arm(
          Math.min(last + l.bodyIdleMs - now, start + l.maxSleepMs - now) + 1,
        );
      }
    });
  };
  // An upload in progress when the instance drains is cut with 503, so the
  // process can exit; one that starts afterwards is an ordinary request.
  const drainingAtStart = ctx.life.draining;
  let offDrain = () => {};
  let guarded = false;
  const guard = () => {
    guarded = true;
    woken = new Promise<never>((_, reject) => wake = reject);
    woken.catch(() => {});
    const now = performance.now();
    // Bytes read so far came within this same task, without waiting.
    if (total > 0) last = now;
    arm(Math.max(0, Math.min(last + l.bodyIdleMs, start + l.maxSleepMs) - now));
    if (!drainingAtStart) {
      offDrain = ctx.life.onDrain(() => stop(drainingError()));
    }
  };
  try {
    for (;;) {
      let step: ReadableStreamReadResult<Uint8Array>;
      let pending: Promise<ReadableStreamReadResult<Uint8Array>> | undefined;
      try {
        pending = reader.read();
        if (!guarded && !(await settlesSoon(pending))) guard();
        step = await (woken ? Promise.race([pending, woken]) : pending);
      } catch {
        if (failure) {
          // Left waiting: the answer goes now (see the note above).
          if (pending) ctx.life.abandon(pending);
          throw failure;
        }
        throw new ParamError("body", "The request body was cut off.", 400);
      }
      if (failure) throw failure;
      const { done, value } = step;
      if (done) break;
      if (guarded) last = performance.now();
      total += value.byteLength;
      // The raw bytes are bounded too, by what a coded body of `max`
      // decoded bytes can take (see rawLimit).
      if (total > rawMax) {
        cancelTimer();
        await discard(reader, DISCARD_BYTES, ctx.life);
        throw tooLarge(max, `at least ${total} bytes received`);
      }
      if (keep || codings.length) chunks.push(value);
    }
  } finally {
    cancelTimer();
    offDrain();
  }
  if (!keep && !codings.length) return new Uint8Array(0);
  let body = concatBytes(chunks);
  if (codings.length) body = await decodeBody(body, codings, max);
  return keep ? body : new Uint8Array(0);
}
