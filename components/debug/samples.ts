/**
 * Example responses for the reference, recorded from the real handlers
 * (not written by hand, so they cannot drift from what the API answers).
 * Each catalog example is sent once, when the page is first rendered,
 * without its `sleep` and with every waiting parameter at 0 (an SSE
 * interval, a drip's duration), so recording costs milliseconds. A
 * WebSocket has no sample: the runner shows a live exchange instead.
 */
import {
  type EndpointSpec,
  GET_METHODS,
  SAMPLE_BODY,
} from "../../lib/debug/core/catalog.ts";

/** One recorded exchange. */
export interface Sample {
  status: number;
  /** Headers worth showing (content type, Location, encoding...). */
  headers: [string, string][];
  /** The decoded body as text ("" when none). */
  body: string;
  contentType: string | null;
  /** The request differs from the example (sleep dropped, interval 0...). */
  note: string;
}

/**
 * What the recording instance is built with besides the app's options: a
 * fixed clock, seed and key, so an SSE event's `time`, a UUID and a digest
 * nonce come out the same in every isolate (`deno serve --parallel`, Deno
 * Deploy) and every restart. The page's bytes, and so its strong ETag,
 * then change only when the page does (RFC 9110 §8.8.1). No rate limit: the
 * page's own requests are not a client's.
 */
export const RECORDING_OPTIONS = {
  seed: "wirebench-samples",
  secret: "wirebench-samples",
  now: () => new Date(Date.UTC(2026, 0, 1, 12)),
} as const;

/** Samples by `endpointId#exampleIndex`. */
export type Samples = ReadonlyMap<string, Sample>;

const SHOWN = [
  "content-type",
  "content-encoding",
  "location",
  "retry-after",
  "allow",
  "www-authenticate",
];
const FORMATS: Record<string, CompressionFormat> = {
  gzip: "gzip",
  deflate: "deflate",
  br: "brotli" as CompressionFormat,
};

/** Media types shown as text; anything else is summarised by its size. */
const TEXTUAL = /^(?:text\/|application\/(?:[a-z.+-]*\+)?(?:json|xml)\b)/;

async function text(res: Response): Promise<string> {
  const enc = res.headers.get("content-encoding");
  if (!res.body) return "";
  const format = enc ? FORMATS[enc] : undefined;
  if (enc && !format) {
    await res.body.cancel();
    return `(${enc}-compressed bytes)`;
  }
  const stream = format
    ? res.body.pipeThrough(new DecompressionStream(format))
    : res.body;
  const type = res.headers.get("content-type") ?? "";
  let bytes: Uint8Array;
  try {
    bytes = await new Response(stream).bytes();
  } catch {
    return "(the body was cut off: the connection closed before its end)";
  }
  return TEXTUAL.test(type)
    ? new TextDecoder().decode(bytes)
    : `(${bytes.byteLength} bytes of ${type || "data"})`;
}

/**
 * Records every example of `catalog` against `handler` (the app's fetch),
 * as if served at `origin`. Failures leave that example without a sample.
 */
export async function recordSamples(
  handler: (req: Request) => Response | Promise<Response>,
  catalog: readonly EndpointSpec[],
  origin = "http://localhost:8000",
): Promise<Samples> {
  const out = new Map<string, Sample>();
  for (const ep of catalog) {
    if (ep.responses.some((r) => r.status === "101")) continue;
    for (const [i, ex] of ep.examples.entries()) {
      const url = new URL(ex.url, origin);
      const notes: string[] = [];
      if (url.searchParams.has("sleep")) {
        url.searchParams.delete("sleep");
        notes.push("recorded without the sleep");
      }
      for (const p of ep.params) {
        if (!p.wait) continue;
        if (p.in === "path") {
          // The segment where the template has `{name}` (a delay's seconds).
          const at = ep.path.split("/").indexOf(`{${p.name}}`);
          const segs = url.pathname.split("/");
          if (at > 0 && at < segs.length && segs[at] !== "0") {
            segs[at] = "0";
            url.pathname = segs.join("/");
            notes.push(`recorded with ${p.name} 0`);
          }
        } else if (url.searchParams.get(p.name) !== "0") {
          url.searchParams.set(p.name, "0");
          notes.push(`recorded with ${p.name}=0`);
        }
      }
      const method = ex.method ?? "GET";
      const withBody = !GET_METHODS.includes(method);
      if (withBody) notes.push(`sent with the body ${SAMPLE_BODY}`);
      try {
        const res = await handler(
          new Request(url, {
            method,
            headers: withBody ? { "content-type": "application/json" } : {},
            body: withBody ? SAMPLE_BODY : undefined,
            redirect: "manual",
          }),
        );
        out.set(`${ep.id}#${i}`, {
          status: res.status,
          headers: SHOWN.flatMap((h) => {
            const v = res.headers.get(h);
            return v === null ? [] : [[h, v] as [string, string]];
          }),
          body: await text(res),
          contentType: res.headers.get("content-type"),
          note: notes.join("; "),
        });
      } catch (e) {
        console.error(`debug page: no sample for ${ex.url}:`, e);
      }
    }
  }
  return out;
}
