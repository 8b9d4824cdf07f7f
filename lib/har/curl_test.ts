import assert from "node:assert/strict";
import { harCurl, sentBody } from "./curl.ts";

const URL = "https://example.com/a";

Deno.test("har curl: ok/pseudo-headers and Content-Length are not copied", () => {
  assert.equal(
    harCurl("POST", URL, [
      { name: ":authority", value: "example.com" },
      { name: ":method", value: "POST" },
      { name: "content-length", value: "999" },
      { name: "Content-Type", value: "text/plain" },
    ], "hi"),
    [
      `curl '${URL}'`,
      "-H 'Content-Type: text/plain'",
      "--data-raw 'hi'",
    ].join(" \\\n  "),
  );
});

Deno.test("har curl: ok/an empty recorded header is sent empty", () => {
  assert.equal(
    harCurl("GET", URL, [{ name: "X-Empty", value: "" }]),
    `curl '${URL}' \\\n  -H 'X-Empty;'`,
  );
});

Deno.test("har curl: ok/Accept-Encoding becomes --compressed, which asks for what curl can decode", () => {
  const cmd = harCurl("GET", URL, [{ name: "accept-encoding", value: "br" }]);
  assert.match(cmd, / \\\n {2}--compressed$/);
  // The browser's codings are not asked again: a curl without brotli
  // would get a body it cannot decode (DevTools leaves it out too).
  assert.doesNotMatch(cmd, /accept-encoding/i);
  assert.doesNotMatch(harCurl("GET", URL, []), /--compressed/);
  // Only identity: nothing to decode, and the header is sent as it was.
  const identity = harCurl("GET", URL, [{
    name: "Accept-Encoding",
    value: "identity",
  }]);
  assert.doesNotMatch(identity, /--compressed/);
  assert.match(identity, /-H 'Accept-Encoding: identity'/);
  assert.match(
    harCurl("GET", URL, [{ name: "Accept-Encoding", value: "gzip;q=1.0" }]),
    /--compressed$/,
  );
  // Refused codings (q=0, RFC 9110 §12.5.3) leave identity alone.
  for (
    const value of [
      "identity, *;q=0",
      "identity;q=1, *;q=0",
      "gzip;q=0, identity",
      "",
    ]
  ) {
    assert.doesNotMatch(
      harCurl("GET", URL, [{ name: "Accept-Encoding", value }]),
      /--compressed/,
      value,
    );
  }
});

Deno.test("har curl: ok/a Host repeating the URL's authority is left out; another is kept", () => {
  const host = (value: string) =>
    harCurl("GET", "https://api.example.com:8443/x", [{ name: "Host", value }]);
  assert.doesNotMatch(host("api.example.com:8443"), /Host/);
  assert.doesNotMatch(host("API.example.com:8443"), /Host/);
  // Recorded through a proxy, or a virtual host: it was sent as such.
  assert.match(host("internal.test"), /-H 'Host: internal\.test'/);
});

Deno.test("har curl: ok/a body left out changes the inferred method", () => {
  // The viewer drops an oversized body: POST must then be written out.
  assert.match(harCurl("POST", URL, []), /-X POST/);
  assert.doesNotMatch(harCurl("POST", URL, [], "x"), /-X/);
});

Deno.test("har curl: ok/the body postData records, as a browser sent it", () => {
  const form = sentBody({
    mimeType: "application/x-www-form-urlencoded",
    params: [{ name: "a", value: "1" }, { name: "b", value: "x y&z" }],
  });
  assert.deepEqual(form, {
    text: "a=1&b=x+y%26z",
    mimeType: "application/x-www-form-urlencoded",
  });
  assert.deepEqual(
    sentBody({
      mimeType: "text/plain",
      text: btoa(String.fromCharCode(...new TextEncoder().encode("héllo"))),
      encoding: "base64",
    }),
    { text: "héllo", mimeType: "text/plain" },
  );
  const bin = sentBody({
    mimeType: "application/octet-stream",
    text: btoa("\x00\x01\xff"),
    encoding: "base64",
  });
  assert.deepEqual(bin?.bytes, new Uint8Array([0, 1, 255]));
  // Multipart params name files whose bytes a HAR does not hold.
  assert.equal(
    sentBody({
      mimeType: "multipart/form-data; boundary=x",
      params: [{ name: "f", fileName: "a.png" }],
    }),
    null,
  );
  assert.equal(sentBody({ text: "" }), null);
  assert.equal(sentBody(undefined), null);
});

Deno.test("har curl: ok/a body's type and the cookies list are sent when no header says them", () => {
  const body = sentBody({ mimeType: "application/json", text: "{}" });
  assert.equal(
    harCurl("POST", URL, [], body, [{ name: "sid", value: "1" }, {
      name: "t",
      value: "a b",
    }]),
    [
      `curl '${URL}'`,
      "-H 'Content-Type: application/json'",
      "-H 'Cookie: sid=1; t=a b'",
      "--data-raw '{}'",
    ].join(" \\\n  "),
  );
  // Headers that say them win.
  assert.equal(
    harCurl(
      "POST",
      URL,
      [{ name: "content-type", value: "text/plain" }, {
        name: "cookie",
        value: "sid=2",
      }],
      body,
      [{ name: "sid", value: "1" }],
    ),
    [
      `curl '${URL}'`,
      "-H 'content-type: text/plain'",
      "-H 'cookie: sid=2'",
      "--data-raw '{}'",
    ].join(" \\\n  "),
  );
});

Deno.test("har curl: ok/a hostile URL is a URL, never an option or a glob", () => {
  assert.equal(
    harCurl("GET", "-K/etc/hostname", []),
    "curl --url '-K/etc/hostname' \\\n  --proto '=http,https'",
  );
  assert.equal(
    harCurl("GET", "https://x/a?f={a,b}&i[]=1", []),
    "curl 'https://x/a?f={a,b}&i[]=1' \\\n  --globoff",
  );
});
