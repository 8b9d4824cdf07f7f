/**
 * Generates a realistic, deterministic HAR of a given size for benchmarks:
 * Chrome-like entries with headers, cookies, query strings, timings and
 * response bodies, out of array order now and then, over several pages.
 */

/** Options of {@link generateHar}. */
export interface GenOptions {
  entries: number;
  /** Approximate size of the JSON text in bytes. */
  bytes: number;
  seed?: number;
}

function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    // xorshift32: fast, deterministic, good enough for test data.
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 4294967296;
  };
}

const KINDS = [
  { mime: "text/html; charset=utf-8", ext: "", type: "document" },
  { mime: "application/javascript", ext: ".js", type: "script" },
  { mime: "text/css", ext: ".css", type: "stylesheet" },
  { mime: "image/png", ext: ".png", type: "image" },
  { mime: "image/webp", ext: ".webp", type: "image" },
  { mime: "font/woff2", ext: ".woff2", type: "font" },
  { mime: "application/json", ext: "", type: "fetch" },
  { mime: "application/json", ext: "", type: "xhr" },
];
const STATUSES = [
  200,
  200,
  200,
  200,
  200,
  200,
  204,
  301,
  304,
  304,
  404,
  500,
  0,
];

/** Returns the HAR as JSON text (about `bytes` long). */
export function generateHar({ entries, bytes, seed = 42 }: GenOptions): string {
  const r = rng(seed);
  const pick = <T>(a: T[]) => a[Math.floor(r() * a.length)];
  const base = Date.UTC(2025, 2, 1, 9, 0, 0);
  const pages = 5;
  const perEntry = bytes / entries;
  const filler = "lorem ipsum dolor sit amet consectetur ".repeat(200);
  const parts: string[] = [];
  for (let i = 0; i < entries; i++) {
    const kind = pick(KINDS);
    const host = `cdn${Math.floor(r() * 30)}.example${i % 7}.com`;
    const status = pick(STATUSES);
    // Mostly increasing, with local shuffles (as in WebPageTest exports).
    const start = base + i * 3 + Math.floor(r() * 40) + r();
    const blocked = r() * 20, dns = r() < 0.1 ? r() * 30 : -1;
    const connect = dns > 0 ? r() * 60 : -1,
      ssl = connect > 0 ? connect * 0.6 : -1;
    const send = r(), wait = r() * 300, receive = r() * 80;
    const time = [blocked, dns, connect, send, wait, receive].reduce(
      (a, v) => a + (v > 0 ? v : 0),
      0,
    );
    const path = `/assets/${i.toString(36)}/${
      Math.floor(r() * 1e9).toString(16)
    }${kind.ext}`;
    const entry = {
      pageref: `page_${i % pages}`,
      startedDateTime: new Date(start).toISOString(),
      time,
      _resourceType: kind.type,
      request: {
        method: kind.type === "fetch" && r() < 0.3 ? "POST" : "GET",
        url: `https://${host}${path}?v=${i}&session_token=${
          Math.floor(r() * 1e12)
        }`,
        httpVersion: "h2",
        headers: [
          { name: ":authority", value: host },
          { name: ":method", value: "GET" },
          { name: ":path", value: path },
          { name: "accept", value: "*/*" },
          { name: "accept-encoding", value: "gzip, deflate, br" },
          { name: "accept-language", value: "en-US,en;q=0.9" },
          {
            name: "cookie",
            value: `sid=${Math.floor(r() * 1e12)}; theme=dark`,
          },
          {
            name: "referer",
            value: `https://www.example.com/page/${i % pages}`,
          },
          {
            name: "user-agent",
            value: "Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0 Safari/537.36",
          },
        ],
        queryString: [
          { name: "v", value: String(i) },
          { name: "session_token", value: String(Math.floor(r() * 1e12)) },
        ],
        cookies: [{ name: "sid", value: String(Math.floor(r() * 1e12)) }, {
          name: "theme",
          value: "dark",
        }],
        headersSize: -1,
        bodySize: 0,
      },
      response: {
        status,
        statusText: status === 200 ? "OK" : "",
        httpVersion: "h2",
        headers: [
          { name: "content-type", value: kind.mime },
          { name: "cache-control", value: "public, max-age=31536000" },
          { name: "date", value: new Date(start).toUTCString() },
          { name: "server", value: "nginx" },
          { name: "etag", value: `"${Math.floor(r() * 1e12).toString(16)}"` },
          { name: "x-request-id", value: crypto.randomUUID() },
        ],
        cookies: [],
        content: {
          size: Math.floor(r() * 50000),
          mimeType: kind.mime,
          text: "",
        },
        redirectURL: "",
        headersSize: 250,
        bodySize: Math.floor(r() * 20000),
        _transferSize: Math.floor(r() * 20000) + 250,
      },
      cache: {},
      timings: {
        blocked,
        dns,
        connect,
        ssl,
        send,
        wait,
        receive,
        _blocked_queueing: blocked / 2,
      },
      serverIPAddress: `10.0.${i % 256}.${(i >> 8) % 256}`,
      connection: String(1000 + (i % 300)),
    };
    const text = JSON.stringify(entry);
    const pad = Math.max(0, Math.round(perEntry - text.length - 2));
    entry.response.content.text = filler.slice(0, pad % filler.length) +
      filler.repeat(Math.floor(pad / filler.length));
    parts.push(JSON.stringify(entry));
  }
  const pageList = Array.from({ length: pages }, (_, k) => ({
    startedDateTime: new Date(base + k).toISOString(),
    id: `page_${k}`,
    title: `https://www.example.com/page/${k}`,
    pageTimings: { onContentLoad: 1200 + k * 10, onLoad: 2500 + k * 10 },
  }));
  return `{"log":{"version":"1.2","creator":{"name":"wirebench-bench","version":"1"},"pages":${
    JSON.stringify(pageList)
  },"entries":[${parts.join(",")}]}}`;
}
