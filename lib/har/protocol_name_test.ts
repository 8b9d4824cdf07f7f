import assert from "node:assert/strict";
import { protocolName } from "./protocol_name.ts";

Deno.test("protocol name: exporters' HTTP versions as DevTools' Protocol column names them", () => {
  const cases: [string, string][] = [
    ["HTTP/2.0", "h2"], // Firefox 43, Playwright
    ["http/2.0", "h2"], // Chrome
    ["HTTP/2", "h2"], // Safari
    ["h2", "h2"], // chrome-har
    ["HTTP/3", "h3"], // Firefox 111
    ["HTTP/1.1", "http/1.1"],
    ["1.1", "http/1.1"], // WebPageTest
    ["HTTP/1.0", "http/1.0"],
    // Names that are no version digits stay as written.
    ["h3-29", "h3-29"],
    ["http/2+quic/46", "http/2+quic/46"],
    ["HTTP/9.9", "HTTP/9.9"],
    ["", ""],
  ];
  for (const [written, name] of cases) {
    assert.equal(protocolName(written), name, written);
  }
});
