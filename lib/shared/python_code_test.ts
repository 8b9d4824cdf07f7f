/**
 * "Copy as Python" (python_code.ts), table-driven: each script is run by
 * python3 with a stand-in `requests` (tests/helpers/python.ts) that prints
 * the bytes it would send, which must be what the cURL command sends; the
 * code's words are checked without python3 too.
 */
import assert from "node:assert/strict";
import { pyBytes, pyStr, pythonCode } from "./python_code.ts";
import type { FetchOptions, FetchRequest } from "./fetch_code.ts";
import {
  askedPython,
  hasRequests,
  type PythonAsked,
  runPython,
  utf8,
} from "../../tests/helpers/python.ts";

const PYTHON = await hasRequests();

const base: FetchRequest = {
  method: "GET",
  url: "https://api.example.com/v1/pets",
  headers: [],
  body: null,
};

interface Case {
  name: string;
  req: Partial<FetchRequest>;
  options?: FetchOptions;
  /** What the stand-in was asked (the members given). */
  asked?: Partial<PythonAsked>;
  /** Files the script reads, in its folder. */
  files?: Record<string, string>;
  /** Patterns the code must hold, and must not. */
  has?: RegExp[];
  hasNot?: RegExp[];
  note?: string | RegExp;
}

const CASES: Case[] = [
  {
    name: "ok/a GET: the URL, no headers, the call and its printing",
    req: {},
    asked: {
      call: "get",
      url: "https://api.example.com/v1/pets",
      headers: {},
      data: null,
      files: null,
      follow: false,
      other: [],
    },
    has: [
      /^import requests\n/,
      // What requests adds that the command does not send, said.
      /\n# requests adds Accept-Encoding: gzip, deflate \(and decodes the answer\), which Copy as cURL does not send\.\n/,
      /\nresponse = requests\.get\(url, allow_redirects=False\)\nprint\(response\.status_code, response\.reason\)\nprint\(response\.text\)\n$/,
    ],
    note: "",
  },
  {
    name:
      "ok/a JSON body is data=, its exact text as UTF-8 bytes (not json=, which writes it again)",
    req: {
      method: "POST",
      headers: [["Content-Type", "application/json"]],
      body: { text: '{"name": "Rex",  "n": 1.50, "ü": "日本"}' },
    },
    asked: {
      call: "post",
      headers: { "Content-Type": "application/json" },
      data: utf8('{"name": "Rex",  "n": 1.50, "ü": "日本"}'),
    },
    // JSON reads as written: single quotes outside, none escaped inside.
    has: [/data = '\{"name": "Rex", {2}"n": 1\.50, "ü": "日本"\}'\.encode\(\)/],
    hasNot: [/json=/],
  },
  {
    name: "ok/a body of several lines is one literal a line, joined",
    req: {
      method: "PUT",
      headers: [["Content-Type", "application/json"]],
      body: { text: '{\n  "a": 1\n}\n' },
    },
    asked: { call: "put", data: '{\n  "a": 1\n}\n' },
    has: [
      /data = \(\n {4}"\{\\n"\n {4}' {2}"a": 1\\n'\n {4}"\}\\n"\n\)\.encode\(\)/,
    ],
  },
  {
    name:
      "ok/a form-urlencoded text is data as written, repeated query keys kept in the URL, not re-encoded",
    req: {
      method: "POST",
      url:
        "https://api.example.com/v1/customers?expand[]=a&expand[]=b&q=a%20b%2Bc",
      headers: [["Content-Type", "application/x-www-form-urlencoded"]],
      body: { text: "name=Ann+Lee&metadata%5Bk%5D=v&tag=1&tag=2" },
    },
    asked: {
      url:
        "https://api.example.com/v1/customers?expand[]=a&expand[]=b&q=a%20b%2Bc",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      data: "name=Ann+Lee&metadata%5Bk%5D=v&tag=1&tag=2",
    },
    hasNot: [/params=/],
    // What requests writes otherwise, it is told.
    has: [/# requests sends this URL with \[ as %5B, \] as %5D \(/],
  },
  {
    name:
      "ok/a body without a type gets curl's form type, as --data-raw sends it",
    req: { method: "POST", body: { text: "a=1" } },
    asked: {
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      data: "a=1",
    },
  },
  {
    name: "ok/a binary body is a bytes literal of its bytes",
    req: {
      method: "POST",
      headers: [["Content-Type", "application/octet-stream"]],
      body: { bytes: new Uint8Array([0, 1, 0x22, 0x5c, 0x41, 0x0a, 0xff]) },
    },
    asked: { data: '\0\x01"\\A\n\xff' },
    has: [/data = b"\\x00\\x01\\"\\\\A\\n\\xff"\n/],
  },
  {
    name:
      "ok/multipart is files= with curl's parts: fields, a typed field, a file opened from its path, typed as curl types it",
    req: {
      method: "POST",
      headers: [["Content-Type", "multipart/form-data"]],
      form: [
        { name: "purpose", value: "dispute_evidence" },
        { name: "meta", value: '{"a":1}', type: "application/json" },
        { name: "file", value: "path/to/file", file: true },
        { name: "pic", value: "img/a.PNG", file: true },
        { name: "doc", value: "d.bin", file: true, type: "text/csv" },
      ],
    },
    files: {
      "path/to/file": "bytes\0\xff",
      "img/a.PNG": "png",
      "d.bin": "a,b",
    },
    asked: {
      // requests writes the type with its boundary: none is given.
      headers: {},
      data: null,
      files: [
        ["purpose", null, "dispute_evidence", null],
        ["meta", null, '{"a":1}', "application/json"],
        ["file", "file", utf8("bytes\0\xff"), "application/octet-stream"],
        ["pic", "a.PNG", "png", "image/png"],
        ["doc", "d.bin", "a,b", "text/csv"],
      ],
    },
  },
  {
    name:
      "ok/Basic credentials in the URL are an Authorization header, the rest of the URL as written",
    req: { url: "https://us%40er:p%3Ass@api.example.com/a?b={c}" },
    options: { recorded: true },
    asked: {
      url: "https://api.example.com/a?b={c}",
      headers: { Authorization: `Basic ${btoa("us@er:p:ss")}` },
    },
    // A recorded brace is no placeholder: requests' encoding of it is said.
    has: [/with \{ as %7B, \} as %7D/],
  },
  {
    name:
      "ok/a header value beyond ASCII is the bytes curl sends: Latin-1 as recorded, UTF-8 beyond",
    req: {
      headers: [["X-Name", "café"], ["X-Jp", "日本"], ["X-Tab", "a\tb"]],
    },
    asked: {
      headers: { "X-Name": "caf\xe9", "X-Jp": utf8("日本"), "X-Tab": "a\tb" },
    },
    has: [/"X-Name": b"caf\\xe9",/, /"X-Tab": "a\\tb",/],
  },
  {
    name:
      "ok/repeated headers are joined (RFC 9110 §5.3), Cookie with ;, Set-Cookie sent once and said",
    req: {
      headers: [
        ["Accept", "text/html"],
        ["accept", "application/json"],
        ["Cookie", "a=1"],
        ["Cookie", "b=2"],
        ["Set-Cookie", "x=1"],
        ["Set-Cookie", "y=2"],
      ],
    },
    asked: {
      headers: {
        Accept: "text/html, application/json",
        Cookie: "a=1; b=2",
        "Set-Cookie": "x=1",
      },
    },
    has: [/# Sent once: requests sends one field a name, and Set-Cookie/],
    note: /^1 header requests cannot send is left out/,
  },
  {
    name:
      "ok/a value's leading white space goes (RFC 9110 §5.5), which requests refuses; Content-Length is requests' to write",
    req: {
      method: "POST",
      headers: [["X-A", " \t v "], ["Content-Length", "99"]],
      body: { text: "x" },
    },
    asked: {
      headers: {
        "X-A": "v ",
        "Content-Type": "application/x-www-form-urlencoded",
      },
      data: "x",
    },
    has: [/# Left out: requests writes Content-Length itself/],
  },
  {
    name:
      "ok/a method without a function of its own is requests.request; one in lower case is said",
    req: { method: "propfind" },
    asked: { call: "request", method: "propfind" },
    has: [/requests sends the method in upper case, PROPFIND/],
  },
  {
    name:
      "ok/the comments given come first; a placeholder in the path is not counted",
    req: { url: "https://api.example.com/v1/pets/{petId}" },
    options: { comments: ["Authorization: Basic USERNAME:PASSWORD."] },
    has: [
      /^import requests\n\n# Authorization: Basic USERNAME:PASSWORD\.\nurl = /,
    ],
    hasNot: [/requests sends this URL/],
  },
  {
    name: "ok/a body too large to copy is said, and none is sent",
    req: { method: "POST", body: { text: "x" } },
    options: { bodyLeftOut: true, recorded: true },
    asked: { data: null, headers: {} },
    has: [/# The recorded body is left out: it is too large to copy\./],
  },
  {
    name: "ok/a HEAD request's body is left out, as curl's --head sends none",
    req: { method: "HEAD", body: { text: "x" } },
    asked: { call: "head", data: null },
    has: [/# The HEAD body is left out/],
  },
  {
    name:
      "bad/hostile values stay literals: quotes, backslashes, line breaks, NUL, bidi and line separators, a lone surrogate",
    req: {
      method: "POST",
      url: "https://api.example.com/x",
      headers: [["X-Q", `a"b'c\\d`]],
      body: {
        text:
          `"""\nimport os; os.system("id")\n'''\\\0\u202e\u2028\u2066\ufeff\ud800\u00a0é`,
      },
    },
    options: { comments: ["x\nimport os\u2028y\u202e\0"] },
    asked: {
      headers: {
        "X-Q": `a"b'c\\d`,
        "Content-Type": "application/x-www-form-urlencoded",
      },
      // The lone surrogate is U+FFFD's bytes, as curl and fetch send it.
      data: utf8(
        `"""\nimport os; os.system("id")\n'''\\\0\u202e\u2028\u2066\ufeff\ufffd\u00a0é`,
      ),
    },
    has: [
      /# x\\x0aimport os\\u2028y\\u202e\\x00\n/,
      /\\u202e\\u2028\\u2066\\ufeff\uFFFD\\xa0é/,
    ],
    hasNot: [/[\0\u202e\u2028\u2066\ufeff\u00a0]/, /\nimport os/],
  },
  {
    name:
      "bad/a header requests or curl cannot send is left out and named, as a comment that stays one",
    req: {
      headers: [
        ["X-Ok", "1"],
        ["X-Bad", "a\r\nInjected: 1"],
        ["Bad Name\n", "v"],
        ["X-Nul", "a\0b"],
        ["X-Vt", "\vv"],
      ],
    },
    asked: { headers: { "X-Ok": "1" } },
    has: [
      /# Left out, requests cannot send them: "X-Bad", "Bad Name\\n", "X-Nul", "X-Vt"\.\n/,
    ],
    note: "4 headers requests cannot send are left out (named in the code).",
  },
  {
    name:
      "bad/multipart fields curl cannot send as themselves are left out and named; the given type goes",
    req: {
      method: "POST",
      headers: [["Content-Type", "multipart/form-data; boundary=x"]],
      form: [
        { name: "a=b", value: "1" },
        { name: "n", value: "a\0b" },
        { name: "ok", value: "2" },
      ],
    },
    asked: { headers: {}, files: [["ok", null, "2", null]] },
    has: [/# Left out, as Copy as cURL leaves them out: "a=b", "n"\./],
  },
  {
    name:
      "bad/a file whose extension names an Object member is typed as any other; an empty user in the URL sends no credentials",
    req: {
      method: "POST",
      url: "https://@x.test/up",
      form: [{ name: "f", value: "a.constructor", file: true }],
    },
    files: { "a.constructor": "x" },
    asked: {
      url: "https://x.test/up",
      headers: {},
      files: [["f", "a.constructor", "x", "application/octet-stream"]],
    },
  },
  {
    name:
      "bad/a percent sign that starts no escape: requests escapes every %, said",
    req: { url: "https://x.test/a%20b?q=100%" },
    options: { recorded: true },
    asked: { url: "https://x.test/a%20b?q=100%" },
    has: [/every % as %25/],
  },
  {
    name:
      "ok/requests' own Accept-Encoding is not said where the command asks for codings too (--compressed)",
    req: { compressed: true },
    asked: { headers: {}, follow: false },
    hasNot: [/Accept-Encoding/],
  },
  {
    name:
      "ok/the Content-Length: 0 requests adds to a request without a body but a GET's or HEAD's, where curl sends none, is said",
    req: { method: "DELETE" },
    asked: { call: "delete", data: null },
    has: [
      /\n# requests sends Content-Length: 0 with this DELETE, which Copy as cURL sends without one\.\n/,
    ],
  },
  {
    name: "ok/an Accept-Encoding given is sent, requests' own not said",
    req: { headers: [["Accept-Encoding", "identity"]] },
    asked: { headers: { "Accept-Encoding": "identity" } },
    hasNot: [/# requests adds/],
  },
];

for (const c of CASES) {
  Deno.test(`pythonCode: ${c.name}`, async () => {
    const call = pythonCode({ ...base, ...c.req }, c.options);
    assert.ok(call.code, call.note);
    for (const re of c.has ?? []) assert.match(call.code, re);
    for (const re of c.hasNot ?? []) assert.doesNotMatch(call.code, re);
    if (typeof c.note === "string") assert.equal(call.note, c.note);
    else if (c.note) assert.match(call.note, c.note);
    if (!c.asked || !PYTHON) return;
    const asked = await askedPython(call.code, c.files);
    for (const [k, v] of Object.entries(c.asked)) {
      assert.deepEqual(asked[k as keyof PythonAsked], v, k);
    }
  });
}

Deno.test("pythonCode: bad/no code for a method that is no token or a URL requests cannot send, and why", () => {
  for (
    const [req, why] of [
      [{ method: "GE T" }, /not an HTTP method name/],
      [{ url: "/v1/pets" }, /not one requests can send/],
      [{ url: "file:///etc/passwd" }, /not one requests can send/],
      [{ url: "ftp://x.test/" }, /absolute http\(s\) URL/],
      [{ url: "https://[::1" }, /not one requests can send/],
    ] as const
  ) {
    const call = pythonCode({ ...base, ...req });
    assert.equal(call.code, "", JSON.stringify(req));
    assert.match(call.note, why);
  }
});

Deno.test({
  name:
    "pythonCode: ok/every code point and byte reads back as itself from its literal",
  ignore: !PYTHON,
  fn: async () => {
    // All of the BMP but surrogates, some beyond, and every byte.
    let text = "";
    for (let c = 0; c < 0x10000; c += c < 0x3000 ? 1 : 97) {
      if (c < 0xd800 || c > 0xdfff) text += String.fromCodePoint(c);
    }
    text += "\u{1f600}\u{e0001}\u{10ffff}";
    const bytes = Uint8Array.from({ length: 256 }, (_, i) => i);
    const out = await runPython(
      `print((${pyStr(text)}.encode() + ${pyBytes(bytes)}).hex())\n`,
    );
    const want = [...new TextEncoder().encode(text), ...bytes];
    assert.equal(
      out.trim(),
      want.map((b) => b.toString(16).padStart(2, "0")).join(""),
    );
  },
});
