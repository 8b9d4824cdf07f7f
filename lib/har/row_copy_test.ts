import assert from "node:assert/strict";
import {
  headersText,
  responseCopy,
  ROW_COPY_KINDS,
  rowCopies,
  rowCopy,
  rowOffers,
} from "./row_copy.ts";
import { CURL_CHARS } from "./commands.ts";
import { entryDetail } from "./detail.ts";
import { entryAt } from "./entries.ts";
import { indexHarText } from "./parse.ts";
import { entry, har } from "../../tests/helpers/har_hostile.ts";
import { copyAllHar } from "../../tests/helpers/har_copy_all.ts";

Deno.test("headersText: one `Name: value` line each, in recorded order, as DevTools copies them", () => {
  const cases: [{ name: string; value: string }[], string][] = [
    [[], ""],
    [[{ name: "Accept", value: "*/*" }], "Accept: */*"],
    [
      [
        { name: ":authority", value: "example.com" },
        { name: "Set-Cookie", value: "a=1" },
        { name: "Set-Cookie", value: "b=2" },
        { name: "X-Empty", value: "" },
      ],
      ":authority: example.com\nSet-Cookie: a=1\nSet-Cookie: b=2\nX-Empty: ",
    ],
  ];
  for (const [headers, want] of cases) assert.equal(headersText(headers), want);
});

/** An entry whose response `content` (and URL) is `content`. */
function withContent(content: Record<string, unknown>, url?: string) {
  const e = entry();
  const res = e.response as Record<string, unknown>;
  const req = e.request as Record<string, unknown>;
  return {
    ...e,
    request: { ...req, url: url ?? req.url },
    response: { ...res, content },
  };
}

const b64 = (bytes: number[]) => btoa(String.fromCharCode(...bytes));

Deno.test("responseCopy: the body as recorded, decoded; binary, unsaved and too large bodies say so", () => {
  const cases: [
    string,
    Record<string, unknown>,
    string | undefined,
    string,
    RegExp | "",
  ][] = [
    [
      "text as written",
      { mimeType: "text/plain", text: "hello" },
      undefined,
      "hello",
      "",
    ],
    [
      "base64 JSON decoded as UTF-8",
      {
        mimeType: "application/json",
        encoding: "base64",
        text: btoa('{"a":"caf\xc3\xa9"}'),
      },
      undefined,
      '{"a":"café"}',
      "",
    ],
    [
      "base64 text in its declared charset",
      {
        mimeType: "text/plain; charset=iso-8859-1",
        encoding: "base64",
        text: b64([0x63, 0x61, 0x66, 0xe9]),
      },
      undefined,
      "café",
      "",
    ],
    [
      "an image is binary",
      {
        mimeType: "image/png",
        size: 4,
        encoding: "base64",
        text: b64([0x89, 0x50, 0x4e, 0x47]),
      },
      undefined,
      "",
      /^The response body is binary \(image\/png, 4 B\), not text: save it/,
    ],
    [
      "text bytes that are not UTF-8 are binary",
      {
        mimeType: "text/plain",
        encoding: "base64",
        text: b64([0xff, 0xfe, 0x00]),
      },
      undefined,
      "",
      /binary \(text\/plain, 3 B\)/,
    ],
    [
      "a body the file left out",
      { mimeType: "text/html", size: 2048 },
      undefined,
      "",
      /^The response body \(2\.0 kB\) was not saved in this HAR file\.$/,
    ],
    [
      "no body",
      { mimeType: "", size: 0 },
      undefined,
      "",
      /^The response has no body\.$/,
    ],
    [
      "a body saved beside the HAR",
      { mimeType: "text/html", size: 10, _file: "abc.html" },
      undefined,
      "",
      /saved as a file of its own, abc\.html/,
    ],
    [
      "a data: URL answers with its own body",
      { mimeType: "text/plain", size: 0 },
      "data:text/plain;charset=utf-8,caf%C3%A9",
      "café",
      "",
    ],
    [
      "longer than a copy takes",
      { mimeType: "text/plain", text: "x".repeat(CURL_CHARS + 1) },
      undefined,
      "",
      /^The response body is too large to copy \(over 1,000,000 characters\)/,
    ],
    [
      "base64 longer than a copy takes is not decoded",
      {
        mimeType: "text/plain",
        encoding: "base64",
        text: "QUFB".repeat(CURL_CHARS),
      },
      undefined,
      "",
      /too large to copy/,
    ],
  ];
  for (const [name, content, url, text, note] of cases) {
    const e = withContent(content, url);
    const got = responseCopy(e, String((e.request as { url: string }).url));
    assert.equal(got.text, text, name);
    if (note) assert.match(got.note, note, name);
    else assert.equal(got.note, "", name);
  }
});

Deno.test("rowCopies: the commands are the detail's own, and headers are the whole lists", () => {
  const file = indexHarText(
    JSON.stringify(copyAllHar("https://api.test/anything")),
  );
  const c = file.columns;
  for (let i = 0; i < c.n; i++) {
    const raw = file.raw[i];
    const entry = entryAt(c, raw, i);
    const d = entryDetail(raw, entry);
    const r = rowCopies(raw, entry.method, entry.url);
    for (
      const k of [
        "curl",
        "curlNote",
        "fetch",
        "fetchNote",
        "python",
        "pythonNote",
      ] as const
    ) {
      assert.equal(r[k], d[k], `${i} ${k}`);
    }
  }
  // 1,500 headers: more than the detail lists (LIST_ROWS), all copied.
  const many = Array.from(
    { length: 1500 },
    (_, k) => ({ name: `X-${k}`, value: String(k) }),
  );
  const e = entry();
  const big = indexHarText(JSON.stringify(har([{
    ...e,
    request: { ...(e.request as object), headers: many },
    response: { ...(e.response as object), headers: [] },
  }])));
  const r = rowCopies(big.raw[0], "GET", "https://example.com/a?q=1");
  assert.equal(r.requestHeaders.text.split("\n").length, 1500);
  assert.equal(r.requestHeaders.text.split("\n")[1499], "X-1499: 1499");
  assert.equal(r.responseHeaders.text, "");
  assert.equal(r.responseHeaders.note, "The response has no headers recorded.");
});

Deno.test("rowOffers: each copy's length and note, and no text; rowCopy gives the text", () => {
  const file = indexHarText(
    JSON.stringify(copyAllHar("https://api.test/anything")),
  );
  const c = file.columns;
  for (let i = 0; i < c.n; i++) {
    const entry = entryAt(c, file.raw[i], i);
    const copies = rowCopies(file.raw[i], entry.method, entry.url);
    const offers = rowOffers(copies);
    assert.deepEqual(Object.keys(offers), [...ROW_COPY_KINDS]);
    const pairs: [string, string, string][] = [
      ["curl", copies.curl, copies.curlNote],
      ["fetch", copies.fetch, copies.fetchNote],
      ["python", copies.python, copies.pythonNote],
      [
        "requestHeaders",
        copies.requestHeaders.text,
        copies.requestHeaders.note,
      ],
      [
        "responseHeaders",
        copies.responseHeaders.text,
        copies.responseHeaders.note,
      ],
      ["response", copies.response.text, copies.response.note],
    ];
    for (const [kind, text, note] of pairs) {
      const k = kind as keyof typeof offers;
      assert.deepEqual(offers[k], { chars: text.length, note }, `${i} ${kind}`);
      assert.deepEqual(rowCopy(copies, k), { text, note }, `${i} ${kind}`);
    }
  }
});
