/**
 * The ceiling of bench/http_httpbin_bench.ts and bench/http_bodies_bench.ts:
 * a bare `Deno.serve` handler, served with `deno serve` like the app, that
 * does the same work as each debug endpoint under test and nothing else (no
 * router, parameter checks, limits, timers, slots or drain):
 * - `/get`, `/anything`, `/post`, `/put`, `/patch`: read the body
 *   (`req.bytes()`), decode it as strict UTF-8, `JSON.parse` it, build
 *   httpbin's JSON (Title-Case headers, origin, url) and send it with the
 *   same seven response headers;
 * - `/echo`: the same for /echo's shape (lower-case headers);
 * - `/status/200`: the same 32 bytes and five headers;
 * - `/gzip`, `/deflate`, `/brotli`: the same JSON, compressed with the same
 *   coders (lib/debug/core/deflate.ts and brotli.ts);
 * - `/bytes/{n}?seed=S`, `/stream-bytes/{n}?seed=S&chunk_size=C`: the same
 *   seeded generator, the stream one write per chunk as the app's;
 * - `/range/{n}` with a one-range `Range` header: the 206;
 * - `/websocket/echo`: `Deno.upgradeWebSocket` echoing every message;
 * - `/drip?duration=D&numbytes=N`: N asterisks over D seconds, a
 *   `setTimeout` per write as a plain handler would.
 * Responses are built as the app builds them (`respond`: headers appended
 * to the response's own list), its cheapest way, so the ceiling is as high
 * as a handler can go. Paths may carry the app's `/api/debug` prefix, so
 * reflected URLs are the same length. Not a server to use: no validation.
 */
import {
  BASE_HEADERS,
  JSON_TYPE,
  REFLECT_HEADERS,
  respond,
} from "../lib/debug/core/http.ts";
import { canonicalHeader } from "../lib/debug/core/request_text.ts";
import { setImmediate } from "node:timers";
import { BrotliWriter } from "../lib/debug/core/brotli.ts";
import { DeflateWriter } from "../lib/debug/core/deflate.ts";
import { random } from "../lib/debug/core/random.ts";

const PREFIX = "/api/debug";
const JSON_HEADERS = { ...BASE_HEADERS, "content-type": JSON_TYPE };
const REFLECT = { ...JSON_HEADERS, ...REFLECT_HEADERS };
const OCTETS = { ...BASE_HEADERS, "content-type": "application/octet-stream" };
const STATUS_200 = '{"status":200,"statusText":"OK"}';
const ALPHABET = "abcdefghijklmnopqrstuvwxyz";
const STAR = new Uint8Array([0x2a]);
const enc = new TextEncoder();
const writer = new DeflateWriter();
const brotli = new BrotliWriter();

function args(query: string): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  if (!query) return out;
  for (const [k, v] of new URLSearchParams(query)) {
    const had = out[k];
    out[k] = had === undefined ? v : [...[had].flat(), v];
  }
  return out;
}

function json(text: string | null): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function compressed(
  req: Request,
  info: Deno.ServeHandlerInfo,
  flag: string,
  coding: string,
): Response {
  const headers: Record<string, string> = {};
  req.headers.forEach((v, k) => headers[canonicalHeader(k)] = v);
  const origin = (info.remoteAddr as Deno.NetAddr).hostname;
  const body = enc.encode(
    JSON.stringify({ [flag]: true, headers, method: req.method, origin }),
  );
  const out = coding === "gzip"
    ? writer.gzip(body)
    : coding === "deflate"
    ? writer.zlib(body)
    : brotli.compress(body);
  return respond(out as BodyInit, 200, {
    ...JSON_HEADERS,
    "content-encoding": coding,
    vary: "Accept-Encoding",
  });
}

async function reflect(
  req: Request,
  info: Deno.ServeHandlerInfo,
  path: string,
  query: string,
): Promise<Response> {
  const bytes = req.body ? await req.bytes() : new Uint8Array(0);
  let text: string | null;
  try {
    text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true })
      .decode(bytes);
  } catch {
    text = null;
  }
  if (path === "/echo") {
    const headers: Record<string, string> = {};
    req.headers.forEach((v, k) => headers[k] = v);
    return respond(
      JSON.stringify({
        method: req.method,
        url: req.url,
        path: PREFIX + path,
        query: args(query),
        headers,
        body: text ?? bytes.toBase64(),
        bodyEncoding: text === null ? "base64" : "utf8",
        bodySize: bytes.byteLength,
        json: json(text),
        form: null,
      }),
      200,
      REFLECT,
    );
  }
  const headers: Record<string, string> = {};
  req.headers.forEach((v, k) => headers[canonicalHeader(k)] = v);
  const origin = (info.remoteAddr as Deno.NetAddr).hostname;
  const r = { args: args(query), headers, origin, url: req.url };
  if (path === "/get") return respond(JSON.stringify(r), 200, REFLECT);
  const shape = {
    args: r.args,
    data: text ?? `data:application/octet-stream;base64,${bytes.toBase64()}`,
    files: {},
    form: {},
    headers,
    json: json(text),
    ...(path === "/anything" ? { method: req.method } : {}),
    origin,
    url: req.url,
  };
  return respond(JSON.stringify(shape), 200, REFLECT);
}

function streamBytes(n: number, seed: string, size: number): Response {
  const all = random(seed).bytes(n);
  let at = 0;
  let first = true;
  // One write per chunk, as the app's: wait a turn between two chunks so
  // the runtime sends each on its own.
  const body = new ReadableStream<Uint8Array>({
    async pull(c) {
      if (at >= n) return c.close();
      if (!first) await new Promise((r) => setImmediate(r));
      first = false;
      at += size;
      c.enqueue(all.subarray(at - size, at));
    },
  }, { highWaterMark: 0 });
  return respond(body, 200, OCTETS);
}

function drip(n: number, ms: number): Response {
  let sent = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      const step = () => {
        if (sent < n) {
          c.enqueue(STAR);
          sent++;
        }
        if (sent >= n) {
          timer = setTimeout(() => c.close(), ms / n);
          return;
        }
        timer = setTimeout(step, ms / n);
      };
      step();
    },
    cancel() {
      clearTimeout(timer);
    },
  });
  return respond(body, 200, { ...OCTETS, "content-length": String(n) });
}

function handle(
  req: Request,
  info: Deno.ServeHandlerInfo,
): Response | Promise<Response> {
  const url = req.url;
  const p0 = url.indexOf("/", url.indexOf("//") + 2);
  const qi = url.indexOf("?", p0);
  let path = qi < 0 ? url.slice(p0) : url.slice(p0, qi);
  const query = qi < 0 ? "" : url.slice(qi + 1);
  if (path.startsWith(PREFIX + "/")) path = path.slice(PREFIX.length);
  const q = () => new URLSearchParams(query);
  switch (path) {
    case "/status/200":
      return respond(STATUS_200, 200, JSON_HEADERS);
    case "/gzip":
      return compressed(req, info, "gzipped", "gzip");
    case "/deflate":
      return compressed(req, info, "deflated", "deflate");
    case "/brotli":
      return compressed(req, info, "brotli", "br");
    case "/get":
    case "/anything":
    case "/post":
    case "/put":
    case "/patch":
    case "/echo":
      return reflect(req, info, path, query);
    case "/websocket/echo": {
      const { socket, response } = Deno.upgradeWebSocket(req);
      socket.onmessage = (e) => socket.send(e.data);
      return response;
    }
    case "/drip": {
      const p = q();
      return drip(
        Number(p.get("numbytes") ?? 10),
        Number(p.get("duration") ?? 2) * 1000,
      );
    }
  }
  const [, kind, nText] = path.split("/");
  const n = Number(nText);
  if (kind === "bytes") {
    return respond(random(q().get("seed") ?? "").bytes(n) as BodyInit, 200, {
      ...OCTETS,
    });
  }
  if (kind === "stream-bytes") {
    const p = q();
    return streamBytes(
      n,
      p.get("seed") ?? "",
      Number(p.get("chunk_size") ?? 10_240),
    );
  }
  if (kind === "range") {
    // One range "bytes=first-last", the only form the bench sends.
    const m = /^bytes=(\d+)-(\d+)$/.exec(req.headers.get("range") ?? "");
    const first = Number(m?.[1] ?? 0);
    const last = Math.min(Number(m?.[2] ?? n - 1), n - 1);
    let text = "";
    for (let i = first; i <= last; i++) text += ALPHABET[i % 26];
    return respond(enc.encode(text) as BodyInit, m ? 206 : 200, {
      ...BASE_HEADERS,
      "accept-ranges": "bytes",
      etag: `"range${n}"`,
      "content-type": "application/octet-stream",
      ...(m ? { "content-range": `bytes ${first}-${last}/${n}` } : {}),
    });
  }
  return new Response("not found", { status: 404 });
}

export default { fetch: handle } satisfies Deno.ServeDefaultExport;
