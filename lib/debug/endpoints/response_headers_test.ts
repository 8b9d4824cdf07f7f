/** `/response-headers`: what may be set, and the self-describing body. */
import assert from "node:assert/strict";
import { refusal } from "./response_headers.ts";
import { createDebugHandler } from "../mod.ts";

const BASE = "/api/debug";

const ALLOWED: [string, string, string][] = [
  ["ok/custom header", "X-Trace", "abc"],
  [
    "ok/Content-Encoding over a plain body (a decoding error)",
    "Content-Encoding",
    "gzip",
  ],
  ["ok/Content-Encoding list", "content-encoding", "gzip, br"],
  ["ok/Cache-Control", "Cache-Control", "max-age=60"],
  ["ok/text/plain", "Content-Type", "text/plain; charset=utf-8"],
  ["ok/application/json", "content-type", "application/json"],
  ["ok/octet-stream", "Content-Type", "application/octet-stream"],
  ["ok/type names are case-insensitive", "Content-Type", "Application/JSON"],
  ["ok/quoted parameter", "Content-Type", 'text/plain;charset="utf-8"'],
  ["ok/OWS around ;", "Content-Type", "text/plain ;\tcharset=utf-8"],
  ["ok/two parameters", "Content-Type", 'application/json; a=1; b="x y"'],
  ["ok/quoted-pair", "Content-Type", 'text/plain; x="a\\"b"'],
  ["ok/empty value", "X-Empty", ""],
  ["ok/inner spaces and tabs", "X-S", "a b\tc"],
  ["ok/Retry-After", "Retry-After", "120"],
  ["ok/Set-Cookie (suites expire cookies with it)", "Set-Cookie", "a=b"],
  ["ok/set-cookie lower case", "set-cookie", "a=b; Max-Age=0; Path=/api/debug"],
  // psf/requests' test_cookie_removed_on_expire: no Path, a past Expires.
  [
    "ok/Set-Cookie expired by a past Expires",
    "Set-Cookie",
    "foo=deleted; expires=Thu, 01-Jan-1970 00:00:01 GMT",
  ],
  ["ok/Set-Cookie Path under the base", "Set-Cookie", "a=b; Path=/api/debug/x"],
  [
    "ok/Set-Cookie long Max-Age without Path",
    "Set-Cookie",
    "a=b; Max-Age=31536000",
  ],
  // Not starting with "/": the browser uses the default-path (RFC 6265 §5.2.4).
  ["ok/Set-Cookie relative Path is ignored", "Set-Cookie", "a=b; Path=spec"],
  // Suites set and expire cookies with Path=/ (as against httpbin): a
  // session cookie, or one being deleted, bombs nothing for long.
  ["ok/Set-Cookie session cookie with Path /", "Set-Cookie", "a=b; Path=/"],
  [
    "ok/Set-Cookie session cookie with Path / of 256 characters",
    "Set-Cookie",
    `a=${"b".repeat(254 - "; Path=/".length)}; Path=/`,
  ],
  [
    "ok/Set-Cookie a long session cookie under the base",
    "Set-Cookie",
    `a=${"b".repeat(4000)}; Path=/api/debug`,
  ],
  [
    "ok/Set-Cookie expired with Path /",
    "Set-Cookie",
    "a=b; Max-Age=0; Path=/",
  ],
  [
    "ok/Set-Cookie past Expires with Path /",
    "Set-Cookie",
    "a=b; Path=/; Expires=Thu, 01 Jan 1970 00:00:01 GMT",
  ],
  [
    "ok/Set-Cookie Max-Age 0 wins over a coming Expires",
    "Set-Cookie",
    "a=b; Path=/; Expires=Fri, 01 Jan 2100 00:00:00 GMT; Max-Age=0",
  ],
  [
    "ok/Set-Cookie Max-Age=00 with Path /",
    "Set-Cookie",
    "a=b; Path=/; Max-Age=00",
  ],
  [
    "ok/Set-Cookie Max-Age=-1 with Path /",
    "Set-Cookie",
    "a=b; path=/; max-age=-1",
  ],
  [
    "ok/Set-Cookie a past Expires, lower case, with Path /",
    "Set-Cookie",
    "a=b; expires=Wed, 21 Oct 2015 07:28:00 GMT; path=/",
  ],
  ["ok/Set-Cookie a=b; Path in the value", "Set-Cookie", "a=Path=/spec"],
  [
    "ok/Set-Cookie Secure HttpOnly SameSite",
    "Set-Cookie",
    "a=b; Secure; HttpOnly; SameSite=None",
  ],
  ["ok/Location (on a 200: no redirect)", "Location", "https://example.test/"],
  ["ok/Location relative", "location", "/get"],
];
for (const [name, header, value] of ALLOWED) {
  Deno.test(`refusal: ${name}`, () => {
    assert.equal(refusal(header, value, BASE), null);
  });
}

const REFUSED: [string, string, string][] = [
  // Dropped by HTTP/2 (RFC 9113 §8.2.2): the protocols would differ.
  ["bad/Proxy-Connection, hop-by-hop", "Proxy-Connection", "keep-alive"],
  ["bad/Set-Cookie with CR LF", "Set-Cookie", "a=b\r\nX-B: c"],
  // A cookie bomb on the app's pages, and cookie tossing (RFC 6265 §8.6).
  [
    "bad/Set-Cookie Path on the pages",
    "Set-Cookie",
    "x=" + "a".repeat(4000) + "; Path=/spec; Max-Age=31536000",
  ],
  [
    "bad/Set-Cookie Path / kept a year",
    "Set-Cookie",
    "a=b; Path=/; Max-Age=31536000",
  ],
  // Lifetimes browsers keep though the RFC or Date.parse reads them
  // otherwise: each would keep a cookie on the pages.
  [
    "bad/Set-Cookie Path / with a Max-Age of 17 digits",
    "Set-Cookie",
    "a=b; Path=/; Max-Age=99999999999999999",
  ],
  [
    "bad/Set-Cookie Path / with Max-Age +N",
    "Set-Cookie",
    "a=b; Path=/; Max-Age=+31536000",
  ],
  [
    "bad/Set-Cookie Path / with a two-digit year (2060 to a browser)",
    "Set-Cookie",
    "a=b; Path=/; Expires=Sat, 01-Jan-60 00:00:00 GMT",
  ],
  [
    "bad/Set-Cookie Path / with an Expires Date.parse refuses",
    "Set-Cookie",
    "a=b; Path=/; Expires=Fri, 01 Jan 2100 00:00:00 GMT blah",
  ],
  [
    "bad/Set-Cookie Path / with two years in its Expires",
    "Set-Cookie",
    "a=b; Path=/; Expires=2100 Thu, 01 Jan 1970 00:00:00 GMT",
  ],
  [
    "bad/Set-Cookie Path / with a Max-Age 0 and an unreadable one",
    "Set-Cookie",
    "a=b; Path=/; Max-Age=0; Max-Age=abc; Expires=Fri, 01 Jan 2100 00:00:00 GMT",
  ],
  [
    "bad/Set-Cookie Path / with a coming Expires",
    "Set-Cookie",
    "a=b; Path=/; Expires=Fri, 01 Jan 2100 00:00:00 GMT",
  ],
  [
    "bad/Set-Cookie Path sharing the base's prefix",
    "Set-Cookie",
    "a=b; Path=/api/debugger; Max-Age=60",
  ],
  [
    "bad/Set-Cookie Path above the base",
    "Set-Cookie",
    "a=b; Path=/api; Max-Age=60",
  ],
  [
    "bad/Set-Cookie PATH upper case, spaced",
    "Set-Cookie",
    "a=b;  PATH = /spec; max-age = 60",
  ],
  [
    "bad/Set-Cookie second Path outside",
    "Set-Cookie",
    "a=b; Path=/api/debug; Path=/; Max-Age=60",
  ],
  // A few 4 KB session cookies on the pages make them answer 400 to that
  // browser until its session ends (a cookie bomb).
  [
    "bad/Set-Cookie session cookie with Path / over 256 characters",
    "Set-Cookie",
    `a=${"b".repeat(255 - "; Path=/".length)}; Path=/`,
  ],
  [
    "bad/Set-Cookie 4 KB session cookie on the pages",
    "Set-Cookie",
    `k=${"x".repeat(3900)}; Path=/spec`,
  ],
  ["bad/Set-Cookie Domain", "Set-Cookie", "a=b; Domain=example.com"],
  [
    "bad/Set-Cookie domain lower case",
    "set-cookie",
    "a=b; domain=.example.com",
  ],
  ["bad/Set-Cookie empty Domain", "Set-Cookie", "a=b; Domain="],
  ["bad/Set-Cookie Domain, tab", "Set-Cookie", "a=b;\tDomain\t=example.com"],
  ["bad/Location with a control character", "Location", "/a\x01b"],
  ["bad/Refresh", "Refresh", "0; url=https://evil.test/"],
  ["bad/Link", "Link", "<https://evil.test/>; rel=preload"],
  ["bad/Clear-Site-Data", "Clear-Site-Data", '"*"'],
  ["bad/Service-Worker-Allowed", "Service-Worker-Allowed", "/"],
  ["bad/Content-Security-Policy", "Content-Security-Policy", "default-src *"],
  ["bad/CSP report-only", "Content-Security-Policy-Report-Only", "x"],
  ["bad/HSTS", "Strict-Transport-Security", "max-age=1"],
  ["bad/NEL", "NEL", '{"report_to":"a","max_age":9999}'],
  [
    "bad/Report-To",
    "report-to",
    '{"group":"a","max_age":9999,"endpoints":[{"url":"https://evil.test/"}]}',
  ],
  ["bad/Alt-Svc", "Alt-Svc", 'h2="evil.test:443"; ma=9999'],
  [
    "bad/Access-Control-Allow-Origin",
    "Access-Control-Allow-Origin",
    "https://evil.test",
  ],
  [
    "bad/Access-Control-Allow-Credentials",
    "access-control-allow-credentials",
    "true",
  ],
  [
    "bad/Cross-Origin-Opener-Policy",
    "Cross-Origin-Opener-Policy",
    "unsafe-none",
  ],
  ["bad/Content-Type text/html", "Content-Type", "text/html"],
  ["bad/Content-Type image/svg+xml", "Content-Type", "image/svg+xml"],
  ["bad/Content-Type xhtml", "Content-Type", "application/xhtml+xml"],
  ["bad/Content-Type empty", "Content-Type", ""],
  // Read whole as one media type (RFC 9110 §8.3.1): only the text before
  // `;` was checked, and Chromium renders `text/plain;,text/html` as HTML.
  ["bad/Content-Type list after ;", "Content-Type", "text/plain;,text/html"],
  [
    "bad/Content-Type svg after ;",
    "Content-Type",
    "application/json;,image/svg+xml",
  ],
  ["bad/Content-Type list", "Content-Type", "text/plain, text/html"],
  [
    "bad/Content-Type comma in a quoted value",
    "Content-Type",
    'text/plain; x="a,text/html"',
  ],
  ["bad/Content-Type empty parameter", "Content-Type", "text/plain;"],
  ["bad/Content-Type two ;", "Content-Type", "text/plain;;charset=utf-8"],
  ["bad/Content-Type parameter without =", "Content-Type", "text/plain; x"],
  [
    "bad/Content-Type parameter without value",
    "Content-Type",
    "text/plain; x=",
  ],
  ["bad/Content-Type space in the type", "Content-Type", "text /plain"],
  ["bad/Content-Type text after it", "Content-Type", "text/plain html"],
  ["bad/Content-Type unterminated quote", "Content-Type", 'text/plain; x="a'],
  ["bad/Content-Type no subtype", "Content-Type", "text/"],
  ["bad/Content-Type html then ;", "Content-Type", "text/html;charset=utf-8"],
  [
    "bad/Content-Disposition (a saved .html runs as a local page)",
    "Content-Disposition",
    'attachment; filename="x.html"',
  ],
  ["bad/content-disposition inline", "content-disposition", "inline"],
  ["bad/nosniff owned", "X-Content-Type-Options", "sniff"],
  ["bad/Content-Length", "Content-Length", "0"],
  ["bad/Transfer-Encoding", "Transfer-Encoding", "chunked"],
  ["bad/Content-Encoding not a coding", "Content-Encoding", "gzip; q=1"],
  ["bad/Content-Encoding empty entry", "Content-Encoding", "gzip,,br"],
  ["bad/name with a space", "X A", "1"],
  ["bad/name with a colon", "X:A", "1"],
  ["bad/value with CR LF", "X-A", "1\r\nSet-Cookie: a=b"],
  ["bad/value with NUL", "X-A", "a\x00"],
  ["bad/leading space", "X-A", " a"],
  ["bad/value too long", "X-A", "v".repeat(8193)],
];
for (const [name, header, value] of REFUSED) {
  Deno.test(`refusal: ${name}`, () => {
    assert.equal(typeof refusal(header, value, BASE), "string");
  });
}

const handler = createDebugHandler();
const call = async (query: string, method = "GET") => {
  const res = await handler(
    new Request(`http://wb.test/api/debug/response-headers?${query}`, {
      method,
    }),
  );
  return { res, text: await res.text() };
};

Deno.test("response-headers handler: ok/Content-Encoding is sent as asked, over the plain body; a decoding client fails", async () => {
  const s = Deno.serve(
    { port: 0, hostname: "127.0.0.1", onListen() {} },
    handler,
  );
  try {
    const url =
      `http://127.0.0.1:${s.addr.port}/api/debug/response-headers?Content-Encoding=gzip`;
    const res = await fetch(url);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get("content-encoding"), "gzip");
    await assert.rejects(res.text());
  } finally {
    await s.shutdown();
  }
});

Deno.test("response-headers handler: ok/headers set and listed, with a true Content-Length", async () => {
  const { res, text } = await call("X-A=1&X-A=2&freeform=x");
  assert.equal(res.status, 200);
  assert.equal(res.headers.get("x-a"), "1, 2");
  assert.equal(res.headers.get("freeform"), "x");
  const body = JSON.parse(text);
  assert.deepEqual(body, {
    "X-A": ["1", "2"],
    freeform: "x",
    "Content-Type": "application/json",
    "Content-Length": String(new TextEncoder().encode(text).length),
  });
});

Deno.test("response-headers handler: ok/a value beyond ASCII is sent as the UTF-8 its percent-escapes spell, over real TCP; the body lists the text", async () => {
  const s = Deno.serve(
    { port: 0, hostname: "127.0.0.1", onListen() {} },
    handler,
  );
  try {
    const res = await fetch(
      `http://127.0.0.1:${s.addr.port}/api/debug/response-headers?X-City=%E6%9D%B1%E4%BA%AC&X-Name=J%C3%BCrgen`,
    );
    assert.equal(res.status, 200);
    // Fetch hands a value's bytes a character each.
    assert.equal(res.headers.get("x-city"), "\xe6\x9d\xb1\xe4\xba\xac");
    assert.equal(res.headers.get("x-name"), "J\xc3\xbcrgen");
    const body = await res.json();
    assert.equal(body["X-City"], "東京");
    assert.equal(body["X-Name"], "Jürgen");
  } finally {
    await s.shutdown();
  }
});

Deno.test("response-headers handler: ok/a length that gains a digit is still right", async () => {
  // Pads the body across the 99 -> 100 byte boundary.
  for (let n = 0; n < 40; n++) {
    const { text } = await call(`X-P=${"p".repeat(n)}`);
    const shown = JSON.parse(text)["Content-Length"];
    assert.equal(shown, String(new TextEncoder().encode(text).length), text);
  }
});

Deno.test("response-headers handler: ok/Set-Cookie and Location are set on the 200", async () => {
  const { res, text } = await call(
    "Set-Cookie=a%3Db%3B%20Max-Age%3D0&Set-Cookie=c%3Dd&Location=%2Fget",
  );
  assert.equal(res.status, 200, text);
  assert.deepEqual(res.headers.getSetCookie(), ["a=b; Max-Age=0", "c=d"]);
  assert.equal(res.headers.get("location"), "/get");
  const body = JSON.parse(text);
  assert.deepEqual(body["Set-Cookie"], ["a=b; Max-Age=0", "c=d"]);
  assert.equal(body.Location, "/get");
});

Deno.test("refusal: ok/at base / any Path is the API's; Domain is still refused", () => {
  assert.equal(refusal("Set-Cookie", "a=b; Path=/", ""), null);
  assert.equal(refusal("Set-Cookie", "a=b; Path=/spec", ""), null);
  assert.equal(
    typeof refusal("Set-Cookie", "a=b; Domain=example.com", ""),
    "string",
  );
});

Deno.test("refusal: ok/under base /x the Path must be under /x", () => {
  assert.equal(refusal("Set-Cookie", "a=b; Path=/x/y", "/x"), null);
  assert.equal(
    typeof refusal("Set-Cookie", "a=b; Path=/y; Max-Age=60", "/x"),
    "string",
  );
});

Deno.test("response-headers handler: ok/Content-Type given replaces the JSON type", async () => {
  const { res, text } = await call("Content-Type=text/plain", "POST");
  assert.equal(res.status, 200);
  assert.equal(res.headers.get("content-type"), "text/plain");
  assert.equal(JSON.parse(text)["Content-Type"], "text/plain");
});

const BAD: [string, string, string][] = [
  ["bad/Refresh", "Refresh=0%3Burl%3Dhttps://evil.test/", "Refresh"],
  [
    "bad/CSP",
    "Content-Security-Policy=default-src%20*",
    "Content-Security-Policy",
  ],
  [
    "bad/Access-Control-*",
    "Access-Control-Allow-Origin=https://evil.test",
    "Access-Control-Allow-Origin",
  ],
  ["bad/Set-Cookie with CR LF", "Set-Cookie=a%3Db%0D%0AX-B:%20c", "Set-Cookie"],
  [
    "bad/Set-Cookie Path outside the base",
    "X-A=1&set-cookie=x%3D1%3B%20Path%3D%2Fspec%3B%20Max-Age%3D60",
    "set-cookie",
  ],
  [
    "bad/Set-Cookie Domain",
    "Set-Cookie=x%3D1%3B%20Domain%3Dexample.com",
    "Set-Cookie",
  ],
  ["bad/one bad among good", "X-A=1&content-type=text/html", "content-type"],
  [
    "bad/Content-Type with a list after ;",
    "Content-Type=text%2Fplain%3B%2Ctext%2Fhtml",
    "Content-Type",
  ],
  [
    "bad/Content-Type given twice (sent as a list)",
    "Content-Type=text%2Fplain&content-type=application%2Fjson",
    "content-type",
  ],
  [
    "bad/Content-Disposition",
    "Content-Disposition=attachment%3B%20filename%3Dx.html",
    "Content-Disposition",
  ],
  [
    "bad/too many",
    Array.from({ length: 51 }, (_, i) => `X-${i}=1`).join("&"),
    "query",
  ],
];
for (const [name, query, param] of BAD) {
  Deno.test(`response-headers handler: ${name} is 400 naming it`, async () => {
    const { res, text } = await call(query);
    assert.equal(res.status, 400, text);
    assert.equal(JSON.parse(text).param, param);
    assert.equal(res.headers.get("location"), null);
    assert.deepEqual(res.headers.getSetCookie(), []);
    assert.equal(res.headers.get("content-type"), "application/problem+json");
  });
}
