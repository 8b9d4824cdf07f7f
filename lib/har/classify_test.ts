import assert from "node:assert/strict";
import { baseMime, Classifier, hostRange, pathFrom } from "./classify.ts";
import { statusClass } from "../shared/status.ts";

Deno.test("classify: status classes, other for the rest", () => {
  const cases: [number, string][] = [
    [200, "2xx"],
    [299, "2xx"],
    [304, "3xx"],
    [404, "4xx"],
    [503, "5xx"],
    [0, "other"],
    [101, "other"],
    [600, "other"],
    [-1, "other"],
  ];
  for (const [s, c] of cases) assert.equal(statusClass(s), c, String(s));
});

Deno.test("classify: base MIME types, parameters and case dropped", () => {
  assert.equal(baseMime("Text/HTML; charset=utf-8"), "text/html");
  assert.equal(baseMime("application/json"), "application/json");
  assert.equal(baseMime(""), "");
  assert.equal(baseMime(42), "");
});

Deno.test("classify: type categories: the exporter's, else MIME, URL, WebSocket", () => {
  const t = (
    rt: unknown,
    mime: string,
    url: string,
    status = 200,
    ws = false,
  ) => new Classifier().typeCategory(rt, mime, url, status, ws);
  assert.equal(t("Script", "text/plain", "https://x/a"), "script");
  assert.equal(t("constructor", "image/png", "https://x/a"), "image");
  assert.equal(t(undefined, "application/javascript", "https://x/a"), "script");
  assert.equal(t(undefined, "", "https://x/app.css"), "stylesheet");
  assert.equal(t(undefined, "", "wss://x/live"), "websocket");
  assert.equal(t(undefined, "", "https://x/live", 101), "websocket");
});

Deno.test("classify: a classifier's remembered answers are the fresh ones, past its limit too", () => {
  const c = new Classifier();
  for (let round = 0; round < 2; round++) {
    for (let i = 0; i < 1500; i++) {
      const mime = `Image/X-${i}; q=1`;
      assert.equal(c.baseMime(mime), baseMime(mime));
      const base = c.baseMime(mime);
      assert.equal(
        c.typeCategory(`Kind${i}`, base, "https://x/a", 200, false),
        "image",
      );
      assert.equal(
        c.typeCategory("Font", base, "https://x/a", 200, false),
        "font",
      );
    }
  }
  assert.equal(c.baseMime(7), "");
});

Deno.test("classify: host range skips credentials, path from there", () => {
  const r = new Int32Array(3);
  const url = "https://user:pw@Example.com:8443/a/b?q=1#frag";
  hostRange(url, r);
  assert.equal(url.slice(r[0], r[1]), "Example.com:8443");
  assert.equal(pathFrom(url, r[2]), "/a/b?q=1");
  hostRange("data:text/plain,hi", r);
  assert.deepEqual([...r], [0, 0, 0]);
  assert.equal(pathFrom("data:text/plain,hi", 0), "data:text/plain,hi");
  hostRange("https://h", r);
  assert.equal(pathFrom("https://h", r[2]), "/");
  // A blob: URL names no host to request: shown whole, as DevTools does.
  const blob = "blob:https://x.example/1234-5678";
  hostRange(blob, r);
  assert.deepEqual([...r], [0, 0, 0]);
  assert.equal(pathFrom(blob, 0), blob);
});

Deno.test("classify: the host ends at ? as at / and #", () => {
  const r = new Int32Array(3);
  const url = "https://a.test?x=1";
  hostRange(url, r);
  assert.equal(url.slice(r[0], r[1]), "a.test");
});

Deno.test("classify: types by MIME type, and by extension with a fragment", () => {
  const t = (mime: string, url = "https://a.test/x", rt?: unknown) =>
    new Classifier().typeCategory(rt, mime, url, 200, false);
  const cases: [string, string, string][] = [
    ["application/wasm", "https://a.test/x", "script"],
    ["application/xhtml+xml", "https://a.test/x", "document"],
    ["application/vnd.apple.mpegurl", "https://a.test/x", "media"],
    ["text/event-stream", "https://a.test/x", "xhr"],
    ["", "https://a.test/logo.png#x", "image"],
  ];
  for (const [mime, url, want] of cases) {
    assert.equal(t(mime, url), want, `${mime} ${url}`);
  }
  assert.equal(t("text/plain", "https://a.test/x", "Fetch "), "xhr");
});
