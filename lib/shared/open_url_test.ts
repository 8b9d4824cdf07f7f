import assert from "node:assert/strict";
import { MAX_OPEN_URL_CHARS, openUrl } from "./open_url.ts";

Deno.test("openUrl: http and https URLs are links; every other scheme, a bad URL and a too long one are not, saying why", () => {
  const cases: [string, string, RegExp | ""][] = [
    ["ok/http", "http://example.test/a?b=1", ""],
    ["ok/https", "https://example.test/", ""],
    ["ok/upper case scheme", "HTTPS://Example.TEST/a", ""],
    // Read as the browser reads it: the link is its parsed form.
    ["ok/no slashes", "https:example.test", ""],
    ["ok/a port and a fragment", "https://example.test:8443/a#b", ""],
    [
      "bad/data",
      "data:text/html,<script>alert(1)</script>",
      /scheme is data\./,
    ],
    ["bad/blob", "blob:https://example.test/6c1d-4e", /scheme is blob\./],
    ["bad/javascript", "javascript:alert(1)", /scheme is javascript\./],
    [
      "bad/javascript upper case",
      "JavaScript:alert(1)",
      /scheme is javascript\./,
    ],
    ["bad/javascript after a space", " javascript:alert(1)", /^Only an http/],
    ["bad/javascript with a tab", "java\tscript:alert(1)", /^Only an http/],
    [
      "bad/http inside",
      "javascript://https://x.test/%0aalert(1)",
      /scheme is javascript\./,
    ],
    ["bad/vbscript", "vbscript:msgbox(1)", /scheme is vbscript\./],
    ["bad/file", "file:///etc/passwd", /scheme is file\./],
    ["bad/ftp", "ftp://example.test/a", /scheme is ftp\./],
    ["bad/ws", "wss://example.test/socket", /scheme is wss\./],
    ["bad/about", "about:blank", /scheme is about\./],
    [
      "bad/chrome extension",
      "chrome-extension://abc/x.js",
      /scheme is chrome-extension\./,
    ],
    ["bad/relative", "/api/a", /^Only an http/],
    ["bad/none", "", /^Only an http/],
    ["bad/no host", "https://", /not one a browser can open/],
    [
      "bad/a bad port",
      "http://example.test:99999/",
      /not one a browser can open/,
    ],
    [
      "bad/too long",
      `https://x.test/${"a".repeat(MAX_OPEN_URL_CHARS)}`,
      /too long/,
    ],
  ];
  for (const [name, url, why] of cases) {
    const got = openUrl(url);
    if (why) {
      assert.equal(got.href, "", name);
      assert.match(got.note, why, name);
    } else {
      assert.equal(got.href, new URL(url).href, name);
      assert.equal(got.note, "", name);
    }
  }
});
