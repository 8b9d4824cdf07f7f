/** The cookie family: the Cookie header parser and the Set-Cookie rules. */
import assert from "node:assert/strict";
import { parseCookies } from "./cookies.ts";
import { createDebugHandler } from "../mod.ts";

const PARSE: [string, string | null, Record<string, string>][] = [
  ["ok/absent", null, {}],
  ["ok/empty", "", {}],
  ["ok/one", "a=1", { a: "1" }],
  ["ok/several with spaces", "a=1; b=2;c=3", { a: "1", b: "2", c: "3" }],
  ["ok/empty value", "a=", { a: "" }],
  ["ok/value with =", "t=a=b=c", { t: "a=b=c" }],
  ["ok/quoted value without its quotes", 'q="x y"', { q: "x y" }],
  ["ok/empty quoted value", 'q=""', { q: "" }],
  ["bad/a lone quote is kept", 'q="', { q: '"' }],
  ["bad/an inner quote is kept", 'q=a"b', { q: 'a"b' }],
  ["ok/later one wins", "a=1; a=2", { a: "2" }],
  ["ok/__proto__ is an ordinary key", "__proto__=p", { ["__proto__"]: "p" }],
  ["bad/a part without = is skipped", "junk; a=1", { a: "1" }],
  ["bad/a part without a name is skipped", "=v; b=2", { b: "2" }],
  // A header's bytes come a character each: ü's UTF-8 is C3 BC.
  ["ok/UTF-8 values read as such", "n=\xc3\xbc; m=\xe6\x9d\xb1", {
    n: "ü",
    m: "東",
  }],
  ["bad/bytes that are not UTF-8 stay as they came", "n=\xfc; m=1", {
    n: "\xfc",
    m: "1",
  }],
  ["ok/each value read on its own", "n=\xc3\xbc; m=\xfc", {
    n: "ü",
    m: "\xfc",
  }],
];
for (const [name, header, want] of PARSE) {
  Deno.test(`parseCookies: ${name}`, () => {
    const got = parseCookies(header);
    assert.deepEqual(got, want);
    assert.equal(Object.getPrototypeOf(got), Object.prototype);
  });
}

Deno.test("parseCookies: bad/past 500 cookies the header is refused, not read in part", () => {
  const header = (n: number) =>
    Array.from({ length: n }, (_, i) => `c${i}=${i}`).join("; ");
  assert.equal(Object.keys(parseCookies(header(500))).length, 500);
  // Empty pieces are no cookies.
  assert.equal(Object.keys(parseCookies(header(500) + ";;;")).length, 500);
  assert.throws(
    () => parseCookies(header(501)),
    (e: Error & { param?: string; status?: number }) =>
      e.param === "Cookie" && e.status === 431,
  );
});

const handler = createDebugHandler({ limits: { maxSleepMs: 10 } });
const call = async (path: string, init?: RequestInit) => {
  const res = await handler(
    new Request(`http://wb.test/api/debug${path}`, init),
  );
  return { res, text: await res.text() };
};
const ATTRS = "Path=/api/debug; HttpOnly; SameSite=Lax";

Deno.test("cookies handler: ok/a UTF-8 value (as a browser sends document.cookie's ü) is read as such", async () => {
  const { res, text } = await call("/cookies", {
    headers: { cookie: "n=\xc3\xbc; plain=1" },
  });
  assert.equal(res.status, 200);
  assert.deepEqual(JSON.parse(text), { cookies: { n: "ü", plain: "1" } });
});

const SET: [string, string, string[]][] = [
  ["ok/query form", "/cookies/set?a=1", [`a=1; ${ATTRS}`]],
  ["ok/two cookies", "/cookies/set?a=1&b=2", [
    `a=1; ${ATTRS}`,
    `b=2; ${ATTRS}`,
  ]],
  ["ok/path form", "/cookies/set/flavour/oat", [`flavour=oat; ${ATTRS}`]],
  ["ok/quoted value", "/cookies/set?q=%22v%22", [`q="v"; ${ATTRS}`]],
  ["ok/empty value", "/cookies/set?e=", [`e=; ${ATTRS}`]],
  ["ok/sleep is not a cookie", "/cookies/set?a=1&sleep=1", [`a=1; ${ATTRS}`]],
  ["ok/no cookie at all", "/cookies/set", []],
  ["ok/delete", "/cookies/delete?a&b", [
    `a=; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; ${ATTRS}`,
    `b=; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; ${ATTRS}`,
  ]],
];
for (const [name, path, cookies] of SET) {
  Deno.test(`cookies handler: ${name}`, async () => {
    const { res } = await call(path);
    assert.equal(res.status, 302);
    assert.equal(res.headers.get("location"), "/api/debug/cookies");
    assert.deepEqual(res.headers.getSetCookie(), cookies);
  });
}

const BAD: [string, string, string][] = [
  ["bad/name with a space", "/cookies/set?a%20b=1", "a b"],
  ["bad/name with =", "/cookies/set/a%3Db/1", "name"],
  ["bad/value with ;", "/cookies/set?a=1%3B%20Domain%3Devil.test", "a"],
  ["bad/value with a comma", "/cookies/set?a=1,2", "a"],
  ["bad/value with CR LF", "/cookies/set?a=1%0d%0aX:1", "a"],
  ["bad/value with a space", "/cookies/set/a/b%20c", "value"],
  ["bad/value with backslash", "/cookies/set?a=%5C", "a"],
  ["bad/value with an inner quote", "/cookies/set?a=x%22y", "a"],
  ["bad/value too long", `/cookies/set?a=${"v".repeat(4097)}`, "a"],
  ["bad/name with a non-ASCII letter", "/cookies/set?%C3%A9=1", "é"],
  [
    "bad/too many cookies",
    `/cookies/set?${Array.from({ length: 51 }, (_, i) => `c${i}=1`).join("&")}`,
    "query",
  ],
  ["bad/delete a name that is not a token", "/cookies/delete?a%3Bb", "a;b"],
];
for (const [name, path, param] of BAD) {
  Deno.test(`cookies handler: ${name} is 400 with no Set-Cookie`, async () => {
    const { res, text } = await call(path);
    assert.equal(res.status, 400, text);
    assert.deepEqual(res.headers.getSetCookie(), []);
    assert.equal(JSON.parse(text).param, param);
  });
}

Deno.test("cookies handler: ok/bad input is refused before the sleep", async () => {
  const t0 = performance.now();
  const { res } = await call("/cookies/set?a=%3B&sleep=10");
  assert.equal(res.status, 400);
  // Wall time is the point: the sleep would take 10 s.
  assert.ok(performance.now() - t0 < 5_000, "refused before the sleep");
});

Deno.test("cookies handler: bad/a Cookie header of 600 cookies gets 431 naming it", async () => {
  const cookie = Array.from({ length: 600 }, (_, i) => `a${i}=b`).join("; ");
  const { res, text } = await call("/cookies", { headers: { cookie } });
  assert.equal(res.status, 431);
  assert.equal(res.headers.get("content-type"), "application/problem+json");
  assert.equal(JSON.parse(text).param, "Cookie");
});

Deno.test("cookies handler: ok//cookies shows the Cookie header", async () => {
  const { res, text } = await call("/cookies", {
    headers: { cookie: "a=1; b=two" },
  });
  assert.equal(res.status, 200);
  assert.deepEqual(JSON.parse(text), { cookies: { a: "1", b: "two" } });
});

Deno.test("cookies handler: ok/a root base scopes cookies to /", async () => {
  const h = createDebugHandler({ base: "/" });
  const res = await h(new Request("http://wb.test/cookies/set?a=1"));
  assert.equal(res.headers.get("location"), "/cookies");
  assert.deepEqual(res.headers.getSetCookie(), [
    "a=1; Path=/; HttpOnly; SameSite=Lax",
  ]);
});
