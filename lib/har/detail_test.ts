import assert from "node:assert/strict";
import { harFixture } from "../../tests/helpers/har_doc.ts";
import { entry, har } from "../../tests/helpers/har_hostile.ts";
import { parseHarText } from "./parse.ts";
import {
  entryDetail,
  PREVIEW_CHARS,
  previewBody,
  queryFromUrl,
} from "./detail.ts";
import { harCurl } from "./curl.ts";

const text = await harFixture("mixed.har");
const { doc, raw } = parseHarText(text);
const detail = (i: number) => entryDetail(raw[i], doc.entries[i]);

Deno.test("har detail: headers, query, cookies and bodies", () => {
  const d = detail(7);
  assert.deepEqual(d.query, [{ name: "access_token", value: "xyz" }, {
    name: "page",
    value: "2",
  }]);
  assert.equal(d.responseHeaders[0].name, "Set-Cookie");
  assert.deepEqual(d.responseCookies[0], {
    name: "session",
    value: "abc",
    attributes: "Path=/; HttpOnly",
  });
  assert.equal(d.responseBody.kind, "json");
  assert.match(
    (d.responseBody as { text: string }).text,
    /^\{\n {2}"error": "x"/,
  );
  const login = detail(2);
  assert.equal(login.requestBody.kind, "json");
  assert.equal(login.postMime, "application/json");
});

Deno.test("har detail: HTML is text and images are base64 only", () => {
  const html = detail(1).responseBody;
  assert.equal(html.kind, "text");
  assert.match((html as { text: string }).text, /<script>alert\(1\)<\/script>/);
  const png = detail(3).responseBody;
  assert.equal(png.kind, "image");
  assert.ok((png as { base64: string }).base64.startsWith("iVBOR"));
  assert.deepEqual(detail(6).responseBody, {
    kind: "none",
    reason: "No body.",
  });
});

Deno.test("har detail: previews are cut and base64 text is decoded", () => {
  const big = previewBody(
    "x".repeat(PREVIEW_CHARS + 10),
    undefined,
    "text/plain",
    -1,
  );
  assert.equal(big.kind, "text");
  assert.equal((big as { truncated: boolean }).truncated, true);
  const b64 = previewBody(btoa('{"a":1}'), "base64", "application/json", 7);
  assert.deepEqual(b64, {
    kind: "json",
    text: '{\n  "a": 1\n}',
    truncated: false,
    size: 7,
  });
  assert.equal(
    previewBody("AAEC", "base64", "application/octet-stream", 3).kind,
    "binary",
  );
  assert.deepEqual(previewBody("", undefined, "text/html", 500), {
    kind: "none",
    reason: "The body (500 B) was not saved in this HAR file.",
  });
  assert.equal(
    previewBody("<svg/>", undefined, "image/svg+xml", 6).kind,
    "image",
  );
});

Deno.test("har detail: query from the URL when queryString is empty", () => {
  assert.deepEqual(queryFromUrl("https://x/a?b=1&c=%20d&e#f=2"), [
    { name: "b", value: "1" },
    { name: "c", value: " d" },
    { name: "e", value: "" },
  ]);
});

Deno.test("har curl: quoting, method, headers and body", () => {
  assert.equal(
    detail(2).curl,
    [
      "curl 'https://api.example.com/login'",
      "-H 'Authorization: Bearer abc.def.ghi'",
      "-H 'Content-Type: application/json'",
      `--data-raw '{"user":"ann","password":"hunter2"}'`,
    ].join(" \\\n  "),
  );
  // The same request as a fetch call.
  assert.equal(
    detail(2).fetch,
    [
      'await fetch("https://api.example.com/login", {',
      '  method: "POST",',
      "  headers: {",
      '    "Authorization": "Bearer abc.def.ghi",',
      '    "Content-Type": "application/json",',
      "  },",
      "  // fetch adds Accept-Encoding (Deno: gzip,br; Node.js 20: gzip, deflate; a browser its own, Chromium: gzip, deflate, br, zstd) and decodes the answer; Copy as cURL sends none.",
      "  // fetch adds Accept-Language (Deno and Node.js: *; a browser its languages); Copy as cURL sends none.",
      `  body: ${JSON.stringify('{"user":"ann","password":"hunter2"}')},`,
      "  // The 3xx itself, as Copy as cURL (no -L) shows it; a browser's is opaque.",
      '  redirect: "manual",',
      "});",
      "",
    ].join("\n"),
  );
  // Pseudo-headers are dropped; GET needs no -X.
  assert.equal(
    detail(1).curl,
    "curl 'https://example.com/' \\\n  -H 'Accept: text/html'",
  );
  assert.match(harCurl("DELETE", "https://x/", []), /-X DELETE/);
  assert.match(harCurl("HEAD", "https://x/", []), /--head/);
  assert.match(
    harCurl("GET", "https://x/", [{ name: "Accept-Encoding", value: "gzip" }]),
    /--compressed$/,
  );
});

Deno.test("har detail: WebSocket messages are listed", () => {
  const d = detail(5);
  assert.equal(d.webSocketMessages, 1);
  assert.deepEqual(d.wsMessages, [
    {
      type: "send",
      time: 1,
      // The fixture's frame is dated 1970, its request 2024.
      at: -1714550401000,
      opcode: 1,
      data: '{"token":"ws-secret"}',
      length: 21,
    },
  ]);
  assert.deepEqual(detail(0).wsMessages, []);
});

Deno.test("har detail: a failed request says why, as the exporter wrote it", () => {
  const failed = structuredClone(raw[0]) as Record<string, unknown>;
  failed.response = {
    ...(failed.response as object),
    status: 0,
    _error: "net::ERR_INTERNET_DISCONNECTED",
  };
  assert.equal(
    entryDetail(failed, doc.entries[0]).error,
    "net::ERR_INTERNET_DISCONNECTED",
  );
  assert.equal(detail(0).error, "");
  failed._fromCache = "memory";
  assert.equal(entryDetail(failed, doc.entries[0]).servedFrom, "memory cache");
  assert.equal(detail(0).servedFrom, "");
});

Deno.test("har detail: cookies come from the headers when the cookies lists are empty", () => {
  const e = structuredClone(raw[0]) as Record<string, Record<string, unknown>>;
  e.request.cookies = [];
  e.request.headers = [{ name: "Cookie", value: "a=1; b=2" }];
  e.response.cookies = [];
  e.response.headers = [{ name: "Set-Cookie", value: "s=3; Secure" }];
  const d = entryDetail(e, doc.entries[0]);
  assert.deepEqual(d.requestCookies.map((c) => [c.name, c.value]), [
    ["a", "1"],
    ["b", "2"],
  ]);
  assert.deepEqual(d.responseCookies, [{
    name: "s",
    value: "3",
    attributes: "Secure",
  }]);
});

Deno.test("har detail: a body Playwright saved beside the HAR is named", () => {
  const e = structuredClone(raw[0]) as Record<string, Record<string, unknown>>;
  e.response.content = { size: 10, mimeType: "text/html", _file: "ab12.html" };
  assert.deepEqual(entryDetail(e, doc.entries[0]).responseBody, {
    kind: "none",
    reason:
      "The body was saved as a file of its own, ab12.html (beside the HAR, or in its ZIP archive), which did not come with what was opened.",
  });
});

Deno.test("har detail: Blocked splits into Queueing and Stalled as DevTools shows it, when Chrome recorded _blocked_queueing", () => {
  const split = (timings: Record<string, unknown>) => {
    const t = JSON.stringify(har([entry({ timings })]));
    const p = parseHarText(t);
    return entryDetail(p.raw[0], p.doc.entries[0]).blockedSplit;
  };
  const base = { send: 1, wait: 8, receive: 1 };
  assert.deepEqual(split({ ...base, blocked: 12.5, _blocked_queueing: 2.5 }), {
    queueing: 2.5,
    stalled: 10,
  });
  assert.equal(split({ ...base, blocked: 12.5 }), null);
  assert.equal(split({ ...base, blocked: -1, _blocked_queueing: 2 }), null);
  assert.equal(split({ ...base, blocked: 1, _blocked_queueing: 2 }), null);
  assert.equal(split({ ...base, blocked: 3, _blocked_queueing: "2" }), null);
});

Deno.test("har detail: headers the cURL command cannot send are said left out, as the fetch call and the Python script say theirs", () => {
  const detailOf = (over: Record<string, unknown>) => {
    const t = JSON.stringify(har([entry(over)]));
    const p = parseHarText(t);
    return entryDetail(p.raw[0], p.doc.entries[0]);
  };
  const request = entry().request as Record<string, unknown>;
  const d = detailOf({
    request: {
      ...request,
      headers: [
        { name: "X N", value: "v" },
        { name: "X-Lines", value: "a\nb" },
        { name: "X-Ok", value: "1" },
      ],
    },
  });
  assert.match(d.curl, /-H 'X-Ok: 1'/);
  assert.doesNotMatch(d.curl, /X N|X-Lines/);
  assert.equal(
    d.curlNote,
    "2 recorded headers curl cannot send are left out (a name that is no token, or a value holding CR, LF or NUL).",
  );
  assert.match(d.fetchNote, /2 recorded headers fetch cannot send/);
  const whole = detailOf({
    request: { ...request, headers: [{ name: "X-Ok", value: "1" }] },
  });
  assert.equal(whole.curlNote, "");
});

Deno.test("har detail: no command for a method that is not a token, and everything the command writes counts against its cap", () => {
  const detailOf = (over: Record<string, unknown>) => {
    const t = JSON.stringify(har([entry(over)]));
    const p = parseHarText(t);
    return entryDetail(p.raw[0], p.doc.entries[0]);
  };
  const request = entry().request as Record<string, unknown>;
  const smuggled = detailOf({
    request: { ...request, method: "GET /x HTTP/1.1\r\nHost: x\r\n\r\nGET" },
  });
  assert.equal(smuggled.curl, "");
  assert.equal(smuggled.fetch, "", "no fetch call where no command either");
  assert.match(smuggled.curlNote, /not an HTTP method name/);
  // A data: URL is no request at all.
  const inline = detailOf({
    request: { ...request, url: "data:text/css,body%7Bcolor:red%7D" },
  });
  assert.equal(inline.curl, "");
  assert.equal(inline.fetch, "");
  assert.match(inline.curlNote, /data: URL is read by the browser itself/);
  // Fiddler and Charles record the tunnel a client asked a proxy for: a
  // command would send "CONNECT /" to the site itself, in plain HTTP.
  for (const method of ["CONNECT", "connect"]) {
    const tunnel = detailOf({
      request: { ...request, method, url: "http://example.com:443" },
    });
    assert.equal(tunnel.curl, "", method);
    assert.equal(tunnel.fetch, "", method);
    assert.match(tunnel.curlNote, /CONNECT request asks a proxy for a tunnel/);
    assert.equal(tunnel.fetchNote, tunnel.curlNote);
  }
  const cookies = detailOf({
    request: {
      ...request,
      cookies: [{ name: "a", value: "x".repeat(1_100_000) }],
    },
  });
  assert.equal(cookies.curl, "");
  assert.match(cookies.curlNote, /too large/);
  // A body that quoting makes 8 times longer is measured as written.
  const c1 = detailOf({
    request: {
      ...request,
      method: "POST",
      postData: { mimeType: "text/plain", text: "\u0085".repeat(300_000) },
    },
  });
  assert.ok(c1.curl.length <= 1_000_000, `${c1.curl.length}`);
  assert.match(c1.curlNote, /body .* too large/);
  // The fetch call decides by its own length: JSON writes U+0085 as it is.
  assert.match(c1.fetch, /^await fetch\(/);
  assert.match(c1.fetch, /body:/);
  assert.equal(c1.fetchNote, "");
  // A body JSON writes twice as long: the command whole, the call without
  // it, and the button's note says so.
  const quotes = detailOf({
    request: {
      ...request,
      method: "POST",
      postData: { mimeType: "text/plain", text: '"'.repeat(600_000) },
    },
  });
  // Past one argument's size, piped in through printf.
  assert.match(
    quotes.curl,
    /^printf '"{600000}' \|\ncurl [^]*--data-binary @-$/,
  );
  assert.match(quotes.fetch, /^await fetch\(/);
  assert.doesNotMatch(quotes.fetch, /body:/);
  assert.match(
    quotes.fetchNote,
    /body is too large to copy: the call leaves it out/,
  );
  assert.match(
    quotes.fetch,
    /\/\/ The recorded body is left out: it is too large/,
  );
  // A WebSocket entry is no request either command repeats: said so.
  const socket = detailOf({ request: { ...request, url: "wss://x.test/s" } });
  assert.equal(socket.curl, "");
  assert.match(socket.curlNote, /WebSocket, opened by an upgrade/);
});

Deno.test("har detail: a note names the size of the command as built, and a huge body type goes with the body", () => {
  const detailOf = (over: Record<string, unknown>) => {
    const t = JSON.stringify(har([entry(over)]));
    const p = parseHarText(t);
    return entryDetail(p.raw[0], p.doc.entries[0]);
  };
  const request = entry().request as Record<string, unknown>;
  const quoted = detailOf({
    request: {
      ...request,
      cookies: [{ name: "a", value: "\u0085".repeat(400_000) }],
    },
  });
  assert.equal(quoted.curl, "");
  const n = Number(/\((\d+) characters\)/.exec(quoted.curlNote)?.[1]);
  assert.ok(n > 1_000_000, quoted.curlNote);
  const typed = detailOf({
    request: {
      ...request,
      method: "POST",
      postData: { mimeType: "x".repeat(1_100_000), text: "a" },
    },
  });
  assert.ok(typed.curl.length > 0 && typed.curl.length < 1_000);
  assert.match(typed.curlNote, /request body \(1100001 characters\)/);
});

Deno.test("har detail: where an entry was served from, and what started it, as DevTools says them", () => {
  const of = (patch: Record<string, unknown>) =>
    entryDetail(
      { ...(structuredClone(raw[0]) as Record<string, unknown>), ...patch },
      doc.entries[0],
    );
  const served: [Record<string, unknown>, string][] = [
    [{ _fromCache: "disk" }, "disk cache"],
    [{ _fetchType: "Memory Cache" }, "memory cache"],
    [{ _fetchType: "Network Load" }, ""],
    [{ _fetchedViaServiceWorker: true }, "service worker"],
    [{ _fromCache: "elsewhere" }, ""],
  ];
  for (const [patch, want] of served) {
    assert.equal(of(patch).servedFrom, want, JSON.stringify(patch));
  }
  const started: [Record<string, unknown>, string][] = [
    // Chrome: 0-based lines, shown as people count them.
    [
      { _initiator: { type: "parser", url: "https://x.test/", lineNumber: 9 } },
      "parser: https://x.test/:10",
    ],
    [{
      _initiator: {
        type: "script",
        stack: {
          callFrames: [],
          parent: {
            callFrames: [{
              functionName: "load",
              url: "https://x.test/app.js",
              lineNumber: 0,
            }],
          },
        },
      },
    }, "script: load https://x.test/app.js:1"],
    [{ _initiator: { type: "other" } }, "other"],
    // WebPageTest: a URL, with its line and type beside it.
    [{
      _initiator: "https://x.test/",
      _initiator_line: "12",
      _initiator_type: "parser",
    }, "parser: https://x.test/:12"],
    [
      { _initiator: "https://x.test/", _initiator_line: 15 },
      "https://x.test/:15",
    ],
    [{ _initiator: "", _initiator_type: "script" }, "script"],
    [{ _initiator: "" }, ""],
    [{}, ""],
  ];
  for (const [patch, want] of started) {
    assert.equal(of(patch).initiator, want, JSON.stringify(patch));
  }
});

Deno.test("har detail: a service worker and a disk cache are where it was served from; a line that is no count is left out", () => {
  const of = (patch: Record<string, unknown>) =>
    entryDetail(
      { ...(structuredClone(raw[0]) as Record<string, unknown>), ...patch },
      doc.entries[0],
    );
  assert.equal(of({ _fromServiceWorker: true }).servedFrom, "service worker");
  assert.equal(of({ _fetchType: "Disk Cache" }).servedFrom, "disk cache");
  assert.equal(
    of({ _initiator: "https://x.test/", _initiator_line: -1 }).initiator,
    "https://x.test/",
  );
  assert.equal(
    of({ _initiator: "https://x.test/", _initiator_line: 1.5 }).initiator,
    "https://x.test/",
  );
});

Deno.test("har detail: exporter-specific timings are listed apart, in written order; HAR 1.2 phases, comments and non-numbers are not", () => {
  const extraOf = (timings: unknown) => {
    const t = JSON.stringify(har([entry({ timings })]));
    const p = parseHarText(t);
    return entryDetail(p.raw[0], p.doc.entries[0]).extraTimings;
  };
  const CASES: [string, unknown, { name: string; value: string }[]][] = [
    [
      // Chrome: Queueing inside Blocked, the proxy's part, service worker
      // marks (-1 when the page had none).
      "ok/chrome",
      {
        blocked: 12.5,
        dns: -1,
        connect: -1,
        send: 0.2,
        wait: 30,
        receive: 1,
        ssl: -1,
        _blocked_queueing: 2.5,
        _blocked_proxy: 0.75,
        _workerStart: -1,
        _workerFetchStart: 0,
      },
      [
        { name: "_blocked_queueing", value: "2.5" },
        { name: "_blocked_proxy", value: "0.75" },
        { name: "_workerStart", value: "-1" },
        { name: "_workerFetchStart", value: "0" },
      ],
    ],
    [
      // Written order kept, whatever the names.
      "ok/order-kept",
      { _queued: 3, send: 1, wait: 1, receive: 1, _dns_start: 4 },
      [{ name: "_queued", value: "3" }, { name: "_dns_start", value: "4" }],
    ],
    [
      "ok/only-phases",
      { blocked: 1, dns: 2, connect: 3, ssl: 1, send: 1, wait: 1, receive: 1 },
      [],
    ],
    [
      "bad/comment-and-non-numbers",
      {
        send: 1,
        wait: 1,
        receive: 1,
        comment: "from a proxy",
        _note: "text",
        _flag: true,
        _nothing: null,
        _list: [1],
      },
      [],
    ],
    // `comment` is HAR 1.2's own member, whatever a writer put in it.
    ["bad/numeric-comment", { send: 1, wait: 1, receive: 1, comment: 5 }, []],
  ];
  for (const [name, timings, want] of CASES) {
    assert.deepEqual(extraOf(timings), want, name);
  }
});

Deno.test("har detail: where it was served from, per exporter's spelling; an entry-level _error when the response has none", () => {
  const of = (patch: Record<string, unknown>) =>
    entryDetail(
      { ...(structuredClone(raw[0]) as Record<string, unknown>), ...patch },
      doc.entries[0],
    );
  const served: [string, Record<string, unknown>, string][] = [
    ["ok/chrome-any-case", { _fromCache: "Memory" }, "memory cache"],
    [
      "ok/safari-service-worker",
      { _fetchType: "Service Worker" },
      "service worker",
    ],
    ["ok/safari-lower-case", { _fetchType: "disk cache" }, "disk cache"],
    // Chrome's cache flag says more than a worker flag beside it.
    ["ok/cache-first", {
      _fromCache: "disk",
      _fromServiceWorker: true,
    }, "disk cache"],
    ["bad/flag-as-text", { _fromServiceWorker: "true" }, ""],
    ["bad/safari-network", { _fetchType: "network load" }, ""],
    ["bad/safari-unknown", { _fetchType: "Prefetch" }, ""],
  ];
  for (const [name, patch, want] of served) {
    assert.equal(of(patch).servedFrom, want, name);
  }
  // WebPageTest and some proxies write the error on the entry itself.
  assert.equal(of({ _error: "net::ERR_FAILED" }).error, "net::ERR_FAILED");
  const res = structuredClone(raw[0]) as Record<string, unknown>;
  res.response = { ...(res.response as object), _error: "response" };
  res._error = "entry";
  assert.equal(entryDetail(res, doc.entries[0]).error, "response");
});

Deno.test("har detail: a 204 or 304 without a body says so; a 304 whose size names the cached body says it was not saved", () => {
  const bodyOf = (status: number, content: Record<string, unknown>) => {
    const e = entry();
    const res = e.response as Record<string, unknown>;
    e.response = { ...res, status, content };
    const p = parseHarText(JSON.stringify(har([e])));
    return entryDetail(p.raw[0], p.doc.entries[0]).responseBody;
  };
  // Firefox: size 0 and empty text; Chrome's 204: size 0, no text.
  assert.deepEqual(bodyOf(204, { size: 0, mimeType: "", text: "" }), {
    kind: "none",
    reason: "No body.",
  });
  assert.deepEqual(bodyOf(304, { size: 0, mimeType: "text/css" }), {
    kind: "none",
    reason: "No body.",
  });
  // Chrome writes a 304's content.size as the cached resource's size (its
  // text when it has it): without the text, the file lacks what DevTools
  // showed.
  assert.deepEqual(bodyOf(304, { size: 5120, mimeType: "text/css" }), {
    kind: "none",
    reason: "The body (5.1 kB) was not saved in this HAR file.",
  });
});

Deno.test("har detail: a response body left out without its size is said to be unsaved when the response had one, not 'No body'", () => {
  const bodyOf = (
    over: { status?: number; method?: string; length?: string },
    content: Record<string, unknown>,
  ) => {
    const e = entry();
    const req = e.request as Record<string, unknown>;
    const res = e.response as Record<string, unknown>;
    e.request = { ...req, method: over.method ?? "GET" };
    e.response = {
      ...res,
      status: over.status ?? 200,
      headers: over.length === undefined
        ? []
        : [{ name: "Content-Length", value: over.length }],
      content,
    };
    const p = parseHarText(JSON.stringify(har([e])));
    return entryDetail(p.raw[0], p.doc.entries[0]).responseBody;
  };
  const unsaved = {
    kind: "none",
    reason: "The body was not saved in this HAR file.",
  };
  const none = { kind: "none", reason: "No body." };
  // Firefox, for a response it kept no content of: no size, no text.
  const firefox = {
    mimeType: "image/png",
    comment: "Response bodies are not included.",
  };
  assert.deepEqual(bodyOf({}, firefox), unsaved);
  // Playwright's minimal mode with content "omit": size -1.
  assert.deepEqual(bodyOf({}, { size: -1, mimeType: "font/woff2" }), unsaved);
  // The Content-Length header says how large it was, or that it was empty.
  assert.deepEqual(bodyOf({ length: "2048" }, firefox), {
    kind: "none",
    reason: "The body (2.0 kB) was not saved in this HAR file.",
  });
  assert.deepEqual(bodyOf({ length: "0" }, firefox), none);
  // No response carries a body here (RFC 9110 §6.4.1, §9.3.6).
  assert.deepEqual(bodyOf({ method: "HEAD" }, firefox), none);
  assert.deepEqual(bodyOf({ status: 204 }, firefox), none);
  assert.deepEqual(bodyOf({ status: 304 }, firefox), none);
  assert.deepEqual(bodyOf({ status: 101 }, firefox), none);
  assert.deepEqual(bodyOf({ method: "CONNECT" }, firefox), none);
  // A request that failed got no response at all.
  assert.deepEqual(bodyOf({ status: 0 }, firefox), none);
  assert.deepEqual(bodyOf({ status: -1 }, { size: -1 }), none);
});

Deno.test("har detail: a request body the exporter left out is said in the body section and in both commands' notes", () => {
  const detailOf = (request: Record<string, unknown>) => {
    const e = entry();
    e.request = {
      ...(e.request as Record<string, unknown>),
      method: "POST",
      ...request,
    };
    const p = parseHarText(JSON.stringify(har([e])));
    return entryDetail(p.raw[0], p.doc.entries[0]);
  };
  // Playwright leaves binary bodies out: an empty text, the size kept.
  const binary = detailOf({
    bodySize: 1234,
    postData: { mimeType: "application/octet-stream", text: "", params: [] },
  });
  assert.deepEqual(binary.requestBody, {
    kind: "none",
    reason: "The body (1.2 kB) was not saved in this HAR file.",
  });
  assert.match(
    binary.curlNote,
    /request body \(1234 B\) was not saved.*sends none/,
  );
  assert.match(binary.fetchNote, /request body \(1234 B\) was not saved/);
  // Playwright's content: "attach": the file beside the HAR is named.
  const attached = detailOf({
    bodySize: 10,
    postData: { mimeType: "application/json", text: "", _file: "5f2b.json" },
  });
  assert.match(
    (attached.requestBody as { reason: string }).reason,
    /saved as a file of its own, 5f2b\.json \(beside the HAR, or in its ZIP archive\)/,
  );
  assert.match(
    attached.curlNote,
    /5f2b\.json \(beside the HAR, or in its ZIP archive\): the command sends none/,
  );
  // Insomnia writes a multipart form as its fields alone (a file by its
  // name, HAR 1.2 §4.2.4's fileName): no body to send, and the file named.
  const form = detailOf({
    bodySize: -1,
    postData: {
      mimeType: "multipart/form-data",
      params: [
        { name: "title", value: "cat" },
        {
          name: "photo",
          fileName: "/home/me/cat.png",
          contentType: "image/png",
        },
        { name: "notes", fileName: "notes.txt", value: "hello" },
      ],
    },
  });
  assert.deepEqual(form.postParams, [
    { name: "title", value: "cat" },
    { name: "photo", value: "(file /home/me/cat.png, image/png)" },
    { name: "notes", value: "hello" },
  ]);
  assert.match(
    form.curlNote,
    /multipart form was recorded as its fields, not as the body sent: the command sends none/,
  );
  assert.match(form.fetchNote, /multipart form was recorded as its fields/);
  // A GET with nothing sent says nothing.
  const none = detailOf({ method: "GET", bodySize: 0 });
  assert.equal(none.curlNote, "");
  assert.deepEqual(none.requestBody, { kind: "none", reason: "No body." });
});

Deno.test("har detail: a request body that was recorded gets no 'not saved' note", () => {
  const e = entry();
  e.request = {
    ...(e.request as Record<string, unknown>),
    method: "POST",
    bodySize: 7,
    postData: { mimeType: "application/json", text: '{"a":1}' },
  };
  const p = parseHarText(JSON.stringify(har([e])));
  const d = entryDetail(p.raw[0], p.doc.entries[0]);
  assert.equal(d.curlNote, "");
  assert.doesNotMatch(d.fetchNote, /not saved/);
});
