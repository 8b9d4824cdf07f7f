import assert from "node:assert/strict";
import { DEEP_SEARCH_CHARS, deepMask, entryHolds } from "./deep_search.ts";
import { textTerms } from "./search.ts";
import { cpuMs } from "../../tests/helpers/cpu_time.ts";

const b64 = (s: string) =>
  btoa(String.fromCharCode(...new TextEncoder().encode(s)));

const entries: unknown[] = [
  {
    request: {
      headers: [{ name: "X-Trace", value: "Abc-123" }],
      postData: { mimeType: "application/json", text: '{"user":"Zed"}' },
    },
    response: { headers: [], content: { mimeType: "text/html", text: "" } },
  },
  {
    request: {
      headers: [],
      postData: {
        mimeType: "application/x-www-form-urlencoded",
        params: [{ name: "color", value: "Teal" }],
      },
    },
    response: {
      headers: [{ name: "Server", value: "nginx" }],
      content: {
        mimeType: "application/json; charset=utf-8",
        encoding: "base64",
        text: b64('{"token":"Needle-Ünï"}'),
      },
    },
  },
  {
    request: { headers: [] },
    response: {
      headers: [],
      content: {
        mimeType: "image/png",
        encoding: "base64",
        text: b64("needle"),
      },
      _error: "net::ERR_CONNECTION_RESET",
    },
  },
  null,
  { request: "bad", response: { headers: "bad", content: 5 } },
];
const on = (term: string) =>
  [...deepMask(entries, term)].flatMap((v, i) => v ? [i] : []);

Deno.test("deep search: header lines, written Name: value, any case", () => {
  assert.deepEqual(on("x-trace: abc"), [0]);
  assert.deepEqual(on("abc-123"), [0]);
  assert.deepEqual(on("server:"), [1]);
  assert.deepEqual(on("nginx"), [1]);
});

Deno.test("deep search: the request body, its text or its params as name=value", () => {
  assert.deepEqual(on('"user":"zed"'), [0]);
  assert.deepEqual(on("color=teal"), [1]);
});

Deno.test("deep search: a textual base64 response body is decoded; a binary one is not", () => {
  assert.deepEqual(on("needle-"), [1]);
  assert.deepEqual(on("needle"), [1], "the image's bytes are not text");
  // Beyond ASCII, the decoded body is folded as the term is.
  assert.deepEqual(on("needle-uni"), [1]);
});

Deno.test("deep search: headers and bodies are folded as the list's fields are (cafe finds café, composed or not)", () => {
  const body = (text: string, base64 = false) => ({
    response: {
      content: {
        mimeType: "text/html; charset=utf-8",
        text: base64 ? b64(text) : text,
        ...(base64 ? { encoding: "base64" } : {}),
      },
    },
  });
  const cases: [string, unknown, string][] = [
    ["a body, accent composed", body("<p>Le Café</p>"), "café"],
    ["a body, accent as a mark", body("<p>Le Cafe\u0301</p>"), "cafe"],
    ["a base64 body", body("<p>Le Café</p>", true), "CAFE"],
    ["a body, sharp s", body("Straße 1"), "strasse"],
    ["a body, full-width letters", body("ｃａｆｅ"), "cafe"],
    [
      "a header value",
      { response: { headers: [{ name: "X-Place", value: "Café" }] } },
      "x-place: cafe",
    ],
    [
      "a request body",
      { request: { postData: { mimeType: "text/plain", text: "CAFÉ" } } },
      "café",
    ],
  ];
  for (const [name, entry, typed] of cases) {
    const [term] = textTerms(typed);
    assert.equal(entryHolds(entry, term), true, name);
  }
  assert.equal(entryHolds(body("cafe"), textTerms("café")[0]), true);
  assert.equal(entryHolds(body("caff"), textTerms("café")[0]), false);
});

Deno.test("deep search: the failure text", () => {
  assert.deepEqual(on("err_connection_reset"), [2]);
  assert.equal(entryHolds({ _error: "Blocked by client" }, "blocked"), true);
  // Playwright writes it as _failureText, which the list shows too.
  const playwright = {
    response: { status: -1, _failureText: "net::ERR_NAME_NOT_RESOLVED" },
  };
  assert.equal(entryHolds(playwright, "err_name_not_resolved"), true);
  assert.equal(
    entryHolds({ _failureText: "net::ERR_ABORTED" }, "err_aborted"),
    true,
  );
});

Deno.test("deep search: malformed entries hold nothing, the empty term everything", () => {
  assert.deepEqual(on("zzz"), []);
  assert.equal(entryHolds(null, ""), true);
  assert.equal(entryHolds(null, "a"), false);
});

Deno.test("deep search: each text is looked at up to the limit", () => {
  const body = "a".repeat(100) + "tail";
  const e = { response: { content: { mimeType: "text/plain", text: body } } };
  assert.equal(entryHolds(e, "tail", 104), true);
  assert.equal(entryHolds(e, "tail", 103), false);
  const enc = {
    response: {
      content: { mimeType: "text/plain", encoding: "base64", text: b64(body) },
    },
  };
  assert.equal(entryHolds(enc, "tail", 104), true);
  assert.equal(entryHolds(enc, "tail", 60), false);
  assert.equal(DEEP_SEARCH_CHARS, 10_000_000);
});

Deno.test("deep search: a 50 MB body takes bounded time, its tail unread", () => {
  const big = "x".repeat(50_000_000 - 6) + "needle";
  const e = { response: { content: { mimeType: "text/plain", text: big } } };
  const enc = {
    response: {
      content: {
        mimeType: "text/plain",
        encoding: "base64",
        text: "eHh4".repeat(12_500_000),
      },
    },
  };
  const ms = cpuMs(() => {
    assert.equal(entryHolds(e, "needle"), false, "beyond the first 10 MB");
    assert.equal(entryHolds(e, "xxx"), true);
    assert.equal(entryHolds(enc, "needle"), false);
  });
  assert.ok(ms < 3000, `took ${ms} ms`);
});
