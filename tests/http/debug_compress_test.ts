/** `/api/debug/gzip`, `/deflate` and `/brotli` over real TCP. */
import assert from "node:assert/strict";
import { brotliDecompressSync, gunzipSync, inflateSync } from "node:zlib";
import { startServer } from "../helpers/server.ts";
import { message, raw } from "../helpers/debug_server.ts";
import { curl, hasCurl } from "../helpers/curl.ts";

const CURL = await hasCurl();

const FAMILIES: [string, string, string, (b: Uint8Array) => Uint8Array][] = [
  ["gzip", "gzip", "gzipped", gunzipSync],
  ["deflate", "deflate", "deflated", inflateSync],
  ["brotli", "br", "brotli", brotliDecompressSync],
];

Deno.test("gzip: fetch decodes it automatically", async () => {
  const s = startServer();
  try {
    const res = await fetch(`${s.origin}/api/debug/gzip`, {
      headers: { "x-probe": "1" },
    });
    const body = await res.json();
    assert.equal(res.status, 200);
    assert.equal(res.headers.get("content-encoding"), "gzip");
    assert.equal(res.headers.get("vary"), "Accept-Encoding");
    assert.equal(body.gzipped, true);
    assert.equal(body.method, "GET");
    // httpbin's shape: Title-Case names, and the client's address.
    assert.equal(body.headers["X-Probe"], "1");
    assert.equal(body.origin, "127.0.0.1");
  } finally {
    await s.close();
  }
});

Deno.test("compression: every coding whatever Accept-Encoding says", async () => {
  const s = startServer();
  try {
    for (const [path, coding, flag, decode] of FAMILIES) {
      for (const accept of [null, "identity", "gzip", "br", "*;q=0"]) {
        const headers: Record<string, string> = accept === null
          ? {}
          : { "accept-encoding": accept };
        const r = await raw(
          s.port,
          message("GET", `/api/debug/${path}`, headers),
        );
        assert.equal(r.status, 200, `${path} ${accept}`);
        assert.equal(r.headers.get("content-encoding"), coding);
        assert.equal(r.headers.get("vary"), "Accept-Encoding");
        assert.equal(r.headers.get("content-type"), "application/json");
        assert.equal(r.headers.get("content-length"), String(r.body.length));
        const json = JSON.parse(new TextDecoder().decode(decode(r.body)));
        assert.equal(json[flag], true, `${path} ${accept}`);
        // zlib's `78 01`, which axios needs to see (it reads any other
        // first byte as raw deflate, and fails).
        if (coding === "deflate") {
          assert.deepEqual([...r.body.subarray(0, 2)], [0x78, 0x01]);
        }
        assert.equal(json.method, "GET");
        assert.equal(json.headers.Host, "127.0.0.1");
        if (accept !== null) {
          assert.equal(json.headers["Accept-Encoding"], accept);
        }
      }
    }
  } finally {
    await s.close();
  }
});

Deno.test("compression: HEAD has GET's headers, Content-Length included", async () => {
  const s = startServer();
  try {
    for (const [path] of FAMILIES) {
      const get = await raw(s.port, message("GET", `/api/debug/${path}`));
      const head = await raw(s.port, message("HEAD", `/api/debug/${path}`));
      assert.equal(head.body.length, 0);
      for (const h of ["content-encoding", "vary", "content-type"]) {
        assert.equal(head.headers.get(h), get.headers.get(h), `${path} ${h}`);
      }
      assert.equal(head.headers.get("content-length"), String(get.body.length));
    }
  } finally {
    await s.close();
  }
});

Deno.test("compression: a body depends on its own request only (same request, same bytes, whatever came before)", async () => {
  const s = startServer();
  try {
    for (const [path, , , decode] of FAMILIES) {
      const url = `/api/debug/${path}`;
      const ask = (headers: Record<string, string>) =>
        raw(s.port, message("GET", url, headers));
      const first = await ask({ "x-probe": "same" });
      // Another request in between, with a body that shares most bytes.
      await ask({ "x-probe": "other", "x-more": "same same same" });
      const again = await ask({ "x-probe": "same" });
      assert.deepEqual(again.body, first.body, path);
      const json = JSON.parse(new TextDecoder().decode(decode(again.body)));
      assert.equal(json.headers["X-Probe"], "same");
      assert.equal(json.headers["X-More"], undefined);
    }
  } finally {
    await s.close();
  }
});

Deno.test({
  name:
    "compression: curl --compressed decodes every coding (zlib's and libbrotli's C decoders)",
  ignore: !CURL,
}, async () => {
  const s = startServer();
  try {
    for (const [path, , flag] of FAMILIES) {
      // Long, repetitive headers: a body of kilobytes with many copies.
      const long = "abc, def; ".repeat(300);
      const { code, stdout, stderr } = await curl([
        "--compressed",
        "-H",
        `x-long: ${long}`,
        "-H",
        "x-short: 1",
        `${s.origin}/api/debug/${path}`,
      ]);
      assert.equal(code, 0, `${path}: ${stderr}`);
      const json = JSON.parse(stdout);
      assert.equal(json[flag], true, path);
      assert.equal(json.headers["X-Long"], long.trim());
      assert.equal(json.headers["X-Short"], "1");
    }
  } finally {
    await s.close();
  }
});
