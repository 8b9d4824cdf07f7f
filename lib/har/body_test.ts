import assert from "node:assert/strict";
import {
  charsetOf,
  cutText,
  PREVIEW_CHARS,
  previewBody,
  wholeBody,
} from "./body.ts";
import { bytesBase64 } from "../shared/base64.ts";

Deno.test("body: text cut without splitting a surrogate pair", () => {
  assert.equal(cutText("abcdef", 3), "abc");
  assert.equal(cutText("ab", 3), "ab");
  const s = "a😀b";
  const cut = cutText(s, 2);
  assert.ok(cut === "a" || cut === "a😀", JSON.stringify(cut));
});

Deno.test("body: no text is a body that was not saved, or none", () => {
  assert.equal(previewBody(undefined, undefined, "text/html", 10).kind, "none");
  assert.equal(previewBody("", undefined, "text/html", 0).kind, "none");
});

Deno.test("body: a long text body is previewed, not copied whole", () => {
  const text = "x".repeat(PREVIEW_CHARS * 2);
  const p = previewBody(text, undefined, "text/plain", text.length);
  assert.notEqual(p.kind, "none");
  assert.ok(JSON.stringify(p).length < text.length, "the preview is cut");
});

Deno.test("body: JSON is re-indented as written: big numbers, spellings and repeated keys kept", () => {
  const p = previewBody(
    '{"id":12345678901234567890,"price":1.10,"a":1,"a":2,"e":1E400}',
    undefined,
    "application/json",
    60,
  );
  assert.equal(p.kind, "json");
  assert.equal(
    p.kind === "json" ? p.text : "",
    '{\n  "id": 12345678901234567890,\n  "price": 1.10,\n  "a": 1,\n  "a": 2,\n  "e": 1E400\n}',
  );
});

Deno.test("body: deep JSON costs its preview, not its depth squared", () => {
  const depth = 20_000;
  const text = "[".repeat(depth) + "]".repeat(depth);
  const p = previewBody(text, undefined, "application/json", text.length);
  assert.equal(p.kind, "json");
  if (p.kind !== "json") return;
  assert.ok(p.truncated);
  assert.ok(p.text.length <= PREVIEW_CHARS);
  // Lines past 64 levels keep the 64th level's indent.
  const widest = Math.max(...p.text.split("\n").map((l) => l.length));
  assert.equal(widest, 2 * 64 + 1);
});

Deno.test("body: base64 text is read in its declared charset", () => {
  const latin1 = btoa("caf\xe9");
  assert.deepEqual(
    previewBody(latin1, "base64", "text/plain", 4, "iso-8859-1"),
    { kind: "text", text: "café", truncated: false, size: 4 },
  );
  // Without a charset it is not UTF-8: binary, as before.
  assert.equal(previewBody(latin1, "base64", "text/plain", 4).kind, "binary");
  assert.equal(
    previewBody(latin1, "base64", "text/plain", 4, "no-such-charset").kind,
    "binary",
  );
  assert.equal(charsetOf('text/plain; Charset="ISO-8859-1"'), "ISO-8859-1");
  assert.equal(charsetOf("text/plain"), "");
});

Deno.test("body: a whole body to save: bytes decoded, a safe name with an extension", () => {
  const png = wholeBody(
    "https://x.example/img/logo.png?v=1",
    { text: btoa("\x89PNG"), encoding: "base64" },
    "image/png",
  )!;
  assert.deepEqual(png.data, new Uint8Array([0x89, 0x50, 0x4e, 0x47]));
  assert.deepEqual([png.type, png.name], ["image/png", "logo.png"]);
  const json = wholeBody(
    "https://x.example/api/items/",
    { text: '{"a":1}' },
    "application/vnd.api+json; charset=utf-8",
  )!;
  assert.deepEqual([json.data, json.name], ['{"a":1}', "body.json"]);
  assert.equal(
    wholeBody("https://x/../a b/..%2Fetc", { text: "x" }, "constructor")!.name,
    "_2Fetc.bin",
  );
  assert.equal(wholeBody("https://x/", { text: "" }, "text/plain"), null);
  // A page's or script's extension stays only on that kind of content.
  const named = (url: string, type: string) =>
    wholeBody(url, { text: "x" }, type)!.name;
  assert.equal(named("https://x/a/x.html", "image/png"), "x.html.png");
  assert.equal(named("https://x/a/x.HTM", ""), "x.HTM.bin");
  assert.equal(named("https://x/run.js", "text/plain"), "run.js.txt");
  assert.equal(named("https://x/page.html", "text/html"), "page.html");
  assert.equal(named("https://x/app.js", "application/javascript"), "app.js");
  assert.equal(named("https://x/feed.xml", "application/atom+xml"), "feed.xml");
  assert.equal(named("https://x/logo.svg", "image/svg+xml"), "logo.svg");
  assert.equal(named("https://x/data.csv", "image/png"), "data.csv.png");
  // Only the type's own extensions stay: a script's never rides on a page.
  assert.equal(named("https://x/run.bat", "text/html"), "run.bat.html");
  assert.equal(named("https://x/run.hta", "text/html"), "run.hta.html");
  assert.equal(named("https://x/a.ps1", "text/javascript"), "a.ps1.js");
  assert.equal(named("https://x/x.pif", "text/plain"), "x.pif.txt");
  assert.equal(
    named("https://x/x.desktop", "application/x-foo"),
    "x.desktop.bin",
  );
  assert.equal(named("https://x/photo.JPEG", "image/jpeg"), "photo.JPEG");
  assert.equal(named("https://x/logo.svg", "image/png"), "logo.svg.png");
  assert.equal(named("https://x/run.sh", "text/plain"), "run.sh.txt");
  assert.equal(named("https://x/setup.exe", "image/png"), "setup.exe.png");
  // Media and archives keep their names; an unknown type keeps a harmless
  // extension, never a page's or a program's.
  assert.equal(named("https://x/v.mp4", "video/mp4"), "v.mp4");
  assert.equal(
    named("https://x/stream", "application/x-ndjson"),
    "stream.ndjson",
  );
  assert.equal(named("https://x/a.jsonl", "application/jsonl"), "a.jsonl");
  assert.equal(named("https://x/d.tar.gz", "application/gzip"), "d.tar.gz");
  assert.equal(named("https://x/p.png", "application/octet-stream"), "p.png");
  assert.equal(named("https://x/v.mkv", "video/x-matroska"), "v.mkv");
  assert.equal(
    named("https://x/x.com", "application/octet-stream"),
    "x.com.bin",
  );
  // Programs, macro documents and disk images that no list of dangerous
  // extensions named: only data and media keep their extension.
  for (
    const ext of [
      "chm",
      "xll",
      "wsc",
      "sct",
      "msix",
      "pyw",
      "docm",
      "inf",
      "iso",
      "img",
      "vhd",
      "terminal",
      "webloc",
    ]
  ) {
    assert.equal(
      named(`https://x/a.${ext}`, "application/octet-stream"),
      `a.${ext}.bin`,
      ext,
    );
    assert.equal(named(`https://x/a.${ext}`, ""), `a.${ext}.bin`, ext);
  }
  assert.equal(named("https://x/file.", "text/plain"), "file.txt");
});

Deno.test("har body: content shown as bytes says why: base64 that is not, text not in its charset", () => {
  const bad = previewBody("!!not base64!!", "base64", "text/plain", 4);
  assert.deepEqual(bad, {
    kind: "binary",
    mime: "text/plain",
    size: 4,
    note: "the recorded base64 is not valid",
  });
  const png = previewBody("!!not base64!!", "base64", "image/png", 4);
  assert.equal(
    png.kind === "binary" && png.note,
    "the recorded base64 is not valid",
  );
  const latin = previewBody(btoa("caf\xe9"), "base64", "text/plain", 4);
  assert.equal(
    latin.kind === "binary" && latin.note,
    "its bytes are not UTF-8 text",
  );
  // A binary type is bytes by nature: nothing to explain.
  const zip = previewBody(btoa("PK"), "base64", "application/zip", 2);
  assert.equal(zip.kind === "binary" && zip.note, undefined);
});

Deno.test("har body: an SVG recorded as base64 is drawn from its source, which is shown too", () => {
  const svg = '<svg xmlns="http://www.w3.org/2000/svg"/>';
  assert.deepEqual(previewBody(btoa(svg), "base64", "image/svg+xml", 42), {
    kind: "image",
    mime: "image/svg+xml",
    svg,
  });
});

Deno.test("har body: an SVG in base64 that is not UTF-8 is still drawn from its bytes", () => {
  const latin1 = btoa(
    '<?xml version="1.0" encoding="ISO-8859-1"?><svg xmlns="http://www.w3.org/2000/svg"><title>caf\xe9</title></svg>',
  );
  assert.deepEqual(previewBody(latin1, "base64", "image/svg+xml", 99), {
    kind: "image",
    mime: "image/svg+xml",
    base64: latin1,
  });
});

Deno.test("body: programs and pictures on an unlisted type get .bin; media and archives their own extension; trailing dots go", () => {
  const named = (url: string, type: string) =>
    wholeBody(url, { text: "x" }, type)!.name;
  assert.equal(
    named("https://x/setup.exe", "application/octet-stream"),
    "setup.exe.bin",
  );
  assert.equal(
    named("https://x/a.svg", "application/octet-stream"),
    "a.svg.bin",
  );
  assert.equal(named("https://x/download", "video/mp4"), "download.mp4");
  assert.equal(named("https://x/archive", "application/gzip"), "archive.gz");
  assert.equal(named("https://x/file..", "text/plain"), "file.txt");
});

Deno.test("body: what an empty body says: none when nothing was sent, not saved when the size says there was one", () => {
  const NONE = "No body.";
  const NOT_SAVED = (size: string) =>
    `The body (${size}) was not saved in this HAR file.`;
  const CASES: [string, unknown, number, string][] = [
    // 204 and 304 as Firefox and Chrome write them: size 0, text "" or none.
    ["ok/empty-text-size-0", "", 0, NONE],
    ["ok/no-text-size-0", undefined, 0, NONE],
    // Size unknown (-1, HAR 1.2 §4.2.8 for "not available").
    ["ok/no-text-size-unknown", undefined, -1, NONE],
    ["ok/null-text", null, 0, NONE],
    ["ok/no-text-size-1", undefined, 1, NOT_SAVED("1 B")],
    ["ok/empty-text-size-5120", "", 5120, NOT_SAVED("5.1 kB")],
  ];
  for (const [name, text, size, reason] of CASES) {
    assert.deepEqual(
      previewBody(text, undefined, "text/css", size),
      { kind: "none", reason },
      name,
    );
  }
});

Deno.test("body: a cut preview says the bytes it shows and the body's, in one unit", () => {
  const S = PREVIEW_CHARS;
  const cases: [
    name: string,
    preview: ReturnType<typeof previewBody>,
    shown: number,
    size: number,
  ][] = [
    // Two bytes a character in UTF-8: the body is twice its characters.
    [
      "text beyond ASCII",
      previewBody("é".repeat(S + 10), undefined, "text/plain", -1),
      2 * S,
      2 * (S + 10),
    ],
    // Only the first ~2 MB of base64 are decoded: the size is the recorded one.
    (() => {
      const text = "é".repeat(1_500_000);
      const b64 = bytesBase64(new TextEncoder().encode(text));
      return [
        "partial base64 beyond ASCII",
        previewBody(b64, "base64", "text/plain", 3_000_000),
        2 * S,
        3_000_000,
      ];
    })(),
    // Latin-1 base64: one byte a character.
    [
      "base64 in Latin-1",
      previewBody(
        btoa("\xe9".repeat(S + 1)),
        "base64",
        "text/plain",
        -1,
        "iso-8859-1",
      ),
      S,
      S + 1,
    ],
    // A UTF-8 BOM is the first character's bytes, not shown.
    [
      "base64 with a BOM",
      previewBody(
        btoa("\xef\xbb\xbf" + "a".repeat(S + 1)),
        "base64",
        "text/plain",
        -1,
      ),
      S + 3,
      S + 4,
    ],
  ];
  for (const [name, p, shown, size] of cases) {
    assert.ok(p.kind === "text" && p.truncated, name);
    if (p.kind !== "text") continue;
    assert.deepEqual([p.shown, p.size], [shown, size], name);
  }
});

Deno.test("body: cut pretty-printed JSON counts the part of the body as recorded its lines come from", () => {
  // Compact JSON under the preview that indenting takes past it: the
  // preview shows part of it, never more than all of it.
  const items = Array.from({ length: 10_000 }, (_, i) => ({ n: i, é: "x" }));
  const body = JSON.stringify(items);
  assert.ok(body.length < PREVIEW_CHARS);
  const p = previewBody(body, undefined, "application/json", -1);
  assert.ok(p.kind === "json" && p.truncated);
  if (p.kind !== "json") return;
  const size = new TextEncoder().encode(body).length;
  assert.equal(p.size, size);
  // Its strings hold no spaces: what is shown, its indentation taken out,
  // is where in the body the preview stops.
  const upTo = p.text.replace(/\s+/g, "").length;
  assert.equal(body.slice(0, upTo), p.text.replace(/\s+/g, ""));
  assert.equal(p.shown, new TextEncoder().encode(body.slice(0, upTo)).length);
  assert.ok(p.shown! < size);
});
