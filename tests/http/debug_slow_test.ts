/**
 * The slow, streamed and odd-shaped endpoints over real TCP: `/drip`
 * (timing and framing), `/stream/{n}` (a chunk per line), `/links`,
 * `/image` (Accept negotiation, the bytes of each format), `/abort` (a
 * body cut without its last chunk) and `/websocket/echo` with Deno's
 * WebSocket client. Timings have generous upper bounds for a loaded
 * machine; the lower bounds are exact (a timer never fires early).
 */
import assert from "node:assert/strict";
import { message, raw, startDebug, waitFor } from "../helpers/debug_server.ts";
import { parseChunked } from "../helpers/chunked.ts";
import { hasCurl } from "../helpers/curl.ts";

const CURL = await hasCurl();

const P = "/api/debug";
const dec = new TextDecoder();

/** Reads a body to its end, noting when each read arrived (ms after `t0`). */
async function timedRead(
  res: Response,
  t0: number,
): Promise<{ bytes: string; at: number[] }> {
  const reader = res.body!.getReader();
  let bytes = "";
  const at: number[] = [];
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    bytes += dec.decode(value);
    for (let i = 0; i < value.length; i++) at.push(performance.now() - t0);
  }
  return { bytes, at };
}

Deno.test("drip: headers after delay, bytes spread over duration, Content-Length", async () => {
  const s = startDebug();
  try {
    const t0 = performance.now();
    const res = await fetch(`${s.base}/drip?duration=1&numbytes=5&delay=0.5`);
    const headersAt = performance.now() - t0;
    assert.equal(res.status, 200);
    assert.equal(res.headers.get("content-length"), "5");
    assert.equal(res.headers.get("content-type"), "application/octet-stream");
    assert.ok(
      headersAt >= 490,
      `headers after ${headersAt} ms, not before delay`,
    );
    assert.ok(headersAt < 4000, `headers after ${headersAt} ms`);
    const { bytes, at } = await timedRead(res, t0);
    const end = performance.now() - t0;
    assert.equal(bytes, "*****");
    // Writes at 0, 250, 500, 750 and 1000 ms after the headers (as
    // go-httpbin writes them: the last when the duration is up).
    assert.ok(at[0] - headersAt < 1000, `first byte at ${at[0]} ms`);
    // The last write is planned 1 s after the delay: never sooner (a
    // loaded machine makes writes late, never early).
    assert.ok(at[4] >= 1490, `bytes spread: ${at.map(Math.round)}`);
    assert.ok(
      new Set(at).size >= 3,
      `bytes arrive apart: ${at.map(Math.round)}`,
    );
    assert.ok(
      end >= 1490,
      `body done at ${end} ms, not before the last write (delay + duration)`,
    );
    assert.ok(end < 8000, `body done at ${end} ms`);
    await waitFor(() => s.ctx.life.active === 0, "the drip's slot released");
    assert.equal(s.ctx.timers.active, 0);
  } finally {
    await s.close();
  }
});

Deno.test("drip: the wire carries Content-Length and exactly numbytes asterisks", async () => {
  const s = startDebug();
  try {
    const r = await raw(
      s.port,
      message("GET", `${P}/drip?duration=0.2&numbytes=30`),
    );
    assert.equal(r.status, 200);
    assert.equal(r.headers.get("content-length"), "30");
    assert.equal(r.headers.get("transfer-encoding"), undefined);
    assert.equal(dec.decode(r.body), "*".repeat(30));
    // HEAD answers at once, with the length the GET would have.
    const t0 = performance.now();
    const head = await raw(
      s.port,
      message("HEAD", `${P}/drip?duration=5&numbytes=7&delay=5`),
    );
    // Wall time is the point: the drip's delay would take 5 s.
    assert.ok(performance.now() - t0 < 2000, "HEAD waits for nothing");
    assert.equal(head.status, 200);
    assert.equal(head.headers.get("content-length"), "7");
    assert.equal(head.body.length, 0);
  } finally {
    await s.close();
  }
});

/** [name, query, status, body]. */
const DRIP_OK: [string, string, number, string][] = [
  ["ok/code 503", "duration=0&numbytes=3&code=503", 503, "***"],
  ["ok/code 418", "duration=0.1&numbytes=1&code=418", 418, "*"],
  ["ok/no bytes", "duration=0.1&numbytes=0", 200, ""],
  ["ok/204 without bytes", "duration=0&numbytes=0&code=204", 204, ""],
  ["ok/the defaults' numbytes", "duration=0", 200, "*".repeat(10)],
];

for (const [name, query, status, body] of DRIP_OK) {
  Deno.test(`drip: ${name}`, async () => {
    const s = startDebug();
    try {
      const res = await fetch(`${s.base}/drip?${query}`);
      assert.equal(res.status, status);
      assert.equal(await res.text(), body);
      await waitFor(() => s.ctx.life.active === 0, "slot released");
    } finally {
      await s.close();
    }
  });
}

Deno.test("drip: a short duration still ends when it is up (the last byte at duration, as httpbin's)", async () => {
  const s = startDebug();
  try {
    for (
      const [query, ms] of [["duration=0.015&numbytes=10", 15], [
        "duration=0.005&numbytes=2",
        5,
      ], ["duration=0.05&numbytes=1", 50]] as const
    ) {
      const t0 = performance.now();
      const res = await fetch(`${s.base}/drip?${query}`);
      await res.arrayBuffer();
      const took = performance.now() - t0;
      // Never early (timers are not); the bound above leaves a loaded
      // machine room.
      assert.ok(took >= ms - 1, `${query}: ${took.toFixed(1)} ms`);
    }
  } finally {
    await s.close();
  }
});

/** [name, query, param]: with maxSleepMs 2000. */
const DRIP_BAD: [string, string, string][] = [
  [
    "bad/duration + delay over the sleep limit",
    "duration=1.5&delay=0.6",
    "duration",
  ],
  ["bad/duration over the sleep limit", "duration=2.1", "duration"],
  ["bad/with sleep over the limit", "duration=1.6&sleep=500", "duration"],
  ["bad/204 with bytes", "duration=0&numbytes=1&code=204", "code"],
  ["bad/304 with bytes", "duration=0&numbytes=5&code=304", "code"],
  ["bad/205 with the default bytes", "duration=0&code=205", "code"],
  ["bad/code 199", "code=199", "code"],
  ["bad/code 600", "code=600", "code"],
  ["bad/numbytes over maxBytes", "numbytes=1001", "numbytes"],
  ["bad/numbytes negative", "numbytes=-1", "numbytes"],
  ["bad/duration not a number", "duration=abc", "duration"],
  ["bad/delay negative", "delay=-1", "delay"],
];

for (const [name, query, param] of DRIP_BAD) {
  Deno.test(`drip: ${name} is 400 naming ${param}`, async () => {
    const s = startDebug({ maxSleepMs: 2000, maxBytes: 1000 });
    try {
      const res = await fetch(`${s.base}/drip?${query}`);
      assert.equal(res.status, 400);
      assert.equal(res.headers.get("content-type"), "application/problem+json");
      assert.equal((await res.json()).param, param);
      // The server's own timers (every wait it serves is one), not a
      // wall-clock bound a loaded machine can overrun.
      assert.equal(s.ctx.timers.started, 0, "refused before any wait");
      assert.equal(s.ctx.life.granted, 0, "no slot taken");
    } finally {
      await s.close();
    }
  });
}

Deno.test("drip: exactly at the sleep limit is accepted", async () => {
  const s = startDebug({ maxSleepMs: 600 });
  try {
    const res = await fetch(
      `${s.base}/drip?duration=0.3&delay=0.2&sleep=100&numbytes=2`,
    );
    assert.equal(res.status, 200);
    assert.equal(await res.text(), "**");
  } finally {
    await s.close();
  }
});

Deno.test("stream: n JSON lines, each the request plus its id", async () => {
  const s = startDebug();
  try {
    const res = await fetch(`${s.base}/stream/4?a=1&a=2&b=x`, {
      headers: { "x-probe": "yes" },
    });
    assert.equal(res.status, 200);
    assert.match(res.headers.get("content-type")!, /^application\/json/);
    const text = await res.text();
    assert.ok(text.endsWith("\n"));
    const lines = text.slice(0, -1).split("\n").map((l) => JSON.parse(l));
    assert.equal(lines.length, 4);
    lines.forEach((line, i) => {
      assert.equal(line.id, i);
      assert.deepEqual(line.args, { a: ["1", "2"], b: "x" });
      assert.equal(line.headers["X-Probe"], "yes");
      assert.equal(line.origin, "127.0.0.1");
      assert.equal(line.url, `${s.base}/stream/4?a=1&a=2&b=x`);
      assert.deepEqual(Object.keys(line).sort(), [
        "args",
        "headers",
        "id",
        "origin",
        "url",
      ]);
    });
    const none = await fetch(`${s.base}/stream/0`);
    assert.equal(none.status, 200);
    assert.equal(await none.text(), "");
  } finally {
    await s.close();
  }
});

Deno.test("stream: each line is its own chunk on the wire", async () => {
  const s = startDebug();
  try {
    for (const n of [1, 5, 100]) {
      const r = await raw(s.port, message("GET", `${P}/stream/${n}`));
      assert.equal(r.headers.get("transfer-encoding"), "chunked");
      const body = parseChunked(r.body);
      assert.ok(body.complete);
      assert.equal(body.chunks.length, n, `${n} lines`);
      body.chunks.forEach((c, i) => {
        const line = dec.decode(c);
        assert.ok(
          line.endsWith("\n") && line.indexOf("\n") === line.length - 1,
        );
        assert.equal(JSON.parse(line).id, i);
      });
    }
  } finally {
    await s.close();
  }
});

Deno.test("stream: n over maxStreamLines is 400 naming n", async () => {
  const s = startDebug({ maxStreamLines: 3 });
  try {
    assert.equal(
      (await (await fetch(`${s.base}/stream/3`)).text()).split("\n").length,
      4,
    );
    for (const n of ["4", "-1", "x"]) {
      const res = await fetch(`${s.base}/stream/${n}`);
      assert.equal(res.status, 400, n);
      assert.equal((await res.json()).param, "n");
    }
  } finally {
    await s.close();
  }
});

Deno.test("links: /links/{n} redirects to page 0; a page links its siblings under a CSP", async () => {
  const s = startDebug();
  try {
    const hop = await fetch(`${s.base}/links/5`, { redirect: "manual" });
    assert.equal(hop.status, 302);
    assert.equal(hop.headers.get("location"), `${P}/links/5/0`);
    await hop.body?.cancel();
    const res = await fetch(`${s.base}/links/5/2`);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get("content-type"), "text/html; charset=utf-8");
    const csp = res.headers.get("content-security-policy")!;
    assert.match(csp, /default-src 'none'/);
    const html = await res.text();
    const hrefs = [...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]);
    assert.deepEqual(hrefs, [0, 1, 3, 4].map((i) => `${P}/links/5/${i}`));
    assert.match(html, /<\/a> 2 <a /, "the current page as text");
    assert.doesNotMatch(html, /<script/i);
    // Following the redirect lands on page 0.
    const followed = await fetch(`${s.base}/links/3`);
    assert.equal(new URL(followed.url).pathname, `${P}/links/3/0`);
    assert.match(
      await followed.text(),
      /<body>0 <a href="\/api\/debug\/links\/3\/1">1<\/a>/,
    );
  } finally {
    await s.close();
  }
});

Deno.test("links: ok/no links is an empty page, as both httpbins answer it", async () => {
  const s = startDebug({ maxLinks: 10 });
  try {
    const res = await fetch(`${s.base}/links/0/0`);
    assert.equal(res.status, 200);
    assert.match(await res.text(), /<body><\/body>/);
  } finally {
    await s.close();
  }
});

Deno.test("links: bad n or offset is 400 naming it", async () => {
  const s = startDebug({ maxLinks: 10 });
  try {
    const cases: [string, string][] = [
      ["/links/11", "n"],
      ["/links/-1", "n"],
      ["/links/x/1", "n"],
      ["/links/5/11", "offset"],
      ["/links/5/-1", "offset"],
    ];
    for (const [path, param] of cases) {
      const res = await fetch(`${s.base}${path}`, { redirect: "manual" });
      assert.equal(res.status, 400, path);
      assert.equal((await res.json()).param, param, path);
    }
  } finally {
    await s.close();
  }
});

const CHROME_IMG =
  "image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8";
const FIREFOX_IMG =
  "image/avif,image/webp,image/png,image/svg+xml,image/*;q=0.8,*/*;q=0.5";
const CHROME_PAGE =
  "text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,image/apng,*/*;q=0.8,application/signed-exchange;v=b3;q=0.7";

/** [name, Accept (null: none sent), the format chosen or null for 406]. */
const ACCEPT: [string, string | null, string | null][] = [
  ["ok/no Accept: png", null, "png"],
  ["ok/*/*: png", "*/*", "png"],
  ["ok/image/*: png", "image/*", "png"],
  ["ok/image/png", "image/png", "png"],
  ["ok/image/jpeg", "image/jpeg", "jpeg"],
  ["ok/image/webp", "image/webp", "webp"],
  ["ok/image/svg+xml", "image/svg+xml", "svg"],
  ["ok/case-insensitive", "IMAGE/WEBP", "webp"],
  ["ok/a named type beats image/*", "image/*, image/svg+xml", "svg"],
  ["ok/higher q wins", "image/png;q=0.5, image/jpeg", "jpeg"],
  [
    "ok/q=0 excludes a type image/* would give",
    "image/png;q=0, image/*",
    "jpeg",
  ],
  ["ok/a spaced q-value", "image/png ; q = 0, image/*", "jpeg"],
  ["ok/Chrome's image Accept: webp", CHROME_IMG, "webp"],
  ["ok/Firefox's image Accept: png", FIREFOX_IMG, "png"],
  ["ok/Chrome's page Accept: webp", CHROME_PAGE, "webp"],
  ["bad/text/html", "text/html", null],
  ["bad/image/gif", "image/gif", null],
  ["bad/image/* with q=0", "image/*;q=0", null],
  ["bad/*/* with q=0", "*/*;q=0", null],
  [
    "bad/everything at q=0",
    "image/png;q=0,image/jpeg;q=0,image/webp;q=0,image/svg+xml;q=0",
    null,
  ],
];

const MAGIC: Record<string, (b: Uint8Array) => boolean> = {
  png: (b) => b.subarray(0, 8).toHex() === "89504e470d0a1a0a",
  jpeg: (b) =>
    b.subarray(0, 3).toHex() === "ffd8ff" && b.subarray(-2).toHex() === "ffd9",
  webp: (b) =>
    dec.decode(b.subarray(0, 4)) === "RIFF" &&
    dec.decode(b.subarray(8, 12)) === "WEBP" &&
    new DataView(b.buffer, b.byteOffset).getUint32(4, true) === b.length - 8,
  svg: (b) =>
    /^<svg [^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/.test(dec.decode(b)),
};
const TYPES: Record<string, string> = {
  png: "image/png",
  jpeg: "image/jpeg",
  webp: "image/webp",
  svg: "image/svg+xml",
};

for (const [name, accept, format] of ACCEPT) {
  Deno.test(`image: Accept ${name}`, async () => {
    const s = startDebug();
    try {
      const r = await raw(
        s.port,
        message("GET", `${P}/image`, accept === null ? {} : { accept }),
      );
      assert.equal(r.headers.get("vary"), "Accept");
      if (format === null) {
        assert.equal(r.status, 406);
        assert.equal(r.headers.get("content-type"), "application/problem+json");
        const p = JSON.parse(dec.decode(r.body));
        assert.equal(p.status, 406);
        assert.equal(p.param, "Accept");
        return;
      }
      assert.equal(r.status, 200);
      assert.equal(r.headers.get("content-type"), TYPES[format]);
      assert.ok(MAGIC[format](r.body), `${format} magic bytes`);
    } finally {
      await s.close();
    }
  });
}

Deno.test("image: bad/an Accept past its bounds is refused with 431 naming it, not read in part", async () => {
  const s = startDebug();
  try {
    // 3,000 ranges, then the one that matches: read up to the bound, the
    // answer was a 406 that contradicted the header.
    for (
      const accept of [
        Array(3000).fill("a/b").join(",") + ",image/png",
        "image/png;q=0.1," + Array(64).fill("a/b").join(","),
      ]
    ) {
      const r = await raw(s.port, message("GET", `${P}/image`, { accept }));
      assert.equal(r.status, 431);
      assert.equal(r.headers.get("content-type"), "application/problem+json");
      assert.equal(r.headers.get("vary"), "Accept");
      assert.equal(JSON.parse(dec.decode(r.body)).param, "Accept");
    }
    const ok = await raw(
      s.port,
      message("GET", `${P}/image`, {
        accept: Array(63).fill("a/b").join(",") + ",image/png",
      }),
    );
    assert.equal(ok.status, 200, "64 ranges are read");
  } finally {
    await s.close();
  }
});

Deno.test("image: each format by path, its magic bytes, the SVG scriptless under a CSP", async () => {
  const s = startDebug();
  try {
    for (const [format, type] of Object.entries(TYPES)) {
      const res = await fetch(`${s.base}/image/${format}`, {
        headers: { accept: "text/html" }, // ignored with a format
      });
      assert.equal(res.status, 200, format);
      assert.equal(res.headers.get("content-type"), type);
      const body = new Uint8Array(await res.arrayBuffer());
      assert.equal(res.headers.get("content-length"), String(body.length));
      assert.ok(
        body.length > 100 && body.length < 64 * 1024,
        `${format}: ${body.length}`,
      );
      assert.ok(MAGIC[format](body), `${format} magic bytes`);
      if (format === "svg") {
        const text = dec.decode(body);
        assert.doesNotMatch(text, /<script|javascript:|\son\w+=|href=/i);
        assert.match(
          res.headers.get("content-security-policy")!,
          /default-src 'none'/,
        );
        assert.doesNotMatch(
          res.headers.get("content-security-policy")!,
          /script-src[^;]*'unsafe/,
        );
      }
    }
    // The same bytes by Accept as by path.
    const byAccept = await fetch(`${s.base}/image`, {
      headers: { accept: "image/svg+xml" },
    });
    assert.equal(
      byAccept.headers.get("content-security-policy") !== null,
      true,
    );
    assert.equal(
      await byAccept.text(),
      await (await fetch(`${s.base}/image/svg`)).text(),
    );
    const bad = await fetch(`${s.base}/image/gif`);
    assert.equal(bad.status, 400);
    assert.equal((await bad.json()).param, "format");
  } finally {
    await s.close();
  }
});

Deno.test("abort: the headers, N bytes of chunked body, no last chunk, connection closed", async () => {
  const s = startDebug();
  try {
    for (const after of [0, 1, 100, 70_000]) {
      const t0 = performance.now();
      const r = await raw(
        s.port,
        message("GET", `${P}/abort?after=${after}`),
        10_000,
      );
      // Wall time is the point: our read gives up at 10 s.
      assert.ok(
        performance.now() - t0 < 8000,
        "the server closed it, not our timeout",
      );
      assert.equal(r.status, 200, String(after));
      assert.equal(r.headers.get("transfer-encoding"), "chunked");
      assert.equal(r.headers.get("content-length"), undefined);
      const text = new TextDecoder("latin1").decode(r.body);
      assert.ok(!text.endsWith("0\r\n\r\n"), `no last chunk after ${after}`);
      const body = parseChunked(r.body);
      assert.equal(body.complete, false);
      assert.equal(body.data.length, after);
      assert.ok(body.data.every((b) => b === 0x2a));
    }
  } finally {
    await s.close();
  }
});

Deno.test("abort: fetch's body read rejects; HEAD is only the headers", async () => {
  const s = startDebug();
  try {
    const res = await fetch(`${s.base}/abort?after=10`);
    assert.equal(res.status, 200);
    await assert.rejects(res.arrayBuffer());
    const head = await fetch(`${s.base}/abort?after=10`, { method: "HEAD" });
    assert.equal(head.status, 200);
    assert.equal(await head.text(), "");
    // The bytes the GET sends before its cut, as the other streams' HEADs
    // state theirs (never 0, a length the GET does not have).
    assert.equal(head.headers.get("content-length"), "10");
    const bad = await fetch(`${s.base}/abort?after=-1`);
    assert.equal(bad.status, 400);
    assert.equal((await bad.json()).param, "after");
  } finally {
    await s.close();
  }
});
Deno.test({
  name: "abort: curl reports a transfer closed with outstanding data (exit 18)",
  ignore: !CURL,
}, async () => {
  const s = startDebug();
  try {
    const { code } = await new Deno.Command("curl", {
      args: [
        "-sS",
        "--max-time",
        "20",
        "-o",
        "/dev/null",
        `${s.base}/abort?after=100`,
      ],
      stdout: "null",
      stderr: "null",
    }).output();
    assert.equal(code, 18);
  } finally {
    await s.close();
  }
});

/** A WebSocket with its close event caught from the start. */
interface Ws {
  ws: WebSocket;
  closed: Promise<CloseEvent>;
  next(): Promise<string | ArrayBuffer>;
}

function connect(url: string, protocols?: string[]): Promise<Ws> {
  const ws = new WebSocket(url, protocols);
  ws.binaryType = "arraybuffer";
  const queue: (string | ArrayBuffer)[] = [];
  const waiting: ((v: string | ArrayBuffer) => void)[] = [];
  ws.onmessage = (e) => {
    const w = waiting.shift();
    if (w) w(e.data);
    else queue.push(e.data);
  };
  const closed = new Promise<CloseEvent>((r) =>
    ws.addEventListener("close", r)
  );
  return new Promise((resolve, reject) => {
    ws.onopen = () =>
      resolve({
        ws,
        closed,
        next: () =>
          queue.length
            ? Promise.resolve(queue.shift()!)
            : new Promise((r) => waiting.push(r)),
      });
    ws.onerror = () => closed.then(() => reject(new Error(`${url} failed`)));
  });
}

const wsUrl = (base: string, q = "") =>
  `${base.replace(/^http/, "ws")}/websocket/echo${q}`;

Deno.test("websocket: text and binary come back unchanged", async () => {
  const s = startDebug();
  try {
    const c = await connect(wsUrl(s.base));
    assert.equal(s.ctx.life.active, 1, "the socket holds a slot");
    for (const text of ["hello", "", "héllo wörld ✓", "x".repeat(70_000)]) {
      c.ws.send(text);
      assert.equal(await c.next(), text);
    }
    const bin = Uint8Array.from({ length: 1000 }, (_, i) => (i * 7) & 255);
    c.ws.send(bin);
    const back = await c.next();
    assert.ok(back instanceof ArrayBuffer);
    assert.deepEqual(new Uint8Array(back), bin);
    c.ws.send(new Uint8Array(0));
    assert.equal(((await c.next()) as ArrayBuffer).byteLength, 0);
    c.ws.close(1000, "done");
    assert.equal((await c.closed).code, 1000);
    await waitFor(() => s.ctx.life.active === 0, "slot released");
    assert.equal(s.ctx.timers.active, 0, "idle timer cancelled");
  } finally {
    await s.close();
  }
});

Deno.test("websocket: the first subprotocol offered is agreed to (a browser's new WebSocket(url, ['chat']) needs one); none offered, none", async () => {
  const s = startDebug();
  try {
    const c = await connect(wsUrl(s.base), ["chat", "superchat"]);
    assert.equal(c.ws.protocol, "chat");
    c.ws.send("hi");
    assert.equal(await c.next(), "hi");
    c.ws.close(1000);
    await c.closed;
    const plain = await connect(wsUrl(s.base));
    assert.equal(plain.ws.protocol, "");
    plain.ws.close(1000);
    await plain.closed;
  } finally {
    await s.close();
  }
});

Deno.test("websocket: exactly max_message_size is echoed; one byte more closes with 1009", async () => {
  const s = startDebug();
  try {
    const cases: [
      string,
      string | Uint8Array<ArrayBuffer>,
      string | Uint8Array<ArrayBuffer>,
    ][] = [
      ["binary", new Uint8Array(16).fill(1), new Uint8Array(17).fill(1)],
      ["text, ASCII", "a".repeat(16), "a".repeat(17)],
      // Counted in UTF-8 bytes: 8 x "é" is 16 bytes.
      ["text, UTF-8", "é".repeat(8), "é".repeat(8) + "a"],
      // A surrogate pair is 4 bytes for 2 UTF-16 units.
      ["text, beyond the BMP", "😀".repeat(4), "😀".repeat(4) + "a"],
    ];
    for (const [name, fits, over] of cases) {
      const c = await connect(wsUrl(s.base, "?max_message_size=16"));
      c.ws.send(fits);
      const back = await c.next();
      if (typeof fits === "string") assert.equal(back, fits, name);
      else assert.deepEqual(new Uint8Array(back as ArrayBuffer), fits, name);
      c.ws.send(over);
      const closed = await c.closed;
      assert.equal(closed.code, 1009, name);
    }
    await waitFor(() => s.ctx.life.active === 0, "slots released");
    assert.equal(s.ctx.timers.active, 0);
  } finally {
    await s.close();
  }
});

Deno.test("websocket: the maxWsMessageBytes limit is the default and the maximum", async () => {
  const s = startDebug({ maxWsMessageBytes: 32 });
  try {
    const c = await connect(wsUrl(s.base));
    c.ws.send("b".repeat(32));
    assert.equal(await c.next(), "b".repeat(32));
    c.ws.send("b".repeat(33));
    assert.equal((await c.closed).code, 1009);
    const bad = await fetch(`${s.base}/websocket/echo?max_message_size=33`);
    assert.equal(bad.status, 400);
    assert.equal((await bad.json()).param, "max_message_size");
  } finally {
    await s.close();
  }
});

const HANDSHAKE =
  `GET ${P}/websocket/echo HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade, close\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n`;

// Deno buffers a whole message (up to 64 MiB) before max_message_size can
// be checked, so the number of open sockets is what bounds that memory.
Deno.test("websocket: maxWebSockets refuses one socket more with 503 and Retry-After, before the upgrade", async () => {
  const s = startDebug({ maxWebSockets: 2 });
  try {
    const a = await connect(wsUrl(s.base));
    const b = await connect(wsUrl(s.base));
    const over = await raw(s.port, HANDSHAKE);
    assert.equal(over.status, 503);
    assert.equal(over.headers.get("retry-after"), "1");
    assert.equal(over.headers.get("content-type"), "application/problem+json");
    assert.equal(JSON.parse(dec.decode(over.body)).param, null);
    assert.equal(s.ctx.life.active, 2, "the refused one took no slot");
    a.ws.close(1000, "done");
    await a.closed;
    await waitFor(() => s.ctx.life.active === 1, "slot released");
    const c = await connect(wsUrl(s.base));
    c.ws.send("again");
    assert.equal(await c.next(), "again");
    b.ws.close(1000, "done");
    c.ws.close(1000, "done");
    await Promise.all([b.closed, c.closed]);
    await waitFor(() => s.ctx.life.active === 0, "slots released");
  } finally {
    await s.close();
  }
});

Deno.test("websocket: maxWebSockets 0 (the default) sets no cap of its own", async () => {
  const s = startDebug();
  try {
    assert.equal(s.ctx.limits.maxWebSockets, 0);
    const open = await Promise.all(
      Array.from({ length: 20 }, () => connect(wsUrl(s.base))),
    );
    for (const c of open) c.ws.close(1000, "done");
    await Promise.all(open.map((c) => c.closed));
    await waitFor(() => s.ctx.life.active === 0, "slots released");
  } finally {
    await s.close();
  }
});

Deno.test("websocket: a plain GET is 400 problem+json naming Upgrade", async () => {
  const s = startDebug();
  try {
    const res = await fetch(`${s.base}/websocket/echo`);
    assert.equal(res.status, 400);
    assert.equal(res.headers.get("content-type"), "application/problem+json");
    const p = await res.json();
    assert.equal(p.param, "Upgrade");
    assert.equal(p.status, 400);
    // Upgrade: websocket without the rest of the handshake.
    const half = await raw(
      s.port,
      message("GET", `${P}/websocket/echo`, { upgrade: "websocket" }),
    );
    assert.equal(half.status, 400);
    assert.equal(JSON.parse(dec.decode(half.body)).param, "Upgrade");
    assert.equal(s.ctx.life.active, 0, "no slot taken");
  } finally {
    await s.close();
  }
});

Deno.test("websocket: messages cost no timer each: one idle wait per quiet period", async () => {
  const s = startDebug();
  try {
    const c = await connect(wsUrl(s.base));
    const before = s.ctx.timers.started;
    for (let i = 0; i < 500; i++) {
      c.ws.send(`m${i}`);
      assert.equal(await c.next(), `m${i}`);
    }
    assert.equal(s.ctx.timers.started - before, 0, "no wait per message");
    assert.equal(s.ctx.timers.active, 1, "the one idle wait");
    c.ws.close(1000, "done");
    await c.closed;
    await waitFor(() => s.ctx.timers.active === 0, "idle wait cancelled");
  } finally {
    await s.close();
  }
});

Deno.test("websocket: a quiet socket closes with 1000 after the sleep limit", async () => {
  const s = startDebug({ maxSleepMs: 400 });
  try {
    const t0 = performance.now();
    const c = await connect(wsUrl(s.base));
    // A message resets the idle time.
    await new Promise((r) => setTimeout(r, 250));
    c.ws.send("ping");
    assert.equal(await c.next(), "ping");
    const sent = performance.now();
    const closed = await c.closed;
    const quiet = performance.now() - sent;
    assert.equal(closed.code, 1000);
    assert.ok(quiet >= 350, `closed after ${quiet} ms of quiet`);
    // Wall time is the point: a hang detector, 20 times the sleep limit.
    assert.ok(performance.now() - t0 < 8000);
    await waitFor(() => s.ctx.life.active === 0, "slot released");
  } finally {
    await s.close();
  }
});

Deno.test("websocket: drain closes open sockets with 1001 and refuses new ones", async () => {
  const s = startDebug();
  try {
    const a = await connect(wsUrl(s.base));
    const b = await connect(wsUrl(s.base));
    assert.equal(s.ctx.life.active, 2);
    s.ctx.life.drain();
    assert.equal((await a.closed).code, 1001);
    assert.equal((await b.closed).code, 1001);
    await waitFor(() => s.ctx.life.active === 0, "slots released");
    assert.equal(s.ctx.timers.active, 0);
    const r = await upgradeHead(s.port);
    assert.match(r, /^HTTP\/1\.1 503 /);
  } finally {
    await s.close();
  }
});

/**
 * Sends a valid WebSocket handshake on a raw socket and returns the
 * response head and body (a refused upgrade carries Content-Length).
 */
async function upgradeHead(port: number): Promise<string> {
  const conn = await Deno.connect({ hostname: "127.0.0.1", port });
  try {
    await conn.write(new TextEncoder().encode(
      `GET ${P}/websocket/echo HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n`,
    ));
    let text = "";
    const buf = new Uint8Array(4096);
    const timer = setTimeout(() => conn.close(), 5000);
    for (;;) {
      const n = await conn.read(buf).catch(() => null);
      if (n === null) break;
      text += dec.decode(buf.subarray(0, n));
      const split = text.indexOf("\r\n\r\n");
      if (split < 0) continue;
      const len = Number(/content-length: (\d+)/i.exec(text)?.[1] ?? 0);
      if (text.length >= split + 4 + len) break;
    }
    clearTimeout(timer);
    return text;
  } finally {
    try {
      conn.close();
    } catch { /* closed by the timeout */ }
  }
}

Deno.test("websocket: with maxLongRequests=1 a second upgrade gets 503 with Retry-After", async () => {
  const s = startDebug({ maxLongRequests: 1 });
  try {
    const first = await connect(wsUrl(s.base));
    const refused = await upgradeHead(s.port);
    assert.match(refused, /^HTTP\/1\.1 503 /);
    assert.match(refused, /\r\nretry-after: 1\r\n/i);
    assert.match(refused, /application\/problem\+json/);
    // The first is still served.
    first.ws.send("still here");
    assert.equal(await first.next(), "still here");
    assert.equal(s.ctx.life.active, 1);
    first.ws.close();
    await first.closed;
    await waitFor(() => s.ctx.life.active === 0, "slot released");
    // Its slot is free again.
    const again = await connect(wsUrl(s.base));
    again.ws.close();
    await again.closed;
    await waitFor(() => s.ctx.life.active === 0, "slot released");
  } finally {
    await s.close();
  }
});

Deno.test("websocket: a client that never answers the server's close frame gives its slot back after a grace", async () => {
  const s = startDebug({ maxWebSockets: 1, maxSleepMs: 300 });
  const conn = await Deno.connect({ hostname: "127.0.0.1", port: s.port });
  try {
    // A raw client: it upgrades, then reads nothing and answers nothing.
    await conn.write(
      new TextEncoder().encode(HANDSHAKE.replace("Upgrade, close", "Upgrade")),
    );
    const buf = new Uint8Array(1024);
    const n = await conn.read(buf);
    assert.match(dec.decode(buf.subarray(0, n ?? 0)), /^HTTP\/1\.1 101 /);
    // Idle close after 300 ms, unanswered; the grace is the sleep limit.
    await waitFor(() => s.ctx.life.active === 0, "slot given back");
    const c = await connect(wsUrl(s.base));
    c.ws.send("mine");
    assert.equal(await c.next(), "mine");
    c.ws.close(1000, "done");
    await c.closed;
  } finally {
    conn.close();
    await s.close();
  }
});
