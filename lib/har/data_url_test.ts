import assert from "node:assert/strict";
import { dataUrlBody, dataUrlBytes } from "./data_url.ts";
import { DECODE_CHARS, PREVIEW_CHARS, previewBody } from "./body.ts";
import { entryDetail } from "./detail.ts";
import { parseHarText } from "./parse.ts";
import { harDoc } from "../../tests/helpers/har_doc.ts";
import { corpusDir } from "../../tests/helpers/corpus.ts";
import { cpuMs } from "../../tests/helpers/cpu_time.ts";

Deno.test("data URL: percent-encoded, its media type and charset", () => {
  assert.deepEqual(
    dataUrlBody("data:text/css;charset=utf-8,body%7btext-align%3acenter%3b%7d"),
    {
      kind: "text",
      text: "body{text-align:center;}",
      truncated: false,
      size: 24,
    },
  );
  // UTF-8 bytes percent-encoded, and characters written as they are.
  const d = dataUrlBody("data:text/plain;charset=UTF-8,caf%C3%A9 %E2%82%AC é");
  assert.equal(d?.kind === "text" && d.text, "café € é");
  // No media type: text/plain;charset=US-ASCII (windows-1252 as the
  // Encoding Standard reads it).
  const a = dataUrlBody("data:,A%20brief%20note%E9");
  assert.equal(a?.kind === "text" && a.text, "A brief noteé");
  // Only a charset: text/plain with it.
  const c = dataUrlBody("data:;charset=utf-8,%C3%A9");
  assert.equal(c?.kind === "text" && c.text, "é");
});

Deno.test("data URL: base64, text, JSON and images", () => {
  const t = dataUrlBody("data:text/plain;base64,SGVsbG8sIFdvcmxkIQ==");
  assert.equal(t?.kind === "text" && t.text, "Hello, World!");
  // Case-insensitive ;base64, percent-encoding undone first (Fetch).
  const p = dataUrlBody("data:text/plain;BASE64,SGVsbG8%3D");
  assert.equal(p?.kind === "text" && p.text, "Hello");
  const j = dataUrlBody(`data:application/json;base64,${btoa('{"a":1}')}`);
  assert.equal(j?.kind, "json");
  const png = dataUrlBody("data:image/png;base64,iVBORw0KGgo=");
  assert.deepEqual(png, {
    kind: "image",
    mime: "image/png",
    base64: "iVBORw0KGgo=",
  });
  const svg = dataUrlBody(
    "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg'/%3E",
  );
  assert.equal(
    svg?.kind === "image" && svg.svg,
    "<svg xmlns='http://www.w3.org/2000/svg'/>",
  );
  const bin = dataUrlBody("data:application/octet-stream,%00%01%02");
  assert.deepEqual(bin, {
    kind: "binary",
    mime: "application/octet-stream",
    size: 3,
  });
});

Deno.test("data URL: not one, or without a comma: nothing", () => {
  assert.equal(dataUrlBody("https://a.example/"), null);
  assert.equal(dataUrlBody("data:text/plain"), null);
  // Schemes are case-insensitive.
  const u = dataUrlBody("DATA:,x");
  assert.equal(u?.kind === "text" && u.text, "x");
});

Deno.test("data URL: a 50 MB one is previewed in bounds, fast", () => {
  const big = "data:text/plain," + "a%20".repeat(12_500_000);
  let d!: ReturnType<typeof dataUrlBody>;
  const textMs = cpuMs(() => d = dataUrlBody(big));
  assert.ok(textMs < 3000, `${textMs} ms`);
  assert.ok(d?.kind === "text" && d.truncated);
  assert.ok(d?.kind === "text" && d.text.length === PREVIEW_CHARS);
  assert.ok(d?.kind === "text" && d.size === 25_000_000);
  const b64 = "data:text/plain;base64," + "YWJj".repeat(12_500_000);
  let e!: ReturnType<typeof dataUrlBody>;
  const base64Ms = cpuMs(() => e = dataUrlBody(b64));
  assert.ok(base64Ms < 3000, `${base64Ms} ms`);
  assert.ok(e?.kind === "text" && e.truncated);
  assert.ok(e?.kind === "text" && e.text.startsWith("abcabc"));
  // A 50 MB image is not drawn: too large, said as binary.
  const img = dataUrlBody("data:image/png;base64," + "A".repeat(50_000_000));
  assert.equal(img?.kind, "binary");
});

Deno.test("data URL: the detail previews a data: entry's body when the file has no text", () => {
  const doc = harDoc([{
    url: "data:text/css;charset=utf-8,body%7btext-align%3acenter%3b%7d",
    mime: "",
    contentSize: -1,
  }]);
  const { doc: d, raw } = parseHarText(JSON.stringify(doc));
  const body = entryDetail(raw[0], d.entries[0]).responseBody;
  assert.equal(body.kind === "text" && body.text, "body{text-align:center;}");
  // A recorded text still wins.
  const withText = parseHarText(JSON.stringify(harDoc([{
    url: "data:text/plain,from-url",
    mime: "text/plain",
    text: "recorded",
  }])));
  const r = entryDetail(withText.raw[0], withText.doc.entries[0]).responseBody;
  assert.equal(r.kind === "text" && r.text, "recorded");
});

Deno.test("data URL: a hostile 50 MB data: entry's detail stays quick", () => {
  const big = "data:text/html," + "%3Cp%3E".repeat(7_200_000);
  const { doc, raw } = parseHarText(
    JSON.stringify(harDoc([{ url: big, mime: "", contentSize: -1 }])),
  );
  let body!: ReturnType<typeof entryDetail>["responseBody"];
  const ms = cpuMs(() =>
    body = entryDetail(raw[0], doc.entries[0]).responseBody
  );
  assert.ok(ms < 3000, `${ms} ms`);
  assert.ok(body.kind === "text" && body.truncated);
  assert.ok(body.kind === "text" && body.text.startsWith("<p><p>"));
});

const DIR = corpusDir("har");
Deno.test({
  name: "data URL: harviewer-data-url.har's entry shows its CSS",
  ignore: DIR === null,
  fn: async () => {
    const { doc, raw } = parseHarText(
      await Deno.readTextFile(`${DIR}harviewer-data-url.har`),
    );
    const body = entryDetail(raw[0], doc.entries[0]).responseBody;
    assert.equal(
      body.kind === "text" && body.text,
      "body{text-align:center;}",
    );
  },
});

Deno.test("dataUrlBytes: the whole body a data: URL carries, to save", () => {
  const text = (u: string) => {
    const b = dataUrlBytes(u);
    return b && [new TextDecoder().decode(b.data), b.type];
  };
  assert.deepEqual(text("data:text/css,body%7Bx:1%7D"), [
    "body{x:1}",
    "text/css",
  ]);
  assert.deepEqual(text("data:;base64,aGk="), ["hi", "text/plain"]);
  assert.deepEqual(text("data:,a%20b"), ["a b", "text/plain"]);
  assert.deepEqual(text("data:application/json;base64, eyJ h Ijox fQ=="), [
    '{"a":1}',
    "application/json",
  ]);
  assert.equal(dataUrlBytes("data:;base64,@@@"), null);
  assert.equal(dataUrlBytes("https://a.test/x"), null);
  assert.equal(dataUrlBytes("data:text/plain"), null);
  // Whole, past the preview's bound.
  const big = "x".repeat(5_000_000);
  assert.equal(dataUrlBytes(`data:,${big}`)?.data.length, big.length);
});

Deno.test("data URL: a large base64 SVG is drawn from all of it, or past the image bound shown as text, as a recorded one is: never an image of its first part", () => {
  const svg = (n: number) =>
    "<svg xmlns='http://www.w3.org/2000/svg'>" + "<g/>".repeat(n) + "</svg>";
  // 3.2 MB of base64: past the text's decoding bound, within the image's.
  const drawn = btoa(svg(600_000));
  const d = dataUrlBody(`data:image/svg+xml;base64,${drawn}`);
  assert.equal(d?.kind, "image");
  assert.ok(d?.kind === "image" && d.base64 === drawn, "all of its base64");
  assert.deepEqual(
    d,
    previewBody(drawn, "base64", "image/svg+xml", svg(600_000).length),
  );
  // 8.5 MB: past the image bound, its text, cut for the preview.
  const source = svg(1_600_000);
  const t = dataUrlBody(`data:image/svg+xml;base64,${btoa(source)}`);
  assert.ok(t?.kind === "text", t?.kind);
  assert.ok(t.truncated);
  assert.equal(t.size, source.length);
  assert.ok(t.text.startsWith("<svg xmlns='http://www.w3.org/2000/svg'><g/>"));
});

Deno.test("data URL: a UTF-8 character cut where the preview stops decoding is held back, not read as invalid bytes", () => {
  // "é" as %C3%A9, its first byte the last the preview decodes.
  const url = "data:text/plain;charset=utf-8," + "a".repeat(DECODE_CHARS - 3) +
    "%C3%A9" + "b".repeat(10);
  const d = dataUrlBody(url);
  assert.ok(d?.kind === "text", JSON.stringify(d).slice(0, 200));
  assert.ok(d.truncated);
  assert.ok(d.text.endsWith("a"));
  assert.equal(d.size, DECODE_CHARS - 3 + 2 + 10);
});

Deno.test("data URL: sizes count what is sent: base64's `/` and `+` letters, a lone surrogate as U+FFFD's 3 bytes", () => {
  const size = (u: string) => {
    const d = dataUrlBody(u);
    return d && "size" in d ? d.size : null;
  };
  const CASES: [string, string, number][] = [
    ["ok/base64 with slashes", "data:application/octet-stream;base64,AB//", 3],
    ["ok/base64 with pluses", "data:application/octet-stream;base64,AB++", 3],
    ["ok/a pair is 4 bytes", "data:,a\u{1F600}b", 6],
    ["bad/a lone high surrogate is U+FFFD", "data:,a\uD800b", 5],
    ["bad/a lone high surrogate at the end", "data:,a\uD800", 4],
    ["bad/a lone low surrogate is U+FFFD", "data:,a\uDC00b", 5],
  ];
  for (const [name, url, want] of CASES) assert.equal(size(url), want, name);
});

Deno.test("data URL: `data:;charset=...` is text/plain with that charset", () => {
  assert.deepEqual(
    dataUrlBytes("data:;charset=utf-8,%C3%A9")?.type,
    "text/plain",
  );
  const b = dataUrlBytes("data:;charset=utf-8;base64,w6k=");
  assert.deepEqual(b && [new TextDecoder().decode(b.data), b.type], [
    "é",
    "text/plain",
  ]);
  // Read in its charset: ISO-8859-7's 0xE1 is α.
  const g = dataUrlBody("data:;charset=iso-8859-7,%E1");
  assert.equal(g?.kind === "text" && g.text, "α");
});
