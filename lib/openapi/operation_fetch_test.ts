/**
 * "Copy as fetch" of an operation (operation_fetch.ts): each call is run
 * with a stand-in `fetch` (tests/helpers/fetch_stub.ts), and what it asked
 * must be what the operation's cURL command sends.
 */
import assert from "node:assert/strict";
import { runFetchCode as run } from "../../tests/helpers/fetch_stub.ts";
import { operationFetch } from "./operation_fetch.ts";
import { type OperationRequest, WEBHOOK_URL } from "./curl.ts";

const base: OperationRequest = {
  method: "POST",
  url: "https://api.example.com/v1/pets",
  query: [],
  headers: [],
  contentType: "",
  body: null,
};

Deno.test("operationFetch: ok/the URL with its query, the headers, Basic credentials' placeholder, the Content-Type and the body, as cURL sends them", async () => {
  const call = operationFetch({
    ...base,
    query: [{ name: "q", value: "a b&c" }, { name: "id", value: "{id}" }],
    headers: [{ name: "X-Run", value: "it's" }],
    contentType: "application/json",
    body: '{"name":"Rex"}',
    user: "USERNAME:PASSWORD",
  });
  assert.equal(call.note, "");
  const asked = await run(call.code);
  assert.equal(
    asked.url,
    "https://api.example.com/v1/pets?q=a%20b%26c&id={id}",
  );
  assert.equal(asked.method, "POST");
  assert.deepEqual(asked.headers, {
    "X-Run": "it's",
    "Authorization": `Basic ${btoa("USERNAME:PASSWORD")}`,
    "Content-Type": "application/json",
  });
  assert.equal(asked.body, '{"name":"Rex"}');
  // The placeholder is said in words, not only in base64.
  assert.match(call.code, /\/\/ Authorization: Basic USERNAME:PASSWORD/);
});

Deno.test("operationFetch: ok/a multipart/form-data body is a FormData (fetch writes its boundary): text fields, typed ones and a file to pick", async () => {
  const call = operationFetch({
    ...base,
    contentType: "multipart/form-data",
    form: [
      { name: "name", value: "Rex" },
      { name: "meta", value: '{"a":1}', type: "application/json" },
      { name: "photo", value: "path/to/file", file: true },
    ],
  });
  const asked = await run(call.code, { files: { "path/to/file": "PNG" } });
  assert.ok(asked.body instanceof FormData);
  const form = asked.body as FormData;
  assert.equal(form.get("name"), "Rex");
  const meta = form.get("meta") as File;
  assert.equal(meta.type, "application/json");
  assert.equal(await meta.text(), '{"a":1}');
  // The file's bytes, named and typed as curl sends `-F photo=@path/to/file`.
  const photo = form.get("photo") as File;
  assert.equal(photo.name, "file");
  assert.equal(photo.type, "application/octet-stream");
  assert.equal(await photo.text(), "PNG");
  // Its own Content-Type would have no boundary: fetch writes one.
  assert.deepEqual(asked.headers ?? {}, {});
});

Deno.test("operationFetch: bad/a multipart type FormData cannot send is left out, said; no Content-Type without its body", async () => {
  const call = operationFetch({
    ...base,
    contentType: "multipart/mixed",
    form: [{ name: "0", value: "a" }],
  });
  const asked = await run(call.code);
  assert.equal(asked.body, undefined);
  assert.deepEqual(asked.headers ?? {}, {});
  assert.match(call.code, /multipart\/mixed parts are left out/);
});

Deno.test("operationFetch: bad/no call for a relative server, a runtime expression or a webhook, and why", () => {
  for (
    const [url, why] of [
      ["/v1/pets", /not a whole http\(s\) one/],
      ["{$request.body#/callbackUrl}", /expression/],
      ["{$request.query.cb}/events", /expression/],
      ["file:///etc/passwd", /not a whole/],
      // A webhook's URL is the receiver's, no expression to fill in.
      [WEBHOOK_URL, /^No fetch call: a webhook is sent to its receiver's URL/],
    ] as const
  ) {
    const call = operationFetch({ ...base, url });
    assert.equal(call.code, "", url);
    assert.match(call.note, why, url);
  }
});

Deno.test("operationFetch: bad/hostile values from a spec stay string literals and comments", async () => {
  const evil = '"); globalThis.pwned = 1; ("\u2028\n';
  const call = operationFetch({
    ...base,
    headers: [{ name: "X-Ok", value: "v" }],
    contentType: "text/plain",
    body: evil,
    user: `USER\u2028globalThis.pwned = 2;:PASS`,
  });
  const asked = await run(call.code);
  assert.equal(asked.body, evil);
  assert.equal((globalThis as { pwned?: number }).pwned, undefined);
});

Deno.test("operationFetch: bad/a multipart part curl sends otherwise is sent as curl sends it: one it leaves out is left out and named, a name that is no token a text field, a type it cannot read none; line breaks FormData rewrites are said", async () => {
  const call = operationFetch({
    ...base,
    contentType: "multipart/form-data",
    form: [
      { name: "a=b", value: "1" },
      { name: "n", value: "a\0b" },
      { name: 'up"x', value: "path/to/f.png", file: true },
      { name: "t", value: "{}", type: "text/plain; x=y" },
      { name: "pic", value: "path/to/f.png", file: true },
      { name: "ok", value: "two\nlines" },
    ],
  });
  const form = (await run(call.code, { files: { "path/to/f.png": "PNG" } }))
    .body as FormData;
  assert.deepEqual([...form.keys()], ['up"x', "t", "pic", "ok"]);
  assert.equal(form.get('up"x'), "path/to/f.png");
  assert.equal(form.get("t"), "{}");
  // curl types a file by its extension.
  assert.equal((form.get("pic") as File).type, "image/png");
  assert.equal((form.get("pic") as File).name, "f.png");
  assert.match(
    call.code,
    /\n\/\/ Left out, as Copy as cURL leaves them out: "a=b", "n"\.\n/,
  );
  assert.match(call.code, /line break of a field's name or text as CR LF/);
});

Deno.test("operationFetch: ok/an empty body (a form of no fields) is none, as curl sends none: no text/plain Content-Type, no GET body said left out", async () => {
  for (const method of ["DELETE", "GET"]) {
    const call = operationFetch({ ...base, method, body: "" });
    const asked = await run(call.code);
    assert.equal(asked.body, undefined, method);
    assert.doesNotMatch(call.code, /body/, method);
  }
});
