/** Multipart bodies split by their boundary, names read with quotes honoured. */
import assert from "node:assert/strict";
import { boundaryOf, dispositionParams, multipartParts } from "./multipart.ts";

const BOUNDARIES: [string, string, string | null][] = [
  ["ok/token", "multipart/form-data; boundary=XyZ", "XyZ"],
  ["ok/quoted", 'multipart/form-data; boundary="a b:c"', "a b:c"],
  ["ok/any case, spaces", "multipart/form-data ;BOUNDARY = q1", "q1"],
  ["bad/none", "multipart/form-data", null],
  ["bad/empty", 'multipart/form-data; boundary=""', null],
  ["bad/over 70", `multipart/form-data; boundary=${"b".repeat(71)}`, null],
];
for (const [name, type, want] of BOUNDARIES) {
  Deno.test(`boundaryOf: ${name}`, () => assert.equal(boundaryOf(type), want));
}

const DISPOSITIONS: [string, string, [string, string][] | null][] = [
  ["ok/quoted name", 'form-data; name="a"', [["name", "a"]]],
  ["ok/; and = inside quotes", 'form-data; name="a;b=c"; filename="x;y=.txt"', [
    ["name", "a;b=c"],
    ["filename", "x;y=.txt"],
  ]],
  ["ok/token values, no spaces", "form-data;name=a;filename=b.txt", [
    ["name", "a"],
    ["filename", "b.txt"],
  ]],
  ["ok/escaped quote and backslash", 'form-data; name="a\\"b\\\\c"', [
    ["name", 'a"b\\c'],
  ]],
  [
    "ok/a Windows path keeps its backslashes",
    'form-data; name=f; filename="C:\\d\\a.txt"',
    [
      ["name", "f"],
      ["filename", "C:\\d\\a.txt"],
    ],
  ],
  [
    "ok/names any case, the first of a repeat",
    'FORM-DATA; NAME="a"; name="b"',
    [
      ["name", "a"],
    ],
  ],
  ["ok/non-ASCII as sent (RFC 7578 §5.1.3)", 'form-data; name="名前[ü]"', [
    ["name", "名前[ü]"],
  ]],
  ["bad/another disposition", 'attachment; name="a"', null],
  ["bad/an open quote", 'form-data; name="a', null],
];
for (const [name, value, want] of DISPOSITIONS) {
  Deno.test(`dispositionParams: ${name}`, () => {
    const got = dispositionParams(value);
    assert.deepEqual(got && [...got], want);
  });
}

const T = "multipart/form-data; boundary=XyZ";
const part = (disposition: string, body: string, more = "") =>
  `--XyZ\r\nContent-Disposition: ${disposition}\r\n${more}\r\n${body}\r\n`;
/** Name, file name, type and text of each part, or null. */
function parts(type: string, body: string) {
  const got = multipartParts(type, new TextEncoder().encode(body));
  return got &&
    got.map((p) => [
      p.name,
      p.filename,
      p.type,
      new TextDecoder().decode(p.bytes),
    ]);
}

const BODIES: [string, string, string, unknown][] = [
  [
    "ok/fields and a file, in order, a value holding the boundary text",
    T,
    part('form-data; name="a;b"', "1 --XyZ\r\n") +
    part(
      'form-data; name="f"; filename="a=b.txt"',
      "2",
      "Content-Type: text/plain\r\n",
    ) +
    part('form-data; name="a;b"', "") + "--XyZ--\r\n",
    [
      ["a;b", null, "", "1 --XyZ\r\n"],
      ["f", "a=b.txt", "text/plain", "2"],
      ["a;b", null, "", ""],
    ],
  ],
  [
    "ok/preamble and epilogue ignored, padding after a boundary",
    T,
    "preamble\r\n--XyZ \t\r\nContent-Disposition: form-data; name=a\r\n\r\n1\r\n--XyZ--\r\nepilogue",
    [["a", null, "", "1"]],
  ],
  [
    "ok/a file without a type is octet-stream",
    T,
    part('form-data; name=f; filename=""', "x") + "--XyZ--",
    [["f", "", "application/octet-stream", "x"]],
  ],
  [
    "ok/parts without a name, and one cut short, are left out",
    T,
    part("form-data", "1") + part('form-data; name=""', "2") +
    part("form-data; name=a", "3") + part("form-data; name=b", "4"),
    [["a", null, "", "3"]],
  ],
  ["ok/no parts", T, "--XyZ--\r\n", []],
  [
    "ok/bare LF line breaks, as the first boundary line ends",
    T,
    "preamble\n--XyZ\nContent-Disposition: form-data; name=a\n\n1\r\n\n--XyZ\n" +
    "Content-Disposition: form-data; name=f; filename=b\n\n2\n--XyZ--",
    [["a", null, "", "1\r\n"], ["f", "b", "application/octet-stream", "2"]],
  ],
  [
    "ok/a folded header line goes on the one before",
    T,
    part("form-data;", "1", '\t name="a";\r\n filename="b"\r\n') + "--XyZ--",
    [["a", "b", "application/octet-stream", "1"]],
  ],
  [
    "ok/filename* names the file, before filename",
    T,
    part("form-data; name=f; filename*=UTF-8''%E2%82%AC.txt", "1") +
    part("form-data; name=g; filename=e.txt; filename*=utf-8'en'%C3%BC", "2") +
    part("form-data; name=h; filename*=latin1''%FC", "3") + "--XyZ--",
    [
      ["f", "€.txt", "application/octet-stream", "1"],
      ["g", "ü", "application/octet-stream", "2"],
      ["h", null, "", "3"],
    ],
  ],
  [
    "bad/no boundary",
    "multipart/form-data",
    part("form-data; name=a", "1") + "--XyZ--",
    null,
  ],
  ["bad/no delimiter", T, "name=a", null],
  [
    "bad/part headers never end",
    T,
    "--XyZ\r\nContent-Disposition: form-data; name=a\r\n--XyZ--",
    null,
  ],
];
for (const [name, type, body, want] of BODIES) {
  Deno.test(`multipartParts: ${name}`, () =>
    assert.deepEqual(parts(type, body), want));
}
