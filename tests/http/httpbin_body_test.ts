/**
 * Request bodies over real TCP: Content-Encoding gzip, deflate and br
 * decoded on /post, /anything and /echo; the limit applied to the decoded
 * bytes (a bomb gets 413); an unknown coding gets 415; a body that stops
 * arriving gets 408 with Connection: close; curl --compressed.
 */
import assert from "node:assert/strict";
import { brotliCompressSync, deflateSync, gzipSync } from "node:zlib";
import { message, raw, startDebug } from "../helpers/debug_server.ts";
import { curl, hasCurl } from "../helpers/curl.ts";
import { MAX_JSON_DEPTH } from "../../lib/debug/core/limits.ts";

const CURL = await hasCurl();

const enc = new TextEncoder();
const JSON_BODY = JSON.stringify({ text: "héllo", n: [1, 2, 3] });
const CODERS: [string, (b: Uint8Array) => Uint8Array<ArrayBuffer>][] = [
  ["gzip", (b) => new Uint8Array(gzipSync(b))],
  ["deflate", (b) => new Uint8Array(deflateSync(b))],
  ["br", (b) => new Uint8Array(brotliCompressSync(b))],
];

Deno.test("bodies: gzip, deflate and br bodies are decoded on /post, /anything and /echo", async () => {
  const s = startDebug({ maxBodyBytes: 4096 });
  try {
    for (const [coding, code] of CODERS) {
      const body = code(enc.encode(JSON_BODY));
      for (const path of ["/post", "/anything/x"]) {
        const res = await fetch(s.base + path, {
          method: "POST",
          body,
          headers: {
            "content-encoding": coding,
            "content-type": "application/json",
          },
        });
        const r = await res.json();
        assert.equal(res.status, 200, `${coding} ${path}`);
        assert.equal(r.data, JSON_BODY);
        assert.deepEqual(r.json, JSON.parse(JSON_BODY));
        assert.equal(r.headers["Content-Encoding"], coding);
        assert.equal(r.headers["Content-Length"], String(body.length));
      }
      const echo = await fetch(`${s.base}/echo`, {
        method: "PUT",
        body,
        headers: { "content-encoding": coding },
      });
      const e = await echo.json();
      assert.equal(e.body, JSON_BODY, coding);
      assert.equal(e.bodySize, enc.encode(JSON_BODY).length);
    }
  } finally {
    await s.close();
  }
});

// Nested deeper than V8's JSON.stringify recursion reaches (it threw
// "Maximum call stack size exceeded": a 500), up to MAX_JSON_DEPTH; deeper
// is 400 naming the body (reflecting what 1 MiB holds cost 0.1-0.3 s).
const DEEP: [string, string][] = [
  ["POST", "/echo"],
  ["POST", "/anything"],
  ["PATCH", "/anything/x"],
  ["POST", "/post"],
  ["PUT", "/put"],
  ["PATCH", "/patch"],
  ["DELETE", "/delete"],
  ["POST", "/delay/0"],
];
/** `[`×depth `]`×depth, sent as JSON. */
const nested = (depth: number): RequestInit & { body: string } => ({
  body: "[".repeat(depth) + "]".repeat(depth),
  headers: { "content-type": "application/json" },
});

Deno.test("bodies: deeply nested JSON is reflected whole as json, never a 500; past the limit, 400", async () => {
  const s = startDebug();
  try {
    for (const depth of [MAX_JSON_DEPTH + 1, 524_288]) {
      for (const [method, path] of DEEP) {
        const res = await fetch(s.base + path, { method, ...nested(depth) });
        assert.equal(res.status, 400, `${method} ${path} ${depth}`);
        assert.match(
          res.headers.get("content-type") ?? "",
          /^application\/problem\+json/,
        );
        assert.equal((await res.json()).param, "body");
      }
    }
    // Refused with the other input checks: before the sleep, not after.
    // Judged by the server's own timers (every wait it serves is one), not
    // a wall-clock bound a loaded machine can overrun.
    const timers = s.ctx.timers.started;
    const slept = await fetch(s.base + "/post?sleep=3000", {
      method: "POST",
      ...nested(MAX_JSON_DEPTH + 1),
    });
    await slept.body?.cancel();
    assert.equal(slept.status, 400);
    assert.equal(s.ctx.timers.started, timers, "no sleep before the 400");
    const depth = MAX_JSON_DEPTH;
    for (const [method, path] of DEEP) {
      const init = nested(depth);
      const res = await fetch(s.base + path, { method, ...init });
      const text = await res.text();
      assert.equal(res.status, 200, `${method} ${path} ${text.slice(0, 200)}`);
      // The reply holds the body twice: as text, and as the json value.
      assert.ok(text.includes(`"json":${init.body}`), `${method} ${path}`);
      let d = 0;
      for (let v = JSON.parse(text).json; Array.isArray(v); v = v[0]) d++;
      assert.equal(d, depth, `${method} ${path}`);
    }
  } finally {
    await s.close();
  }
});

Deno.test("bodies: an integer past 2^53 is reflected with its digits by /echo, /anything and /post, as python httpbin does", async () => {
  const s = startDebug();
  try {
    const body = '{"id":12345678901234567890,"n":[-98765432109876543210,1.5]}';
    for (const path of ["/echo", "/anything", "/post"]) {
      const text = await (await fetch(s.base + path, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body,
      })).text();
      // The raw text: JSON.parse here would round the digits again.
      assert.ok(
        text.includes(
          '"json":{"id":12345678901234567890,"n":[-98765432109876543210,1.5]}',
        ),
        `${path}: ${text.slice(0, 300)}`,
      );
    }
  } finally {
    await s.close();
  }
});

Deno.test("bodies: a byte-order mark is reflected, not dropped, by /echo, /anything and /post", async () => {
  const s = startDebug();
  try {
    const bom = new Uint8Array([0xef, 0xbb, 0xbf, 0x61]);
    const e = await (await fetch(`${s.base}/echo`, {
      method: "POST",
      body: bom,
    })).json();
    assert.equal(e.body, "\ufeffa");
    assert.equal(e.bodyEncoding, "utf8");
    for (const path of ["/anything", "/post"]) {
      const r = await (await fetch(s.base + path, {
        method: "POST",
        body: bom,
      })).json();
      assert.equal(r.data, "\ufeffa", path);
    }
    // A multipart file part is read the same way.
    const form = new FormData();
    form.append("f", new Blob([bom]), "f.txt");
    const f = await (await fetch(`${s.base}/anything`, {
      method: "POST",
      body: form,
    })).json();
    assert.equal(f.files.f, "\ufeffa");
  } finally {
    await s.close();
  }
});

Deno.test("bodies: a form sent gzipped is parsed as a form", async () => {
  const s = startDebug();
  try {
    const res = await fetch(`${s.base}/post`, {
      method: "POST",
      body: new Uint8Array(gzipSync(enc.encode("a=1&a=2&b=x+y"))),
      headers: {
        "content-encoding": "gzip",
        "content-type": "application/x-www-form-urlencoded",
      },
    });
    const r = await res.json();
    assert.deepEqual(r.form, { a: ["1", "2"], b: "x y" });
    assert.equal(r.data, "");
  } finally {
    await s.close();
  }
});

Deno.test("bodies: a compression bomb over the limit gets 413 on every coding", async () => {
  const s = startDebug({ maxBodyBytes: 10_000 });
  try {
    const zeros = new Uint8Array(5_000_000);
    for (const [coding, code] of CODERS) {
      const bomb = code(zeros);
      assert.ok(
        bomb.length < 10_000,
        `${coding} bomb is small: ${bomb.length}`,
      );
      for (const path of ["/post", "/echo"]) {
        const res = await fetch(s.base + path, {
          method: "POST",
          body: bomb,
          headers: { "content-encoding": coding },
        });
        const p = await res.json();
        assert.equal(res.status, 413, `${coding} ${path}`);
        assert.equal(p.param, "body");
        assert.equal(
          res.headers.get("content-type"),
          "application/problem+json",
        );
      }
    }
    // Exactly the limit once decoded is fine.
    const fits = await fetch(`${s.base}/post`, {
      method: "POST",
      body: new Uint8Array(gzipSync(new Uint8Array(10_000).fill(65))),
      headers: { "content-encoding": "gzip" },
    });
    assert.equal(fits.status, 200);
    assert.equal((await fits.json()).data.length, 10_000);
  } finally {
    await s.close();
  }
});

Deno.test("bodies: an unknown coding gets 415 with Accept-Encoding; corrupt data 400", async () => {
  const s = startDebug();
  try {
    for (const coding of ["zstd", "compress", "gzip, exotic"]) {
      const res = await fetch(`${s.base}/post`, {
        method: "POST",
        body: "x",
        headers: { "content-encoding": coding },
      });
      const p = await res.json();
      assert.equal(res.status, 415, coding);
      assert.equal(p.param, "Content-Encoding");
      assert.equal(res.headers.get("accept-encoding"), "gzip, deflate, br");
    }
    for (const [coding] of CODERS) {
      const res = await fetch(`${s.base}/anything`, {
        method: "POST",
        body: "definitely not compressed",
        headers: { "content-encoding": coding },
      });
      assert.equal(res.status, 400, coding);
      assert.equal((await res.json()).param, "Content-Encoding");
    }
    const cut = await fetch(`${s.base}/anything`, {
      method: "POST",
      body: new Uint8Array(brotliCompressSync(enc.encode(JSON_BODY.repeat(50))))
        .slice(0, -4),
      headers: { "content-encoding": "br" },
    });
    assert.equal(cut.status, 400, "a truncated br body");
    await cut.body?.cancel();
  } finally {
    await s.close();
  }
});

/**
 * Reads one response from `conn`: until its Content-Length is complete,
 * the server closes, or `ms` pass. `closed` says whether the server
 * closed the connection within `closeMs` after the response.
 */
async function readOne(
  conn: Deno.Conn,
  ms: number,
  closeMs = 0,
): Promise<{ text: string; elapsed: number; closed: boolean }> {
  const t0 = performance.now();
  const buf = new Uint8Array(4096);
  let text = "";
  let closed = false;
  let timedOut = false;
  let guard = setTimeout(() => (timedOut = true, conn.close()), ms);
  try {
    for (;;) {
      const n = await conn.read(buf);
      if (n === null) {
        closed = true;
        break;
      }
      text += new TextDecoder().decode(buf.subarray(0, n));
      const split = text.indexOf("\r\n\r\n");
      const len = /\r\ncontent-length: (\d+)\r\n/i.exec(text);
      if (split > 0 && len && text.length >= split + 4 + Number(len[1])) {
        if (!closeMs) break;
        // The response is complete: does the server now close?
        clearTimeout(guard);
        guard = setTimeout(() => (timedOut = true, conn.close()), closeMs);
      }
    }
  } catch (err) {
    if (!timedOut) throw err;
  } finally {
    clearTimeout(guard);
  }
  return { text, elapsed: performance.now() - t0, closed };
}

const STALLED =
  'POST /api/debug/post HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: 100\r\n\r\n{"par';

Deno.test("bodies: a body that stops arriving gets 408 with Connection: close, after bodyIdleMs", async () => {
  const s = startDebug({ bodyIdleMs: 200, maxSleepMs: 5000 });
  const conn = await Deno.connect({ hostname: "127.0.0.1", port: s.port });
  try {
    await conn.write(enc.encode(STALLED));
    const { text, elapsed } = await readOne(conn, 10_000);
    assert.match(text, /^HTTP\/1\.1 408 /, text);
    assert.match(text, /\r\nconnection: close\r\n/i);
    assert.match(text, /"param":"body"/);
    assert.ok(elapsed >= 150 && elapsed < 5000, `after ${elapsed} ms`);
    assert.equal(s.ctx.timers.active, 0, "no timer left behind");
  } finally {
    conn.close();
    await s.close();
  }
});

Deno.test({
  // Deno 2.9's Deno.serve keeps a connection open while its request body
  // is unfinished, whatever the response says (Connection: close, the body
  // cancelled): a handler has no way to close it. Run with
  // HTTPBIN_KNOWN_GAPS=1 to see whether a Deno upgrade fixed it.
  ignore: !Deno.env.get("HTTPBIN_KNOWN_GAPS"),
  name:
    "bodies: after the 408 for a stalled body the server closes the connection (known gap)",
  async fn() {
    const s = startDebug({ bodyIdleMs: 200, maxSleepMs: 5000 });
    const conn = await Deno.connect({ hostname: "127.0.0.1", port: s.port });
    try {
      await conn.write(enc.encode(STALLED));
      const { text, closed } = await readOne(conn, 10_000, 3000);
      assert.match(text, /^HTTP\/1\.1 408 /, text);
      assert.ok(closed, "the server closed the connection after its 408");
    } finally {
      try {
        conn.close();
      } catch { /* closed by the guard */ }
      await s.close();
    }
  },
});

Deno.test("bodies: a body trickling a byte at a time is cut at its first pause over bodyIdleMs", async () => {
  const s = startDebug({ bodyIdleMs: 300, maxSleepMs: 10_000 });
  const conn = await Deno.connect({ hostname: "127.0.0.1", port: s.port });
  try {
    await conn.write(enc.encode(
      "POST /api/debug/echo HTTP/1.1\r\nhost: x\r\ncontent-length: 10\r\n\r\n",
    ));
    // Three bytes well within the idle limit, then silence.
    const t0 = performance.now();
    for (let i = 0; i < 3; i++) {
      await conn.write(enc.encode("a"));
      await new Promise((r) => setTimeout(r, 50));
    }
    const { text } = await readOne(conn, 10_000);
    assert.match(text, /^HTTP\/1\.1 408 /, text);
    assert.ok(performance.now() - t0 >= 400, "not before the pause");
  } finally {
    conn.close();
    await s.close();
  }
});

Deno.test("bodies: a body over the limit sent 1.2 s after its headers (a client's wait for a 100 never sent) is read before the 413", async () => {
  // Over HTTP/2 Deno sends no 100 Continue, so curl waits its second and
  // then sends: a 413 raced in at that second ended curl's upload in a
  // stream error. Over HTTP/1.1 a client waiting without `Expect` is the
  // same timing, and the first response byte tells when the server wrote.
  const s = startDebug({ maxBodyBytes: 1000 });
  const conn = await Deno.connect({ hostname: "127.0.0.1", port: s.port });
  try {
    await conn.write(enc.encode(
      "POST /api/debug/post HTTP/1.1\r\nhost: x\r\ncontent-length: 5000\r\n\r\n",
    ));
    const first = conn.read(new Uint8Array(1)).then(() => performance.now());
    await new Promise((r) => setTimeout(r, 1200));
    const sent = performance.now();
    await conn.write(enc.encode("x".repeat(5000)));
    const answered = await first;
    assert.ok(
      answered >= sent,
      `answered ${sent - answered} ms before the body`,
    );
    const { text } = await readOne(conn, 5000);
    assert.match(text, /^TTP\/1\.1 413 /, text); // its "H" read above
  } finally {
    conn.close();
    await s.close();
  }
});

Deno.test("bodies: a complete body sent in slow pieces within bodyIdleMs is fine", async () => {
  const s = startDebug({ bodyIdleMs: 2000 });
  try {
    let i = 0;
    const body = new ReadableStream<Uint8Array>({
      async pull(c) {
        if (i === 3) return c.close();
        await new Promise((r) => setTimeout(r, 30));
        c.enqueue(enc.encode(String(i++)));
      },
    });
    const res = await fetch(`${s.base}/post`, { method: "POST", body });
    assert.equal((await res.json()).data, "012");
  } finally {
    await s.close();
  }
});

Deno.test("bodies: the raw body limit still applies before decoding (Content-Length)", async () => {
  const s = startDebug({ maxBodyBytes: 100 });
  try {
    const res = await raw(
      s.port,
      message(
        "POST",
        "/api/debug/post",
        { "content-length": "200" },
        "x".repeat(200),
      ),
    );
    assert.equal(res.status, 413);
  } finally {
    await s.close();
  }
});

Deno.test({
  name:
    "bodies: curl --compressed reads /gzip, /deflate and /brotli; curl uploads a gzip body",
  ignore: !CURL,
}, async () => {
  const s = startDebug();
  const dir = await Deno.makeTempDir();
  try {
    for (
      const [path, flag] of [["gzip", "gzipped"], ["deflate", "deflated"], [
        "brotli",
        "brotli",
      ]]
    ) {
      const r = await curl(["--compressed", `${s.base}/${path}`]);
      assert.equal(r.code, 0, r.stderr);
      assert.equal(JSON.parse(r.stdout)[flag], true, path);
    }
    const file = `${dir}/body.gz`;
    await Deno.writeFile(file, gzipSync(enc.encode(JSON_BODY)));
    const up = await curl([
      "-H",
      "Content-Encoding: gzip",
      "-H",
      "Content-Type: application/json",
      "--data-binary",
      `@${file}`,
      `${s.base}/anything`,
    ]);
    const body = JSON.parse(up.stdout);
    assert.equal(body.method, "POST");
    assert.deepEqual(body.json, JSON.parse(JSON_BODY));
  } finally {
    await s.close();
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("bodies: after a 413 for a body sent whole, the connection answers the next request", async () => {
  const s = startDebug({ maxBodyBytes: 1000 });
  const conn = await Deno.connect({ hostname: "127.0.0.1", port: s.port });
  try {
    // Declared over the limit, and sent whole, as most clients send one.
    await conn.write(enc.encode(
      "PUT /api/debug/put HTTP/1.1\r\nhost: x\r\ncontent-length: 1500\r\n\r\n" +
        "a".repeat(1500),
    ));
    const first = await readOne(conn, 5000);
    assert.match(first.text, /^HTTP\/1\.1 413 /, first.text);
    // Sent chunked past the limit too.
    await conn.write(enc.encode(
      "POST /api/debug/post HTTP/1.1\r\nhost: x\r\ntransfer-encoding: chunked\r\n\r\n" +
        "5dc\r\n" + "b".repeat(1500) + "\r\n0\r\n\r\n",
    ));
    const second = await readOne(conn, 5000);
    assert.match(second.text, /^HTTP\/1\.1 413 /, second.text);
    await conn.write(
      enc.encode("GET /api/debug/get HTTP/1.1\r\nhost: x\r\n\r\n"),
    );
    const third = await readOne(conn, 5000);
    assert.match(third.text, /^HTTP\/1\.1 200 /, third.text || "no answer");
  } finally {
    conn.close();
    await s.close();
  }
});

Deno.test("bodies: a body declared over the limit that stops arriving still gets its 413, within about a second", async () => {
  const s = startDebug({ maxBodyBytes: 1000 });
  const conn = await Deno.connect({ hostname: "127.0.0.1", port: s.port });
  try {
    await conn.write(enc.encode(
      "PUT /api/debug/put HTTP/1.1\r\nhost: x\r\ncontent-length: 1500\r\n\r\n" +
        "a".repeat(800),
    ));
    const { text, elapsed } = await readOne(conn, 5000);
    assert.match(text, /^HTTP\/1\.1 413 /, text || "no answer");
    assert.ok(elapsed < 3000, `after ${elapsed} ms`);
  } finally {
    conn.close();
    await s.close();
  }
});
