import assert from "node:assert/strict";
import { renderToString } from "preact-render-to-string";
import { HeadersTable, ResponseView } from "./ResponseView.tsx";
import type { RunResponse } from "./run.ts";

const PROBLEM: RunResponse = {
  kind: "response",
  status: 400,
  statusText: "Bad Request",
  headers: [["content-type", "application/problem+json"]],
  body: JSON.stringify({
    title: "Bad Request",
    detail: "n must be at most 200 without padding.",
    param: "n",
  }),
  image: null,
  hex: null,
  bytes: 80,
  stream: false,
  redirected: false,
  url: "http://h/",
  ttfbMs: 1,
  ms: 2,
  cutOff: null,
};

/** The text of the rendered HTML's `data-testid=result-problem` box. */
function problemText(html: string): string {
  const box = html.match(
    /<div class="error-box problem" data-testid="result-problem">(.*?)<\/div>/,
  )?.[1] ?? "";
  return box.replace(/<[^>]+>/g, "");
}

Deno.test("response view: ok/the problem box reads as a sentence", () => {
  const text = problemText(
    renderToString(<ResponseView r={PROBLEM} sent={null} />),
  );
  assert.equal(
    text,
    "Bad Request: n must be at most 200 without padding. (parameter n)",
  );
});

const GZIP_HEAD: RunResponse = {
  ...PROBLEM,
  status: 200,
  statusText: "OK",
  headers: [
    ["content-encoding", "gzip"],
    ["content-length", "456"],
    ["content-type", "application/json"],
  ],
  body: "",
  bytes: 0,
};
const sent = (method: string) => ({
  url: "http://h/api/debug/gzip",
  method,
  headers: [],
  follow: false,
  manual: false,
  compressed: true,
  stream: false,
  upgrade: false,
});

Deno.test("response view: bad/a HEAD of a coded body says no body came, not that one was decoded", () => {
  const head = renderToString(
    <ResponseView r={GZIP_HEAD} sent={sent("HEAD")} />,
  ).replace(/<[^>]+>/g, "");
  assert.match(
    head,
    /no body \(a GET would get 456 B on the wire, gzip-coded\)/,
  );
  assert.doesNotMatch(head, /the browser decoded it/);
  const get = renderToString(
    <ResponseView r={{ ...GZIP_HEAD, bytes: 900 }} sent={sent("GET")} />,
  ).replace(/<[^>]+>/g, "");
  assert.match(get, /456 B on the wire/);
  assert.match(get, /the browser decoded it/);
});

Deno.test("response view: bad/a body coded because the browser asked names no --compressed the command lacks", () => {
  // openapi.json is gzipped only for a client that sends Accept-Encoding:
  // its command has no --compressed, and curl gets the body as is.
  const asked = renderToString(
    <ResponseView
      r={{ ...GZIP_HEAD, bytes: 900 }}
      sent={{ ...sent("GET"), compressed: false }}
    />,
  ).replace(/<[^>]+>/g, "");
  assert.match(asked, /the browser decoded it/);
  assert.doesNotMatch(asked, /the cURL command has --compressed/);
  assert.match(asked, /add --compressed/);
  const always = renderToString(
    <ResponseView r={{ ...GZIP_HEAD, bytes: 900 }} sent={sent("GET")} />,
  ).replace(/<[^>]+>/g, "");
  assert.match(always, /the cURL command has --compressed/);
});

Deno.test("response view: bad/a header value sent as UTF-8 bytes reads as its text, not as Latin-1", () => {
  // What fetch gives for X-A: é and X-B: ✓ sent as UTF-8: one character
  // per byte, 0x9c and 0x93 being invisible C1 controls.
  const text = renderToString(
    <HeadersTable
      headers={[
        ["x-a", "\u00c3\u00a9"],
        ["x-b", "\u00e2\u009c\u0093"],
        ["x-c", "caf\u00e9"],
        ["x-d", "plain\tvalue"],
      ]}
    />,
  ).replace(/<[^>]+>/g, "|");
  assert.match(
    text,
    /x-a\|+é\|+ \(UTF-8 bytes; fetch reads them as Latin-1: Ã©\)/,
  );
  assert.match(
    text,
    /x-b\|+✓\|+ \(UTF-8 bytes; fetch reads them as Latin-1: â\\u009c\\u0093\)/,
  );
  // Latin-1 that is no UTF-8 stays as it came.
  assert.match(text, /x-c\|+café\|+\|/);
  assert.match(text, /x-d\|+plain\tvalue\|/);
});

Deno.test("response view: ok/a Digest challenge answered says so; an answer the server refused says that, not success", () => {
  const note = (r: Partial<RunResponse>) =>
    (renderToString(
      <ResponseView r={{ ...PROBLEM, ...r }} sent={null} />,
    ).match(/data-testid="result-digest">(.*?)<\/p>/)?.[1] ?? "")
      .replace(/&#39;/g, "'");
  assert.match(
    note({ status: 200, digest: "answered" }),
    /^The page answered the server's Digest challenge: .* this is the answer to the second/,
  );
  assert.match(
    note({ status: 401, digest: "answered" }),
    /and the server refused the answer: another 401\./,
  );
  assert.match(
    note({ status: 401, digest: "it offers no qop (auth or auth-int)" }),
    /^The page did not answer the server's Digest challenge: it offers no qop/,
  );
  assert.equal(note({}), "");
});
