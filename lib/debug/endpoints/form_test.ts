/** Form bodies: urlencoded and multipart, and the name-to-values map. */
import assert from "node:assert/strict";
import { isFormType, multiMap, readForm } from "./form.ts";
import { mediaType } from "../../shared/media_type.ts";

const MAPS: [string, [string, unknown][], Record<string, unknown>][] = [
  ["ok/empty", [], {}],
  ["ok/single values", [["a", "1"], ["b", "2"]], { a: "1", b: "2" }],
  ["ok/a repeat becomes an array", [["a", "1"], ["a", "2"], ["b", "x"]], {
    a: ["1", "2"],
    b: "x",
  }],
  ["ok/three repeats keep order", [["a", "3"], ["a", "1"], ["a", "2"]], {
    a: ["3", "1", "2"],
  }],
  ["ok/__proto__ stays an own key", [["__proto__", "p"]], {
    ["__proto__"]: "p",
  }],
];
for (const [name, pairs, want] of MAPS) {
  Deno.test(`multiMap: ${name}`, () => {
    const got = multiMap(pairs);
    assert.deepEqual(got, want);
    assert.equal(Object.getPrototypeOf(got), Object.prototype);
  });
}

const TYPES: [string, string | null, string, boolean][] = [
  [
    "ok/urlencoded",
    "application/x-www-form-urlencoded",
    "application/x-www-form-urlencoded",
    true,
  ],
  [
    "ok/multipart with boundary",
    "multipart/form-data; boundary=x",
    "multipart/form-data",
    true,
  ],
  [
    "ok/upper case",
    "Application/X-WWW-Form-Urlencoded; charset=UTF-8",
    "application/x-www-form-urlencoded",
    true,
  ],
  ["bad/json", "application/json", "application/json", false],
  ["bad/absent", null, "", false],
  [
    "bad/multipart/mixed",
    "multipart/mixed; boundary=x",
    "multipart/mixed",
    false,
  ],
];
for (const [name, type, media, form] of TYPES) {
  Deno.test(`mediaType/isFormType: ${name}`, () => {
    assert.equal(mediaType(type), media);
    assert.equal(isFormType(type), form);
  });
}

const enc = (s: string) => new TextEncoder().encode(s);

Deno.test("readForm: ok/urlencoded fields in order, + and escapes decoded", () => {
  const text = "a=1&b=x+y&a=%C3%A9&c";
  assert.deepEqual(
    readForm("application/x-www-form-urlencoded", enc(text), text),
    { fields: [["a", "1"], ["b", "x y"], ["a", "é"], ["c", ""]], files: [] },
  );
});

Deno.test("readForm: bad/urlencoded bytes that are not UTF-8 are not a form", () => {
  assert.equal(
    readForm("application/x-www-form-urlencoded", new Uint8Array([0xff]), null),
    null,
  );
});

Deno.test("readForm: bad/another type is not a form", () => {
  assert.equal(readForm("text/plain", enc("a=1"), "a=1"), null);
});

Deno.test("readForm: ok/multipart fields and files", async () => {
  const fd = new FormData();
  fd.append("f", "v");
  fd.append("f", "w");
  fd.append(
    "up",
    new File([new Uint8Array([1, 2, 255])], "b.bin", {
      type: "application/x-thing",
    }),
  );
  const req = new Request("http://x/", { method: "POST", body: fd });
  const type = req.headers.get("content-type")!;
  const body = new Uint8Array(await req.arrayBuffer());
  const form = readForm(type, body, null);
  assert.deepEqual(form!.fields, [["f", "v"], ["f", "w"]]);
  assert.equal(form!.files.length, 1);
  const [name, file] = form!.files[0];
  assert.equal(name, "up");
  assert.equal(file.filename, "b.bin");
  assert.equal(file.type, "application/x-thing");
  assert.deepEqual([...file.bytes], [1, 2, 255]);
});

Deno.test("readForm: bad/multipart without its boundary is not a form", () => {
  const body = enc(
    "--x\r\nContent-Disposition: form-data; name=a\r\n\r\n1\r\n--x--\r\n",
  );
  assert.equal(readForm("multipart/form-data", body, null), null);
  assert.equal(readForm("multipart/form-data; boundary=y", body, null), null);
});

Deno.test("readForm: ok/multipart names holding ; and = are read whole, as curl, requests and FormData quote them", async () => {
  const fd = new FormData();
  fd.append("ta;b", "v");
  fd.append("meta[a=b]", "w");
  fd.append("up;1", new File(["x"], "a;b=c.txt", { type: "text/plain" }));
  const req = new Request("http://x/", { method: "POST", body: fd });
  // Awaited: the runtime's reader, which this replaced, was asynchronous.
  const form = (await readForm(
    req.headers.get("content-type"),
    new Uint8Array(await req.arrayBuffer()),
    null,
  ))!;
  assert.deepEqual(form.fields, [["ta;b", "v"], ["meta[a=b]", "w"]]);
  assert.deepEqual(form.files.map(([n, f]) => [n, f.filename]), [
    ["up;1", "a;b=c.txt"],
  ]);
});
