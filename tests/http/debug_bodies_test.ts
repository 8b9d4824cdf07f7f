/**
 * Generated bodies over real TCP: `/bytes`, `/stream-bytes` and `/range`
 * with fetch, a raw socket for the exact framing (206, 416, HEAD, chunk
 * sizes), and curl for ranges and resuming a partial download.
 */
import assert from "node:assert/strict";
import { message, raw, startDebug } from "../helpers/debug_server.ts";
import { parseChunked } from "../helpers/chunked.ts";
import { hasCurl } from "../helpers/curl.ts";

const CURL = await hasCurl();

const ABC = "abcdefghijklmnopqrstuvwxyz";
const enc = new TextEncoder();
const latin1 = new TextDecoder("latin1");

/** The `/range/{n}` body from `first` to `last`, the obvious way. */
function letters(first: number, last: number): string {
  let s = "";
  for (let i = first; i <= last; i++) s += ABC[i % 26];
  return s;
}

async function bytesOf(res: Response): Promise<Uint8Array> {
  return new Uint8Array(await res.arrayBuffer());
}

const P = "/api/debug";

Deno.test("bodies: /bytes gives n seeded bytes with Content-Length over TCP", async () => {
  const s = startDebug();
  try {
    const a = await fetch(`${s.base}/bytes/1000?seed=42`);
    assert.equal(a.status, 200);
    assert.equal(a.headers.get("content-type"), "application/octet-stream");
    assert.equal(a.headers.get("content-length"), "1000");
    assert.equal(a.headers.get("access-control-allow-origin"), "*");
    assert.match(a.headers.get("cache-control")!, /^no-store\b/);
    const first = await bytesOf(a);
    assert.equal(first.length, 1000);
    const b = await bytesOf(await fetch(`${s.base}/bytes/1000?seed=42`));
    assert.deepEqual(b, first);
    const c = await bytesOf(await fetch(`${s.base}/bytes/1000?seed=43`));
    assert.notDeepEqual(c, first);
    // Never compressed: these are the bytes the client asked for.
    const gz = await raw(
      s.port,
      message("GET", `${P}/bytes/1000?seed=42`, { "accept-encoding": "gzip" }),
    );
    assert.equal(gz.headers.get("content-encoding"), undefined);
    assert.deepEqual(gz.body, first);
    const zero = await fetch(`${s.base}/bytes/0`);
    assert.equal(zero.headers.get("content-length"), "0");
    assert.equal((await bytesOf(zero)).length, 0);
  } finally {
    await s.close();
  }
});

Deno.test("bodies: /stream-bytes is chunked in chunk_size writes on the wire", async () => {
  const s = startDebug();
  try {
    const whole = await bytesOf(await fetch(`${s.base}/bytes/1000?seed=9`));
    const cases: [string, number[]][] = [
      ["?seed=9&chunk_size=300", [300, 300, 300, 100]],
      ["?seed=9&chunk_size=1000", [1000]],
      ["?seed=9&chunk_size=1024", [1000]],
      ["?seed=9&chunk_size=1", Array(1000).fill(1)],
      // The default is 10,240 bytes.
      ["?seed=9", [1000]],
    ];
    for (const [query, sizes] of cases) {
      const r = await raw(
        s.port,
        message("GET", `${P}/stream-bytes/1000${query}`),
      );
      assert.equal(r.status, 200, query);
      assert.equal(r.headers.get("transfer-encoding"), "chunked", query);
      assert.equal(r.headers.get("content-length"), undefined, query);
      const body = parseChunked(r.body);
      assert.ok(body.complete, query);
      assert.deepEqual(body.chunks.map((c) => c.length), sizes, query);
      assert.deepEqual(body.data, whole, query);
    }
    const big = await raw(
      s.port,
      message("GET", `${P}/stream-bytes/30000?seed=9`),
    );
    assert.deepEqual(
      parseChunked(big.body).chunks.map((c) => c.length),
      [10_240, 10_240, 9520],
    );
    const empty = parseChunked(
      (await raw(s.port, message("GET", `${P}/stream-bytes/0`))).body,
    );
    assert.ok(empty.complete);
    assert.equal(empty.chunks.length, 0);
  } finally {
    await s.close();
  }
});

Deno.test("bodies: HEAD states the GET's length and sends no body", async () => {
  const s = startDebug();
  try {
    const cases: [string, string, Record<string, string>][] = [
      ["/bytes/1000", "1000", {}],
      ["/bytes/0", "0", {}],
      ["/stream-bytes/1000?chunk_size=10", "1000", {}],
      ["/range/1000", "1000", {}],
      ["/range/1000", "10", { range: "bytes=10-19" }],
    ];
    for (const [path, len, headers] of cases) {
      const r = await raw(s.port, message("HEAD", `${P}${path}`, headers));
      assert.equal(r.headers.get("content-length"), len, path);
      assert.equal(r.headers.get("transfer-encoding"), undefined, path);
      assert.equal(r.body.length, 0, path);
    }
  } finally {
    await s.close();
  }
});

Deno.test("bodies: /range without Range is the whole alphabet body", async () => {
  const s = startDebug();
  try {
    for (const n of [0, 1, 26, 27, 1000]) {
      const res = await fetch(`${s.base}/range/${n}`);
      assert.equal(res.status, 200);
      assert.equal(res.headers.get("accept-ranges"), "bytes");
      assert.equal(res.headers.get("etag"), `"range${n}"`);
      assert.equal(res.headers.get("content-length"), String(n));
      assert.equal(latin1.decode(await bytesOf(res)), letters(0, n - 1));
    }
  } finally {
    await s.close();
  }
});

/** [name, Range, n, expected Content-Range, first, last]. */
const SINGLE: [string, string, number, number, number][] = [
  ["ok/first ten", "bytes=0-9", 100, 0, 9],
  ["ok/middle", "bytes=30-59", 100, 30, 59],
  ["ok/suffix", "bytes=-7", 100, 93, 99],
  ["ok/suffix over the length", "bytes=-1000", 100, 0, 99],
  ["ok/open", "bytes=95-", 100, 95, 99],
  ["ok/last clamped", "bytes=90-5000", 100, 90, 99],
  ["ok/huge last", "bytes=1-99999999999999999999", 100, 1, 99],
  ["ok/one of two satisfiable", "bytes=500-600,2-3", 100, 2, 3],
];

for (const [name, range, n, first, last] of SINGLE) {
  Deno.test(`bodies: /range ${name} is one 206 part`, async () => {
    const s = startDebug();
    try {
      const res = await fetch(`${s.base}/range/${n}`, { headers: { range } });
      assert.equal(res.status, 206);
      assert.equal(
        res.headers.get("content-range"),
        `bytes ${first}-${last}/${n}`,
      );
      assert.equal(res.headers.get("content-type"), "application/octet-stream");
      assert.equal(res.headers.get("content-length"), String(last - first + 1));
      assert.equal(res.headers.get("etag"), `"range${n}"`);
      assert.equal(latin1.decode(await bytesOf(res)), letters(first, last));
    } finally {
      await s.close();
    }
  });
}

/** One part of a multipart/byteranges body. */
interface Part {
  headers: Map<string, string>;
  body: string;
}

/** Splits a multipart/byteranges body (RFC 9110 §14.6, RFC 2046 §5.1.1). */
function parseByteranges(body: string, boundary: string): Part[] {
  const delim = `--${boundary}`;
  assert.ok(body.startsWith(`${delim}\r\n`), "starts with the boundary");
  assert.ok(
    body.endsWith(`\r\n${delim}--\r\n`),
    "ends with the close delimiter",
  );
  const inner = body.slice(delim.length + 2, -(delim.length + 6));
  return inner.split(`\r\n${delim}\r\n`).map((part) => {
    const split = part.indexOf("\r\n\r\n");
    assert.ok(split > 0, `part headers: ${part.slice(0, 80)}`);
    const headers = new Map<string, string>();
    for (const line of part.slice(0, split).split("\r\n")) {
      const i = line.indexOf(":");
      headers.set(line.slice(0, i).toLowerCase(), line.slice(i + 1).trim());
    }
    return { headers, body: part.slice(split + 4) };
  });
}

const MULTI: [string, string, number, [number, number][]][] = [
  ["ok/two", "bytes=0-9,20-29", 100, [[0, 9], [20, 29]]],
  ["ok/request order kept", "bytes=50-52,0-1", 100, [[50, 52], [0, 1]]],
  ["ok/suffix and open", "bytes=-3,0-0,97-", 100, [[97, 99], [0, 0], [97, 99]]],
  ["ok/overlapping", "bytes=0-50,40-60", 100, [[0, 50], [40, 60]]],
  ["ok/unsatisfiable ones dropped", "bytes=0-1,100-,5-6", 100, [[0, 1], [
    5,
    6,
  ]]],
  ["ok/big parts", "bytes=0-99999,500000-", 600_000, [[0, 99_999], [
    500_000,
    599_999,
  ]]],
];

for (const [name, range, n, want] of MULTI) {
  Deno.test(`bodies: /range ${name} is multipart/byteranges`, async () => {
    const s = startDebug();
    try {
      const res = await fetch(`${s.base}/range/${n}`, { headers: { range } });
      assert.equal(res.status, 206);
      assert.equal(res.headers.get("content-range"), null);
      const type = res.headers.get("content-type")!;
      const m = /^multipart\/byteranges; boundary=([^;\s]+)$/.exec(type);
      assert.ok(m, type);
      const boundary = m[1];
      const text = latin1.decode(await bytesOf(res));
      assert.equal(Number(res.headers.get("content-length")), text.length);
      const parts = parseByteranges(text, boundary);
      assert.equal(parts.length, want.length);
      parts.forEach((p, i) => {
        const [first, last] = want[i];
        assert.equal(p.headers.get("content-type"), "application/octet-stream");
        assert.equal(
          p.headers.get("content-range"),
          `bytes ${first}-${last}/${n}`,
        );
        assert.equal(p.body, letters(first, last), `part ${i}`);
        assert.ok(!p.body.includes(boundary), "boundary not in the data");
      });
    } finally {
      await s.close();
    }
  });
}

Deno.test("bodies: /range bad/ranges adding up past the body are merged, never more than maxBytes of data", async () => {
  const s = startDebug({ maxBytes: 1000 });
  try {
    const range = `bytes=${Array(16).fill("0-").join(",")}`;
    const res = await fetch(`${s.base}/range/1000`, { headers: { range } });
    assert.equal(res.status, 206);
    assert.equal(res.headers.get("content-range"), "bytes 0-999/1000");
    assert.equal(latin1.decode(await bytesOf(res)), letters(0, 999));
    // Several disjoint parts survive the merge, each sent once.
    const some = await fetch(`${s.base}/range/1000`, {
      headers: { range: `bytes=900-,0-9,${"0-499,".repeat(3)}950-` },
    });
    assert.equal(some.status, 206);
    const type = some.headers.get("content-type")!;
    const boundary = /boundary=([^;\s]+)$/.exec(type)![1];
    const parts = parseByteranges(latin1.decode(await bytesOf(some)), boundary);
    assert.deepEqual(
      parts.map((p) => p.headers.get("content-range")),
      ["bytes 0-499/1000", "bytes 900-999/1000"],
    );
    assert.equal(parts[0].body, letters(0, 499));
    assert.equal(parts[1].body, letters(900, 999));
  } finally {
    await s.close();
  }
});

Deno.test("bodies: /range ignores a malformed Range or another unit (whole 200)", async () => {
  const s = startDebug();
  try {
    for (
      const range of [
        "bytes=5-1",
        "items=0-1",
        "bytes=a-b",
        "bytes=",
        `bytes=${"0-0,".repeat(17)}`,
      ]
    ) {
      const res = await fetch(`${s.base}/range/50`, { headers: { range } });
      assert.equal(res.status, 200, range);
      assert.equal(res.headers.get("content-range"), null, range);
      assert.equal(latin1.decode(await bytesOf(res)), letters(0, 49), range);
    }
  } finally {
    await s.close();
  }
});

Deno.test("bodies: If-Range with the ETag (quoted or not) keeps the Range; anything else gets the whole 200", async () => {
  const s = startDebug();
  try {
    const cases: [string, number][] = [
      ['"range100"', 206],
      [' "range100" ', 206],
      // Unquoted, as python httpbin's ETag is written and sent back.
      ["range100", 206],
      ["range101", 200],
      ['"range101"', 200],
      ['W/"range100"', 200],
      ['"other"', 200],
      ["Wed, 21 Oct 2015 07:28:00 GMT", 200],
    ];
    for (const [ifRange, status] of cases) {
      const res = await fetch(`${s.base}/range/100`, {
        headers: { range: "bytes=10-19", "if-range": ifRange },
      });
      assert.equal(res.status, status, ifRange);
      const body = latin1.decode(await bytesOf(res));
      if (status === 206) {
        assert.equal(res.headers.get("content-range"), "bytes 10-19/100");
        assert.equal(body, letters(10, 19));
      } else {
        assert.equal(res.headers.get("content-range"), null, ifRange);
        assert.equal(body, letters(0, 99), ifRange);
      }
    }
    // If-Range without Range changes nothing.
    const plain = await fetch(`${s.base}/range/10`, {
      headers: { "if-range": '"range10"' },
    });
    assert.equal(plain.status, 200);
    assert.equal(await plain.text(), letters(0, 9));
    // A mismatching If-Range even saves an unsatisfiable Range from 416.
    const whole = await fetch(`${s.base}/range/10`, {
      headers: { range: "bytes=50-", "if-range": '"nope"' },
    });
    assert.equal(whole.status, 200);
    assert.equal(await whole.text(), letters(0, 9));
  } finally {
    await s.close();
  }
});

Deno.test("bodies: /range evaluates If-Match and If-None-Match before the Range (RFC 9110 §13.2.2)", async () => {
  const s = startDebug();
  try {
    const cases: [Record<string, string>, number, string | null][] = [
      [{ "if-match": '"range100"' }, 206, null],
      [{ "if-match": '"other", "range100"' }, 206, null],
      [{ "if-match": "*" }, 206, null],
      [{ "if-match": '"x"' }, 412, "If-Match"],
      // If-Match compares strongly (§13.1.1).
      [{ "if-match": 'W/"range100"' }, 412, "If-Match"],
      [{ "if-none-match": '"range100"' }, 304, null],
      // If-None-Match compares weakly (§13.1.2).
      [{ "if-none-match": 'W/"range100"' }, 304, null],
      [{ "if-none-match": "*" }, 304, null],
      [{ "if-none-match": '"other"' }, 206, null],
      // If-Match fails first, whatever If-None-Match says (§13.2.2).
      [{ "if-match": '"x"', "if-none-match": '"range100"' }, 412, "If-Match"],
      [{ "if-none-match": '"a", *' }, 400, "If-None-Match"],
      [{ "if-match": 'W/"' }, 400, "If-Match"],
    ];
    for (const [headers, status, param] of cases) {
      const what = JSON.stringify(headers);
      const res = await fetch(`${s.base}/range/100`, {
        headers: { range: "bytes=10-19", ...headers },
      });
      assert.equal(res.status, status, what);
      if (status === 206) {
        assert.equal(latin1.decode(await bytesOf(res)), letters(10, 19), what);
      } else if (status === 304) {
        assert.equal(res.headers.get("etag"), '"range100"', what);
        assert.equal(await res.text(), "", what);
      } else {
        assert.equal((await res.json()).param, param, what);
      }
    }
  } finally {
    await s.close();
  }
});

Deno.test("bodies: the exact bytes of a 206 on the wire", async () => {
  const s = startDebug();
  try {
    const r = await raw(
      s.port,
      message("GET", `${P}/range/100`, { range: "bytes=26-30" }),
    );
    assert.match(r.head, /^HTTP\/1\.1 206 Partial Content\r\n/);
    assert.equal(r.headers.get("content-range"), "bytes 26-30/100");
    assert.equal(r.headers.get("content-length"), "5");
    assert.equal(r.headers.get("transfer-encoding"), undefined);
    assert.equal(r.headers.get("accept-ranges"), "bytes");
    assert.equal(latin1.decode(r.body), "abcde");
  } finally {
    await s.close();
  }
});

Deno.test("bodies: 416 for nothing satisfiable: Content-Range bytes */n and a framed problem", async () => {
  const s = startDebug();
  try {
    const cases: [number, string][] = [
      [100, "bytes=100-"],
      [100, "bytes=200-300"],
      [100, "bytes=-0"],
      [100, "bytes=100-,200-"],
      [0, "bytes=0-"],
      [100, "bytes=99999999999999999999-"],
    ];
    for (const [n, range] of cases) {
      const r = await raw(s.port, message("GET", `${P}/range/${n}`, { range }));
      assert.match(r.head, /^HTTP\/1\.1 416 Range Not Satisfiable\r\n/, range);
      assert.equal(r.headers.get("content-range"), `bytes */${n}`, range);
      assert.equal(r.headers.get("transfer-encoding"), undefined, range);
      assert.equal(
        r.headers.get("content-length"),
        String(r.body.length),
        range,
      );
      assert.equal(r.headers.get("content-type"), "application/problem+json");
      const problem = JSON.parse(new TextDecoder().decode(r.body));
      assert.equal(problem.status, 416);
      assert.equal(problem.param, "Range");
    }
    const head = await raw(
      s.port,
      message("HEAD", `${P}/range/100`, { range: "bytes=100-" }),
    );
    assert.equal(head.status, 416);
    assert.equal(head.headers.get("content-range"), "bytes */100");
    assert.equal(head.body.length, 0);
  } finally {
    await s.close();
  }
});

Deno.test("bodies: over maxBytes is 400 problem+json naming n", async () => {
  const s = startDebug({ maxBytes: 1000 });
  try {
    for (const path of ["/bytes/1000", "/stream-bytes/1000", "/range/1000"]) {
      const ok = await fetch(`${s.base}${path}`);
      assert.equal(ok.status, 200, path);
      assert.equal((await bytesOf(ok)).length, 1000, path);
    }
    for (const path of ["/bytes/1001", "/stream-bytes/1001", "/range/1001"]) {
      const res = await fetch(`${s.base}${path}`);
      assert.equal(res.status, 400, path);
      assert.equal(res.headers.get("content-type"), "application/problem+json");
      const p = await res.json();
      assert.equal(p.param, "n", path);
      assert.match(p.detail, /1000/, path);
    }
    const chunk = await fetch(`${s.base}/stream-bytes/10?chunk_size=1001`);
    assert.equal(chunk.status, 400);
    assert.equal((await chunk.json()).param, "chunk_size");
  } finally {
    await s.close();
  }
});

async function curl(
  args: string[],
): Promise<{ code: number; out: Uint8Array }> {
  const { code, stdout } = await new Deno.Command("curl", {
    args: ["-sS", "--max-time", "20", ...args],
    stdout: "piped",
    stderr: "null",
  }).output();
  return { code, out: stdout };
}
Deno.test({
  name:
    "bodies: curl --range and a resumed download (-C -) give the right bytes",
  ignore: !CURL,
}, async (t) => {
  const s = startDebug();
  const dir = await Deno.makeTempDir();
  try {
    await t.step("--range 0-9", async () => {
      const { code, out } = await curl([
        "--range",
        "0-9",
        `${s.base}/range/1000`,
      ]);
      assert.equal(code, 0);
      assert.equal(latin1.decode(out), "abcdefghij");
    });
    await t.step("--range 5-7,-2 (multipart)", async () => {
      const { code, out } = await curl([
        "--range",
        "5-7,-2",
        `${s.base}/range/100`,
      ]);
      assert.equal(code, 0);
      const text = latin1.decode(out);
      assert.match(text, /Content-Range: bytes 5-7\/100\r\n\r\nfgh\r\n/);
      assert.match(text, /Content-Range: bytes 98-99\/100\r\n\r\nuv\r\n/);
    });
    await t.step("-C - resumes a partial file to the whole body", async () => {
      const file = `${dir}/part.bin`;
      const n = 100_000;
      await Deno.writeFile(file, enc.encode(letters(0, 36_999)));
      const { code } = await curl([
        "-C",
        "-",
        "-o",
        file,
        `${s.base}/range/${n}`,
      ]);
      assert.equal(code, 0);
      const got = latin1.decode(await Deno.readFile(file));
      assert.equal(got.length, n);
      assert.ok(got === letters(0, n - 1), "resumed file equals the body");
    });
    await t.step("-C - on a complete file: 416, file unchanged", async () => {
      const file = `${dir}/done.bin`;
      await Deno.writeFile(file, enc.encode(letters(0, 99)));
      const { code } = await curl([
        "-C",
        "-",
        "-o",
        file,
        `${s.base}/range/100`,
      ]);
      // curl treats a 416 to a resume of a complete file as done.
      assert.equal(code, 0);
      assert.equal(latin1.decode(await Deno.readFile(file)), letters(0, 99));
    });
  } finally {
    await Deno.remove(dir, { recursive: true });
    await s.close();
  }
});
