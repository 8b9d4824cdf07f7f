import assert from "node:assert/strict";
import { endpoint } from "../../lib/debug/core/catalog.ts";
import { DEFAULT_LIMITS } from "../../lib/debug/core/limits.ts";
import { createDebugApi } from "../../lib/debug/api.ts";

type EndpointId = string;
import {
  canRedirect,
  credentialsHeader,
  curlNotes,
  extraQuery,
  initialState,
  isCompressed,
  methodFor,
  prepare,
  queryPlaceholder,
  redirectStatuses,
  runnerCurl,
  type RunnerState,
  sameRequest,
  takesQuery,
  TEXT_PLAIN,
  withCredentials,
} from "./model.ts";
import { bodyError, parseHeaders } from "./headers.ts";
import { preparedRequest } from "../../tests/helpers/prepared_request.ts";

const catalog = createDebugApi().catalog;
const O = "http://127.0.0.1:8000";

function state(id: EndpointId, patch: Partial<RunnerState> = {}) {
  const ep = endpoint(catalog, id);
  const s = initialState(ep);
  return {
    ep,
    s: { ...s, ...patch, values: { ...s.values, ...patch.values } },
  };
}

function run(id: EndpointId, patch: Partial<RunnerState> = {}) {
  const { ep, s } = state(id, patch);
  return prepare(ep, s, O, DEFAULT_LIMITS);
}

Deno.test("runner model: capabilities come from the catalog", () => {
  const ids = (f: (id: EndpointId) => boolean) =>
    catalog.map((e) => e.id).filter(f);
  assert.deepEqual(
    ids((id) => canRedirect(endpoint(catalog, id))),
    [
      "status",
      "redirect",
      "relative-redirect",
      "absolute-redirect",
      "redirect-to",
      "cookies-set",
      "cookies-delete",
      // A 304 is no redirect (fetch follows 301, 302, 303, 307, 308 only):
      // /cache, /etag and /range are not here.
      "links",
    ],
  );
  assert.deepEqual(
    ids((id) => isCompressed(endpoint(catalog, id))),
    ["gzip", "deflate", "brotli"],
  );
  // Every endpoint that reads query names of the caller's choosing: the
  // reflecting ones from their schema (echo's query, httpbin's args), the
  // rest named in one table.
  assert.deepEqual(ids((id) => takesQuery(endpoint(catalog, id))), [
    "echo",
    "get",
    "post",
    "put",
    "patch",
    "delete",
    "anything",
    "delay",
    "cookies-set",
    "cookies-delete",
    "cache",
    "cache-control",
    "etag",
    "response-headers",
    "stream",
  ]);
});

const OK: [string, EndpointId, Partial<RunnerState>, string][] = [
  ["ok/status default", "status", {}, "/api/debug/status/418"],
  [
    "ok/status sleep",
    "status",
    { values: { code: "503", sleep: "1.5s" } },
    "/api/debug/status/503?sleep=1.5s",
  ],
  [
    "ok/redirect status and absolute",
    "redirect",
    { values: { count: "3", status: "307", absolute: "true" } },
    "/api/debug/redirect/3?status=307&absolute=true",
  ],
  [
    "ok/sse all params",
    "sse",
    { values: { count: "3", interval: "0", event: "tick", retry: "10" } },
    "/api/debug/sse?count=3&interval=0&event=tick&retry=10",
  ],
  [
    "ok/echo extra query",
    "echo",
    { query: "?a=1&a=2&b=x y", values: { sleep: "10" } },
    "/api/debug/echo?sleep=10&a=1&a=2&b=x%20y",
  ],
  [
    "ok/response-headers is driven by the query",
    "response-headers",
    { query: "X-A=1&Content-Type=text/plain" },
    "/api/debug/response-headers?X-A=1&Content-Type=text/plain",
  ],
  [
    "ok/cookies-delete names its cookies",
    "cookies-delete",
    { query: "a&b" },
    "/api/debug/cookies/delete?a&b",
  ],
  [
    "ok/dots inside a segment are no dot segment",
    "anything",
    { values: { path: "a..b/.x/..." } },
    "/api/debug/anything/a..b/.x/...",
  ],
  ["ok/get reflects args", "get", { query: "x=1" }, "/api/debug/get?x=1"],
  [
    "ok/the extra query is sent as typed: percent bytes, + and ; kept",
    "get",
    { query: "c=%E9&flag&s=a;b+c&p=%2F" },
    "/api/debug/get?c=%E9&flag&s=a;b+c&p=%2F",
  ],
  [
    "ok/what a query cannot hold is percent-encoded",
    "get",
    { query: "q=50%&é=#1&x=<\"`{|}>'" },
    "/api/debug/get?q=50%25&%C3%A9=%231&x=%3C%22%60%7B%7C%7D%3E%27",
  ],
  [
    "ok/no extra query where the endpoint reads none",
    "status",
    { query: "x=1" },
    "/api/debug/status/418",
  ],
];
for (const [name, id, patch, path] of OK) {
  Deno.test(`runner model: ${name}`, () => {
    const p = run(id, patch);
    assert.deepEqual(p.errors, {});
    assert.equal(p.request.url, O + path);
  });
}

// Messages are the server's own (lib/debug/core/params.ts), word for word.
const BAD: [string, EndpointId, Partial<RunnerState>, string, RegExp][] = [
  ["bad/code 1xx", "status", { values: { code: "100" } }, "code", /1xx/],
  ["bad/code range", "status", { values: { code: "600" } }, "code", /200/],
  ["bad/code empty", "status", { values: { code: "" } }, "code", /integer/],
  ["bad/code exponent", "status", { values: { code: "2e2" } }, "code", /got/],
  ["bad/sleep over", "echo", { values: { sleep: "31s" } }, "sleep", /30000/],
  ["bad/sleep unit", "echo", { values: { sleep: "1m" } }, "sleep", /1\.5s/],
  ["bad/sse count 0", "sse", { values: { count: "0" } }, "count", /1 and/],
  [
    "bad/sse event",
    "sse",
    { values: { event: "a b" } },
    "event",
    /matching/,
  ],
  ["bad/redirect far", "redirect", { values: { count: "51" } }, "count", /50/],
  [
    "bad/redirect status",
    "redirect",
    { values: { status: "300" } },
    "status",
    /one of/,
  ],
  ["bad/GET body", "echo", { body: "x" }, "body", /GET request cannot/],
  ["bad/header no colon", "echo", { headers: "X-A" }, "headers", /Name: value/],
  ["bad/header name", "echo", { headers: "X A: 1" }, "headers", /not a valid/],
  [
    "bad/header cookie",
    "echo",
    { headers: "Cookie: a=1" },
    "headers",
    /forbidden/,
  ],
  [
    "bad/header sec-",
    "echo",
    { headers: "Sec-Foo: 1" },
    "headers",
    /forbidden/,
  ],
  [
    "bad/header user-agent",
    "echo",
    { headers: "User-Agent: x" },
    "headers",
    /Chromium ignores/,
  ],
  ["bad/header utf8", "echo", { headers: "X-A: é€" }, "headers", /Latin-1/],
  [
    "bad/anything path leaving the API",
    "anything",
    { values: { path: "../../../debug" } },
    "path",
    /"\.\." segment/,
  ],
  [
    "bad/anything path dot",
    "anything",
    { values: { path: "a/./b" } },
    "path",
    /segment/,
  ],
  ["bad/etag ..", "etag", { values: { etag: ".." } }, "etag", /segment/],
  ["bad/header fold", "echo", { headers: "X-A: 1\n b" }, "headers", /folded/],
];
for (const [name, id, patch, field, re] of BAD) {
  Deno.test(`runner model: ${name}`, () => {
    const p = run(id, patch);
    assert.match(p.errors[field] ?? "(none)", re);
  });
}

Deno.test("runner model: a body gets the Content-Type a browser would send", () => {
  const p = run("echo", { method: "POST", body: "hi" });
  assert.equal(p.implicitType, TEXT_PLAIN);
  assert.deepEqual(p.request.headers, [{
    name: "Content-Type",
    value: TEXT_PLAIN,
  }]);
  const q = run("echo", {
    method: "PUT",
    body: "{}",
    headers: "content-type: application/json\nX-Id: 7",
  });
  assert.equal(q.implicitType, undefined);
  assert.deepEqual(q.request.headers.map((h) => h.name), [
    "content-type",
    "X-Id",
  ]);
});

Deno.test("runner model: body size is checked with the server's 413 text", () => {
  assert.equal(bodyError("POST", "abc", 3), null);
  assert.equal(
    bodyError("POST", "ab€", 3),
    "The request body is larger than 3 bytes (Content-Length: 5); see DEBUG_MAX_BODY_BYTES.",
  );
});

Deno.test("runner model: follow, manual and -L", () => {
  assert.equal(run("redirect").request.follow, true);
  assert.equal(run("redirect", { follow: false }).request.manual, true);
  assert.equal(run("status").request.follow, false, "418 does not redirect");
  assert.equal(run("status", { values: { code: "302" } }).request.follow, true);
  assert.equal(run("echo").request.manual, false);
  assert.equal(run("gzip").request.compressed, true);
  const sse = run("sse");
  assert.equal(sse.request.stream, true);
  assert.deepEqual(sse.request.headers, [{
    name: "Accept",
    value: "text/event-stream",
  }]);
});

Deno.test("runner model: header lines", () => {
  assert.deepEqual(
    parseHeaders("\n A-B: 1 ").error?.startsWith("Line 2"),
    true,
  );
  assert.deepEqual(parseHeaders("X-Empty:\n\nX-B:  two words  \n"), {
    headers: [{ name: "X-Empty", value: "" }, {
      name: "X-B",
      value: "two words",
    }],
    error: null,
  });
  assert.match(
    parseHeaders("X-HTTP-Method-Override: TRACE").error!,
    /CONNECT, TRACE/,
  );
  assert.equal(parseHeaders("X-HTTP-Method-Override: PUT").error, null);
});

const req = preparedRequest;

Deno.test("runner curl: the runner's options reach the command", () => {
  assert.equal(runnerCurl(req({})), "curl 'http://h/api/debug/echo'");
  assert.equal(
    runnerCurl(req({
      method: "PUT",
      headers: [{ name: "X-A", value: "it's" }, { name: "X-E", value: "" }],
      body: '{"a":"b c"}',
    })),
    [
      "curl 'http://h/api/debug/echo'",
      "-X PUT",
      "-H 'X-A: it'\\''s'",
      "-H 'X-E;'",
      `--data-raw '{"a":"b c"}'`,
    ].join(" \\\n  "),
  );
  // With -L, -X POST would keep POST after a 302; curl's inference switches.
  assert.doesNotMatch(
    runnerCurl(req({ method: "POST", body: "x", follow: true })),
    /-X/,
  );
  assert.match(
    runnerCurl(req({ method: "PUT", follow: true })),
    /-X PUT[\s\S]*-L \\\n {2}--post301 --post302$/,
  );
  assert.match(runnerCurl(req({ compressed: true })), /--compressed$/);
  assert.match(runnerCurl(req({ stream: true })), / -N$/);
  // A WebSocket's 101 has no body: curl prints its status and headers.
  const socket = run("websocket-echo").request;
  assert.equal(socket.include, true);
  assert.match(runnerCurl(socket), / -i$/);
  assert.equal(run("echo").request.include, false);
});

/** [name, endpoint, form values, the redirect statuses it may answer] */
const REDIRECTS: [string, EndpointId, Record<string, string>, number[]][] = [
  ["ok/status asks a redirect", "status", { code: "303" }, [303]],
  ["ok/status weighted list", "status", { code: "200:0.5,307:0.5" }, [307]],
  ["ok/status 418 never redirects", "status", { code: "418" }, []],
  ["ok/redirect default 302", "redirect", {}, [302]],
  ["ok/redirect picks 303", "redirect", { status: "303" }, [303]],
  ["ok/redirect-to status_code", "redirect-to", { status_code: "308" }, [
    308,
  ]],
  ["ok/links without offset", "links", { offset: "" }, [302]],
  ["ok/links with offset", "links", { offset: "2" }, []],
  ["ok/cache 304 is no redirect", "cache", {}, []],
  ["ok/etag 304 is no redirect", "etag", {}, []],
  ["ok/range 304 is no redirect", "range", {}, []],
];
for (const [name, id, values, want] of REDIRECTS) {
  Deno.test(`runner model: redirects ${name}`, () => {
    const { ep, s } = state(id, { values });
    assert.deepEqual(redirectStatuses(ep, s.values), want);
    const p = prepare(ep, s, O, DEFAULT_LIMITS);
    assert.equal(p.request.follow, want.length > 0);
    assert.equal(/ -L$/.test(runnerCurl(p.request)), want.length > 0);
  });
}

/** [name, endpoint, form, whether the cURL command gets the 303 note] */
const NOTES: [string, EndpointId, Partial<RunnerState>, boolean][] = [
  [
    "ok/PUT after a 303",
    "status",
    { method: "PUT", values: { code: "303" } },
    true,
  ],
  ["ok/DELETE via redirect 303", "redirect", {
    method: "DELETE",
    values: { status: "303" },
  }, true],
  ["ok/PUT after a 307 keeps PUT in both", "redirect", {
    method: "PUT",
    values: { status: "307" },
  }, false],
  ["ok/POST switches in curl too", "status", {
    method: "POST",
    values: { code: "303" },
  }, false],
  ["ok/not following", "status", {
    method: "PUT",
    follow: false,
    values: { code: "303" },
  }, false],
];
NOTES.push(
  [
    "ok/POST with a body turned into GET: Content-Type goes only in curl",
    "status",
    {
      method: "POST",
      body: "x=1",
      values: { code: "302" },
    },
    true,
  ],
  ["ok/POST with a body kept by a 307", "status", {
    method: "POST",
    body: "x=1",
    values: { code: "307" },
  }, false],
);
NOTES.push(
  ["ok/21 redirects followed: the browser stops at 20", "redirect", {
    values: { count: "21" },
  }, true],
  ["ok/20 redirects followed", "relative-redirect", {
    values: { n: "20" },
  }, false],
  ["ok/21 relative redirects followed", "relative-redirect", {
    values: { n: "21" },
  }, true],
  ["ok/30 absolute redirects, not followed", "absolute-redirect", {
    follow: false,
    values: { n: "30" },
  }, false],
  ["ok/30 absolute redirects followed", "absolute-redirect", {
    values: { n: "30" },
  }, true],
);
for (const [name, id, patch, want] of NOTES) {
  Deno.test(`runner model: curl note ${name}`, () => {
    const notes = curlNotes(run(id, patch).request);
    assert.equal(notes.length > 0, want, notes.join());
  });
}

Deno.test("runner curl: a PUT with data keeps it through a 301 or 302, as fetch does; POST does not", () => {
  for (const body of ["x=1", ""]) {
    const put = runnerCurl(
      run("status", { method: "PUT", body, values: { code: "301" } }).request,
    );
    assert.match(put, /-L \\\n {2}--post301 --post302$/, put);
    const post = runnerCurl(
      run("status", { method: "POST", body, values: { code: "301" } })
        .request,
    );
    assert.doesNotMatch(post, /--post30/);
  }
});

Deno.test("runner model: an extra query name that is the endpoint's own parameter is refused, not sent twice", () => {
  const { ep, s } = state("echo", { query: "a=1&sleep=2" });
  assert.match(
    prepare(ep, s, O, DEFAULT_LIMITS).errors.query ?? "",
    /^sleep has its own field/,
  );
  const ok = state("echo", { query: "a=1&b=2" });
  assert.equal(prepare(ok.ep, ok.s, O, DEFAULT_LIMITS).errors.query, undefined);
});

Deno.test("runner curl: an empty POST or PUT is sent as fetch sends it", () => {
  // fetch sends Content-Length: 0 for POST and PUT without a body (Fetch
  // §4.5); -X POST would also keep POST after a 303 where fetch GETs.
  const post = runnerCurl(
    run("status", { method: "POST", values: { code: "303" } }).request,
  );
  assert.doesNotMatch(post, /-X/);
  assert.match(post, /--data-raw '' \\\n {2}-H 'Content-Type:' \\\n {2}-L$/);
  assert.match(
    runnerCurl(run("echo", { method: "PUT" }).request),
    /-X PUT[\s\S]*--data-raw ''/,
  );
  assert.doesNotMatch(
    runnerCurl(run("echo", { method: "PATCH" }).request),
    /--data/,
  );
});

/** [name, endpoint, form, whether the response sets cookies] */
const COOKIES: [string, EndpointId, Partial<RunnerState>, boolean][] = [
  ["ok/cookies-set", "cookies-set", {}, true],
  ["ok/cookies-delete", "cookies-delete", { query: "a" }, true],
  ["ok/response-headers asked for one", "response-headers", {
    query: "set-cookie=a=1",
  }, true],
  [
    "ok/response-headers without",
    "response-headers",
    { query: "X-A=1" },
    false,
  ],
  ["ok/cookies reads them only", "cookies", {}, false],
];
for (const [name, id, patch, want] of COOKIES) {
  Deno.test(`runner model: sets cookies ${name}`, () => {
    assert.equal(run(id, patch).request.setsCookies, want);
  });
}

/** [name, headers typed, the first error, the -H lines of the cURL command] */
const KEPT: [string, string, RegExp, string[]][] = [
  [
    "bad/Cookie on line 1 keeps the Accept on line 4",
    "Cookie: a=1\nX-A: 1\n\nAccept: text/plain",
    /^Line 1: .*forbidden/,
    ["-H 'Cookie: a=1'", "-H 'X-A: 1'", "-H 'Accept: text/plain'"],
  ],
  [
    "bad/User-Agent goes to curl, which can send it",
    "User-Agent: probe/1\nX-B: 2",
    /^Line 1: Chromium ignores/,
    ["-H 'User-Agent: probe/1'", "-H 'X-B: 2'"],
  ],
  [
    "bad/a line curl cannot send either is left out, the rest kept",
    "X A: 1\nAccept: */*\nHost: example",
    /^Line 1: .*not a valid/,
    ["-H 'Accept: */*'", "-H 'Host: example'"],
  ],
];
for (const [name, headers, error, lines] of KEPT) {
  Deno.test(`runner model: every header typed reaches cURL: ${name}`, () => {
    const p = run("echo", { headers });
    assert.match(p.errors.headers ?? "(none)", error);
    const curl = runnerCurl(p.request);
    assert.deepEqual(
      curl.split(" \\\n  ").filter((l) => l.startsWith("-H")),
      lines,
    );
  });
}

Deno.test("runner model: cookies/set's extra query is refused while its path form names a cookie", () => {
  const filled = state("cookies-set", {
    query: "b=2",
    values: { name: "flavour", value: "oat" },
  });
  assert.match(
    prepare(filled.ep, filled.s, O, DEFAULT_LIMITS).errors.query ?? "",
    /sets only that cookie/,
  );
  // One of the two is no route: said on the empty one.
  const half = state("cookies-set", { values: { name: "a", value: "" } });
  assert.match(
    prepare(half.ep, half.s, O, DEFAULT_LIMITS).errors.value ?? "",
    /a name and a value, or neither/,
  );
  const empty = state("cookies-set", {
    query: "b=2",
    values: { name: "", value: "" },
  });
  assert.equal(
    prepare(empty.ep, empty.s, O, DEFAULT_LIMITS).errors.query,
    undefined,
  );
  assert.equal(queryPlaceholder(empty.ep), "flavour=oat&size=large");
});

Deno.test("runner model: a multipart body's lines are sent with CRLF, however the text box ends them", () => {
  const lines = [
    "--b",
    'Content-Disposition: form-data; name="f"',
    "",
    "v",
    "--b--",
    "",
  ];
  const typed = lines.join("\n");
  const sent = (contentType: string) =>
    run("anything", {
      method: "POST",
      headers: `Content-Type: ${contentType}`,
      body: typed,
    }).request;
  const multi = sent("multipart/form-data; boundary=b");
  assert.equal(multi.body, lines.join("\r\n"));
  // Any case of the type or the header's name; CRLF already there stays.
  assert.equal(
    sent("Multipart/Form-Data; boundary=b").body,
    lines.join("\r\n"),
  );
  const lower = run("anything", {
    method: "POST",
    headers: "content-type: multipart/form-data; boundary=b",
    body: lines.join("\r\n"),
  }).request;
  assert.equal(lower.body, lines.join("\r\n"));
  // The command sends the same bytes (a CRLF body stays single-quoted).
  assert.ok(runnerCurl(multi).includes(`'${lines.join("\r\n")}'`));
  // Other types are sent as typed.
  assert.equal(sent("text/plain").body, typed);
  // The size is checked as sent: with CRLF it passes the limit.
  const { ep, s: st } = state("anything", {
    method: "POST",
    headers: "Content-Type: multipart/form-data; boundary=b",
    body: "\n".repeat(600),
  });
  assert.ok(prepare(ep, st, O, { maxBodyBytes: 1000 }).errors.body);
  assert.equal(
    prepare(ep, { ...st, headers: "" }, O, { maxBodyBytes: 1000 }).errors.body,
    undefined,
  );
});

Deno.test("runner model: credentials from the path: Basic for basic-auth, a sample bearer, none for digest (a note instead)", () => {
  const basic = endpoint(catalog, "basic-auth");
  const line = credentialsHeader(basic, { user: "ünï", passwd: "p:w" })!;
  assert.deepEqual(line, {
    name: "Authorization",
    // RFC 7617 §2.1: user-pass in UTF-8, then base64.
    value: "Basic w7xuw686cDp3",
  });
  assert.equal(
    atob(line.value.slice(6)),
    String.fromCharCode(...new TextEncoder().encode("ünï:p:w")),
  );
  assert.equal(
    credentialsHeader(endpoint(catalog, "bearer"), {})?.value,
    "Bearer example-token",
  );
  assert.equal(credentialsHeader(endpoint(catalog, "digest-auth"), {}), null);
  // A user-id with a colon cannot be sent (RFC 7617 §2): no line.
  assert.equal(credentialsHeader(basic, { user: "a:b", passwd: "c" }), null);
  assert.equal(credentialsHeader(endpoint(catalog, "get"), {}), null);
  // Replaces an Authorization line, keeps the others.
  assert.equal(
    withCredentials("X-A: 1\nauthorization: Basic old\n\nAuthorization;", line),
    `X-A: 1\nAuthorization: ${line.value}`,
  );
  assert.equal(withCredentials("", line), `Authorization: ${line.value}`);
  const digest = run("digest-auth", {
    values: { qop: "auth", user: "u", passwd: "p w" },
  }).request;
  assert.match(runnerCurl(digest), /\n {2}--digest -u 'u:p w'$/);
  assert.doesNotMatch(runnerCurl(run("basic-auth").request), /--digest/);
  assert.deepEqual(curlNotes(run("basic-auth").request), []);
});

Deno.test("runner model: an endpoint that answers any method takes a name of one's own, checked as the browser sends it", () => {
  const anything = endpoint(catalog, "anything");
  assert.equal(methodFor(anything, "propfind", "GET"), "propfind");
  assert.equal(methodFor(anything, "post", "GET"), "POST");
  assert.equal(methodFor(anything, "TRACE", "GET"), "GET");
  assert.equal(methodFor(anything, "NO SPACE", "GET"), "GET");
  // Not for an endpoint that lists its methods.
  assert.equal(methodFor(endpoint(catalog, "get"), "PROPFIND", "GET"), "GET");
  const ok = run("anything", { method: "PROPFIND" });
  assert.equal(ok.request.method, "PROPFIND");
  assert.equal(ok.errors.method, undefined);
  assert.match(runnerCurl(ok.request), /-X PROPFIND/);
  for (const bad of ["", "TRACK", "a b", "x".repeat(33)]) {
    assert.ok(run("anything", { method: bad }).errors.method, bad);
  }
  // Typed in lower case, a standard method is sent as fetch sends it: its
  // rules (no GET body, a POST turned into GET by a 303) are the ones read.
  const get = run("anything", { method: "get", body: "x" });
  assert.equal(get.request.method, "GET");
  assert.ok(get.errors.body);
  assert.equal(run("anything", { method: "patch" }).request.method, "patch");
});

Deno.test("runner model: the extra query's lone surrogate is sent as U+FFFD, not thrown on", () => {
  assert.equal(extraQuery("a=\uD800"), "a=%EF%BF%BD");
});

Deno.test("runner model: sameRequest tells apart every part a result depends on", () => {
  const a = run("anything", {
    method: "POST",
    headers: "X-A: 1",
    body: "x",
  }).request;
  assert.equal(sameRequest(a, { ...a }), true);
  for (
    const b of [
      { ...a, manual: !a.manual },
      { ...a, body: "other" },
      { ...a, headers: [{ name: "X-A", value: "2" }, ...a.headers.slice(1)] },
      { ...a, headers: a.headers.slice(1) },
      { ...a, method: "PUT" },
      { ...a, url: a.url + "?x" },
    ]
  ) {
    assert.equal(sameRequest(a, b), false, JSON.stringify(b));
  }
});

Deno.test("runner model: the digest note says the page sends two requests, as the command's --digest does", () => {
  const digest = run("digest-auth", {
    values: { qop: "auth", user: "u", passwd: "p w" },
  }).request;
  assert.match(
    curlNotes(digest).join("\n"),
    /the second carries the answer\. The page sends both, as curl --digest does\./,
  );
});

Deno.test("runner model: only what cannot be sent as typed blocks; the server's refusals are its to answer", () => {
  const blocking = (id: EndpointId, patch: Partial<RunnerState>) => {
    const p = run(id, patch);
    return [Object.keys(p.errors).sort(), [...p.blocking].sort()];
  };
  // The server refuses these (400 naming the field): sent.
  assert.deepEqual(blocking("status", { values: { code: "100" } }), [
    ["code"],
    [],
  ]);
  assert.deepEqual(blocking("redirect", { values: { count: "999" } }), [
    ["count"],
    [],
  ]);
  // A dot segment would go to another path: blocks.
  assert.deepEqual(blocking("status", { values: { code: ".." } }), [
    ["code"],
    ["code"],
  ]);
  // A header line the browser cannot send, and a method it refuses: block.
  assert.deepEqual(blocking("anything", { headers: "no colon" }), [
    ["headers"],
    ["headers"],
  ]);
  assert.deepEqual(blocking("anything", { method: "TRACK" }), [
    ["method"],
    ["method"],
  ]);
  // A body a browser will not send with GET, or one past the limit.
  assert.deepEqual(blocking("anything", { method: "GET", body: "x" }), [
    ["body"],
    ["body"],
  ]);
});
