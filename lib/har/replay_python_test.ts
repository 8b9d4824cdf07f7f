/**
 * "Copy as Python" of a recorded request (HarDetail.python): the replay
 * the cURL command sends, written by lib/shared/python_code.ts, with the
 * same body decision as the command and the fetch call, and the same
 * reasons when there is none. Each script is run with a stand-in
 * `requests` (tests/helpers/python.ts) when python3 is here.
 */
import assert from "node:assert/strict";
import { harFixture } from "../../tests/helpers/har_doc.ts";
import { entry, har } from "../../tests/helpers/har_hostile.ts";
import { askedPython, hasRequests } from "../../tests/helpers/python.ts";
import { parseHarText } from "./parse.ts";
import { entryDetail } from "./detail.ts";

const PYTHON = await hasRequests();

const { doc, raw } = parseHarText(await harFixture("mixed.har"));
const detail = (i: number) => entryDetail(raw[i], doc.entries[i]);

const detailOf = (over: Record<string, unknown>) => {
  const p = parseHarText(JSON.stringify(har([entry(over)])));
  return entryDetail(p.raw[0], p.doc.entries[0]);
};
const request = entry().request as Record<string, unknown>;

Deno.test("har python: ok/a recorded POST is its replay: the headers and the exact body", async () => {
  const d = detail(2);
  assert.equal(d.pythonNote, "");
  assert.equal(
    d.python,
    [
      "import requests",
      "",
      'url = "https://api.example.com/login"',
      "headers = {",
      '    "Authorization": "Bearer abc.def.ghi",',
      '    "Content-Type": "application/json",',
      "}",
      `data = '{"user":"ann","password":"hunter2"}'.encode()`,
      "# requests adds Accept-Encoding: gzip, deflate (and decodes the answer), which Copy as cURL does not send.",
      "",
      "response = requests.post(url, headers=headers, data=data, allow_redirects=False)",
      "print(response.status_code, response.reason)",
      "print(response.text)",
      "",
    ].join("\n"),
  );
  if (!PYTHON) return;
  const asked = await askedPython(d.python);
  assert.equal(asked.data, '{"user":"ann","password":"hunter2"}');
});

Deno.test("har python: bad/no script where there is no command, for the command's reason", () => {
  for (
    const over of [
      { method: "GET /x HTTP/1.1\r\nHost: x\r\n\r\nGET" },
      { url: "data:text/css,body%7Bcolor:red%7D" },
      { method: "CONNECT", url: "http://example.com:443" },
      { url: "wss://x.test/s" },
    ]
  ) {
    const d = detailOf({ request: { ...request, ...over } });
    assert.equal(d.python, "", JSON.stringify(over));
    assert.equal(d.pythonNote, d.curlNote);
  }
});

Deno.test("har python: ok/a body the script makes too long is left out, said in the script and the note; one not saved is said", async () => {
  // Each backslash is two in a literal: 1.2 million characters.
  const big = detailOf({
    request: {
      ...request,
      method: "POST",
      postData: { mimeType: "text/plain", text: "\\".repeat(600_000) },
    },
  });
  assert.match(
    big.pythonNote,
    /^The request body is too large to copy: the script leaves it out\.$/,
  );
  assert.match(big.python, /# The recorded body is left out: it is too large/);
  assert.ok(big.python.length < 1000);
  if (PYTHON) assert.equal((await askedPython(big.python)).data, null);
  const unsaved = detailOf({
    request: {
      ...request,
      method: "POST",
      bodySize: 1234,
      postData: { mimeType: "application/octet-stream", text: "" },
    },
  });
  assert.match(unsaved.pythonNote, /request body \(1234 B\) was not saved/);
});
