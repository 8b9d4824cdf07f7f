/** Sample documents, `/uuid` and `/base64`. */
import assert from "node:assert/strict";
import { decodeBase64, uuid4 } from "./documents.ts";
import { createDebugHandler } from "../mod.ts";

const V4 =
  /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

Deno.test("uuid4: ok/version and variant bits are set whatever the bytes", () => {
  assert.equal(
    uuid4(new Uint8Array(16)),
    "00000000-0000-4000-8000-000000000000",
  );
  assert.equal(
    uuid4(new Uint8Array(16).fill(255)),
    "ffffffff-ffff-4fff-bfff-ffffffffffff",
  );
  for (let i = 0; i < 50; i++) {
    assert.match(uuid4(crypto.getRandomValues(new Uint8Array(16))), V4);
  }
});

const B64: [string, string, number[] | null][] = [
  ["ok/padded", "aGk=", [104, 105]],
  ["ok/unpadded", "aGk", [104, 105]],
  ["ok/url alphabet", "-_8", [0xfb, 0xff]],
  ["ok/standard alphabet", "+/8=", [0xfb, 0xff]],
  ["ok/empty", "", []],
  ["bad/one char left over", "a", null],
  ["bad/not base64", "a*b=", null],
  ["bad/space", "aG k", null],
  ["bad/padding alone", "====", null],
  ["bad/one =", "=", null],
];
for (const [name, text, want] of B64) {
  Deno.test(`decodeBase64: ${name}`, () => {
    const got = decodeBase64(text);
    assert.deepEqual(got === null ? null : [...got], want);
  });
}

const handler = createDebugHandler();
const call = async (path: string, init?: RequestInit) => {
  const res = await handler(
    new Request(`http://wb.test/api/debug${path}`, init),
  );
  return { res, bytes: new Uint8Array(await res.arrayBuffer()) };
};
const text = (b: Uint8Array) => new TextDecoder().decode(b);

const DOCS: [string, string, string, (body: string) => void][] = [
  ["ok//json", "/json", "application/json", (b) => {
    assert.equal(typeof JSON.parse(b), "object");
  }],
  ["ok//xml", "/xml", "application/xml", (b) => {
    assert.match(b, /^<\?xml version="1.0" encoding="UTF-8"\?>/);
  }],
  ["ok//html", "/html", "text/html; charset=utf-8", (b) => {
    assert.match(b, /^<!DOCTYPE html>/);
    assert.doesNotMatch(b, /<script/i);
  }],
  ["ok//forms/post", "/forms/post", "text/html; charset=utf-8", (b) => {
    assert.match(b, /<form method="post" action="\/api\/debug\/post">/);
    for (
      const name of ["custname", "custtel", "custemail", "size", "topping"]
    ) {
      assert.match(b, new RegExp(`name="${name}"`));
    }
    assert.doesNotMatch(b, /<script/i);
  }],
  ["ok//robots.txt", "/robots.txt", "text/plain; charset=utf-8", (b) => {
    assert.equal(b, "User-agent: *\nDisallow: /api/debug/deny\n");
  }],
  ["ok//deny", "/deny", "text/plain; charset=utf-8", (b) => {
    assert.ok(b.length > 0);
  }],
  ["ok//encoding/utf8", "/encoding/utf8", "text/html; charset=utf-8", (b) => {
    assert.match(b, /Straße/);
    assert.match(b, /😀/);
  }],
];
for (const [name, path, type, check] of DOCS) {
  Deno.test(`documents handler: ${name}`, async () => {
    const a = await call(path);
    const b = await call(path);
    assert.equal(a.res.status, 200);
    assert.equal(a.res.headers.get("content-type"), type);
    assert.equal(a.res.headers.get("x-content-type-options"), "nosniff");
    assert.deepEqual(a.bytes, b.bytes, "the same bytes every time");
    check(text(a.bytes));
    const head = await call(path, { method: "HEAD" });
    assert.equal(head.bytes.length, 0);
    assert.equal(
      head.res.headers.get("content-length"),
      String(a.bytes.length),
    );
  });
}

Deno.test("documents handler: ok//uuid is v4, seeded is stable", async () => {
  const one = JSON.parse(text((await call("/uuid")).bytes)).uuid;
  const two = JSON.parse(text((await call("/uuid")).bytes)).uuid;
  assert.match(one, V4);
  assert.notEqual(one, two);
  const s1 = JSON.parse(text((await call("/uuid?seed=42")).bytes)).uuid;
  const s2 = JSON.parse(text((await call("/uuid?seed=42")).bytes)).uuid;
  const s3 = JSON.parse(text((await call("/uuid?seed=43")).bytes)).uuid;
  assert.match(s1, V4);
  assert.equal(s1, s2);
  assert.notEqual(s1, s3);
});

const BASE64: [string, string, number, string | null, number[] | null][] = [
  [
    "ok/UTF-8 text",
    "/base64/SFRUUEJJTiBpcyBhd2Vzb21l",
    200,
    "text/plain; charset=utf-8",
    [..."HTTPBIN is awesome"].map((c) => c.charCodeAt(0)),
  ],
  ["ok/binary", "/base64/__79", 200, "application/octet-stream", [
    0xff,
    0xfe,
    0xfd,
  ]],
  [
    "ok/HTML text is still text/plain",
    `/base64/${btoa("<script>x</script>")}`,
    200,
    "text/plain; charset=utf-8",
    null,
  ],
  ["bad/not base64", "/base64/a*b", 400, "application/problem+json", null],
  // go-httpbin's spellings: /base64/decode/… as /base64/…, and encode.
  [
    "ok/decode, as go-httpbin spells it",
    "/base64/decode/V2lyZWJlbmNo",
    200,
    "text/plain; charset=utf-8",
    [..."Wirebench"].map((c) => c.charCodeAt(0)),
  ],
  [
    "ok/encode: UTF-8 in base64url with padding",
    "/base64/encode/h%C3%A9llo%3F%3E",
    200,
    "text/plain; charset=utf-8",
    [..."aMOpbGxvPz4="].map((c) => c.charCodeAt(0)),
  ],
  [
    "ok/encode: the URL-safe alphabet (- and _, not + and /)",
    "/base64/encode/~~~%3F%3E%3F",
    200,
    "text/plain; charset=utf-8",
    [..."fn5-Pz4_"].map((c) => c.charCodeAt(0)),
  ],
  [
    "ok/encode: a percent-escape is its byte, UTF-8 or not (%FF is 0xFF, %25FF the text %FF)",
    "/base64/encode/%FF%C3%A9%C3%25FF",
    200,
    "text/plain; charset=utf-8",
    [...btoa("\xff\xc3\xa9\xc3%FF").replaceAll("/", "_")].map((c) =>
      c.charCodeAt(0)
    ),
  ],
  [
    "bad/decode: padding alone",
    "/base64/decode/====",
    400,
    "application/problem+json",
    null,
  ],
  [
    "bad/encode with no value",
    "/base64/encode",
    400,
    "application/problem+json",
    null,
  ],
  [
    "bad/decode with no value",
    "/base64/decode",
    400,
    "application/problem+json",
    null,
  ],
  [
    "bad/encode: over the length cap",
    `/base64/encode/${"a".repeat(9000)}`,
    400,
    "application/problem+json",
    null,
  ],
  [
    "bad/one char left over",
    "/base64/abcde",
    400,
    "application/problem+json",
    null,
  ],
];
for (const [name, path, status, type, bytes] of BASE64) {
  Deno.test(`documents handler: /base64 ${name}`, async () => {
    const r = await call(path);
    assert.equal(r.res.status, status);
    assert.equal(r.res.headers.get("content-type"), type);
    if (bytes) assert.deepEqual([...r.bytes], bytes);
    if (status === 400) assert.equal(JSON.parse(text(r.bytes)).param, "value");
  });
}

Deno.test("samples: ok/httpbin's shapes, which suites read: slideshow in /json and /xml, Herman Melville in /html", async () => {
  const get = async (path: string) => {
    const res = await handler(new Request(`http://wb.test/api/debug${path}`));
    return { type: res.headers.get("content-type"), text: await res.text() };
  };
  const json = await get("/json");
  assert.equal(json.type, "application/json");
  const show = JSON.parse(json.text).slideshow;
  for (const key of ["title", "author", "date"]) {
    assert.equal(typeof show[key], "string", key);
  }
  assert.ok(
    show.slides.every((s: { title: unknown }) => typeof s.title === "string"),
  );
  const xml = await get("/xml");
  assert.equal(xml.type, "application/xml");
  assert.match(
    xml.text,
    /^<\?xml [^>]*\?>\n(?:<!--[^>]*-->\n)?<slideshow [^>]*>/,
  );
  assert.match(xml.text, /<slide type="all">\s*<title>/);
  const html = await get("/html");
  assert.match(html.type ?? "", /^text\/html/);
  assert.ok(html.text.includes("<h1>Herman Melville - Moby-Dick</h1>"));
});

Deno.test("documents handler: ok//forms/post may submit its form to this server, and nothing else", async () => {
  const { res } = await call("/forms/post");
  assert.equal(
    res.headers.get("content-security-policy"),
    "default-src 'none'; form-action 'self'; frame-ancestors 'none'; sandbox allow-forms",
  );
  const html = await call("/html");
  assert.match(html.res.headers.get("content-security-policy")!, /sandbox$/);
});

Deno.test("documents handler: ok//uuid under an instance seed: a new UUID each time, the same run again; a large body between does not move the next", async () => {
  const uuids = async (between: string) => {
    const h = createDebugHandler({ seed: "run" });
    const out: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await h(new Request("http://wb.test/api/debug/uuid"));
      out.push((await res.json()).uuid);
      const other = await h(new Request(`http://wb.test/api/debug${between}`));
      await other.body?.cancel();
    }
    return out;
  };
  const a = await uuids("/bytes/1");
  assert.equal(new Set(a).size, 3);
  for (const u of a) assert.match(u, V4);
  assert.deepEqual(await uuids("/bytes/100000"), a);
});
