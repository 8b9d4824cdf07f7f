/** The compare model's parts read alone: server URLs and media type keys as compared. */
import assert from "node:assert/strict";
import { mediaKey, serverUrlKey } from "./model.ts";

Deno.test("compare model: a server URL as compared (RFC 3986 §6.2.2.1, §6.2.3)", () => {
  const CASES: [string, string, string][] = [
    ["ok/trailing slash", "https://x.io/v1/", "https://x.io/v1"],
    [
      "ok/scheme and host in capitals, path kept",
      "HTTPS://X.IO/V1",
      "https://x.io/V1",
    ],
    ["ok/https default port", "https://x.io:443/v1", "https://x.io/v1"],
    ["ok/http default port", "http://x.io:80", "http://x.io"],
    ["ok/an empty port", "https://x.io:/v1", "https://x.io/v1"],
    ["ok/another port stays", "https://x.io:4430", "https://x.io:4430"],
    [
      "ok/the other scheme's default port stays",
      "http://x.io:443",
      "http://x.io:443",
    ],
    ["ok/userinfo keeps its case", "https://U:P@X.io", "https://U:P@x.io"],
    ["ok/userinfo ends at the last @", "https://a@B@X.io", "https://a@B@x.io"],
    ["ok/IPv6", "https://[::1]:443/", "https://[::1]"],
    [
      "ok/a variable's name keeps its case",
      "https://{Region}.X.io:{Port}",
      "https://{Region}.x.io:{Port}",
    ],
    ["ok/the relative root stays", "/", "/"],
    ["ok/a relative path", "/v1/", "/v1"],
  ];
  for (const [name, url, want] of CASES) {
    assert.equal(serverUrlKey(url), want, name);
  }
});

const MEDIA_KEYS: [string, string, string][] = [
  [
    "ok/case and spaces (RFC 9110 §8.3.1)",
    "Application/JSON ; Version=2",
    "application/json; version=2",
  ],
  [
    "ok/JSON's charset=utf-8 unsaid",
    "application/json; charset=UTF-8",
    "application/json",
  ],
  [
    "ok/utf8 spelled without its hyphen",
    "application/json; charset=utf8",
    "application/json",
  ],
  [
    "ok/a +json suffix is JSON too",
    "application/problem+json; charset=utf-8",
    "application/problem+json",
  ],
  [
    "ok/another charset kept, lower-cased",
    "text/plain; charset=ISO-8859-1",
    "text/plain; charset=iso-8859-1",
  ],
  ["ok/parameters sorted", "a/b; y=1; x=2", "a/b; x=2; y=1"],
  ["ok/a quoted value unquoted", 'a/b; x="2"', "a/b; x=2"],
  ["bad/an empty parameter dropped", "a/b; ; x=1", "a/b; x=1"],
];

for (const [name, type, want] of MEDIA_KEYS) {
  Deno.test(`mediaKey: ${name}`, () => {
    assert.equal(mediaKey(type), want);
  });
}
