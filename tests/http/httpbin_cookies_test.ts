/**
 * Cookies over real TCP through cookie jars: one written here (RFC 6265
 * §5.3 storage, §5.1.4 path-match, Max-Age=0 deletes) driving fetch in
 * manual redirect mode, and curl's own jar (--cookie-jar / --cookie).
 */
import assert from "node:assert/strict";
import { startDebug } from "../helpers/debug_server.ts";
import { curl, hasCurl } from "../helpers/curl.ts";

const CURL = await hasCurl();

/**
 * A minimal RFC 6265 cookie jar: name, value, path (the default-path of
 * §5.1.4 when none is given); Max-Age=0 or a past Expires deletes.
 */
class Jar {
  #cookies = new Map<string, { value: string; path: string }>();

  store(res: Response, url: string): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(";").map((s) => s.trim());
      const eq = pair.indexOf("=");
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      const dir = new URL(url).pathname;
      let path = dir.lastIndexOf("/") > 0
        ? dir.slice(0, dir.lastIndexOf("/"))
        : "/";
      let expired = false;
      for (const a of attrs) {
        const [k, v = ""] = a.split("=");
        if (k.toLowerCase() === "path" && v.startsWith("/")) path = v;
        if (k.toLowerCase() === "max-age" && Number(v) <= 0) expired = true;
        if (k.toLowerCase() === "expires" && Date.parse(v) < Date.now()) {
          expired = true;
        }
      }
      const key = `${name}\0${path}`;
      if (expired) this.#cookies.delete(key);
      else this.#cookies.set(key, { value, path });
    }
  }

  /** The Cookie header for `url`: cookies whose Path path-matches it. */
  header(url: string): string {
    const p = new URL(url).pathname;
    const out: string[] = [];
    for (const [key, c] of this.#cookies) {
      const match = p === c.path ||
        (p.startsWith(c.path) &&
          (c.path.endsWith("/") || p[c.path.length] === "/"));
      if (match) out.push(`${key.split("\0")[0]}=${c.value}`);
    }
    return out.join("; ");
  }

  get size(): number {
    return this.#cookies.size;
  }

  /** Fetches `url`, following redirects by hand so every hop is stored. */
  async fetch(url: string): Promise<Response> {
    for (let i = 0; i < 10; i++) {
      const cookie = this.header(url);
      const res = await fetch(url, {
        redirect: "manual",
        headers: cookie ? { cookie } : {},
      });
      this.store(res, url);
      const loc = res.headers.get("location");
      if (!loc || res.status < 300 || res.status > 399) return res;
      await res.body?.cancel();
      url = new URL(loc, url).href;
    }
    throw new Error("too many redirects");
  }
}

Deno.test("cookies: set, read, set by path, delete, through a jar", async () => {
  const s = startDebug();
  try {
    const jar = new Jar();
    const set = await jar.fetch(
      `${s.base}/cookies/set?flavour=oat&kind=digestive`,
    );
    assert.equal(set.url, `${s.base}/cookies`);
    assert.deepEqual(await set.json(), {
      cookies: { flavour: "oat", kind: "digestive" },
    });
    const path = await jar.fetch(`${s.base}/cookies/set/extra/%22q%22`);
    assert.deepEqual((await path.json()).cookies, {
      flavour: "oat",
      kind: "digestive",
      extra: "q", // the quotes are cookie syntax, as both httpbins read it
    });
    const del = await jar.fetch(`${s.base}/cookies/delete?kind&extra`);
    assert.deepEqual(await del.json(), { cookies: { flavour: "oat" } });
    assert.equal(jar.size, 1);
  } finally {
    await s.close();
  }
});

Deno.test("cookies: Path is the base, so the jar sends them under it and nowhere else", async () => {
  const s = startDebug();
  try {
    const jar = new Jar();
    const res = await jar.fetch(`${s.base}/cookies/set?a=1`);
    await res.body?.cancel();
    assert.equal(jar.header(`${s.base}/get`), "a=1");
    assert.equal(jar.header(`${s.base}`), "a=1");
    assert.equal(jar.header(`${s.origin}/spec`), "");
    assert.equal(jar.header(`${s.origin}/api/debugger`), "");
    assert.equal(jar.header(`${s.origin}/`), "");
    const raw = await fetch(`${s.base}/cookies/set?a=1`, {
      redirect: "manual",
    });
    await raw.body?.cancel();
    assert.deepEqual(raw.headers.getSetCookie(), [
      "a=1; Path=/api/debug; HttpOnly; SameSite=Lax",
    ]);
  } finally {
    await s.close();
  }
});

Deno.test("cookies: /response-headers expires a cookie as psf/requests' suite does", async () => {
  const s = startDebug();
  try {
    const jar = new Jar();
    const set = await jar.fetch(`${s.base}/cookies/set?foo=bar`);
    assert.deepEqual(await set.json(), { cookies: { foo: "bar" } });
    // test_cookie_removed_on_expire: no Path (the default-path is the
    // base), an Expires in the past.
    const q = new URLSearchParams({
      "Set-Cookie": "foo=deleted; expires=Thu, 01-Jan-1970 00:00:01 GMT",
    });
    const exp = await jar.fetch(`${s.base}/response-headers?${q}`);
    assert.equal(exp.status, 200);
    await exp.body?.cancel();
    assert.equal(jar.size, 0);
    const zero = new URLSearchParams({ "Set-Cookie": "a=1; Max-Age=0" });
    const res = await jar.fetch(`${s.base}/response-headers?${zero}`);
    assert.equal(res.status, 200);
    assert.deepEqual(res.headers.getSetCookie(), ["a=1; Max-Age=0"]);
    await res.body?.cancel();
  } finally {
    await s.close();
  }
});

// A year-long 4 KB cookie on the app's pages (a cookie bomb: a few of them
// and every page answers 400 to that browser), and one for other hosts. A
// session cookie with Path=/, as suites send against httpbin, is taken.
const COOKIE_REFUSED: [string, string][] = [
  [
    "bad/Path on the pages",
    `x=${"a".repeat(4000)}; Path=/spec; Max-Age=31536000`,
  ],
  ["bad/Path / kept a day", "x=1; Path=/; Max-Age=86400"],
  ["bad/Domain", "x=1; Domain=example.com"],
];
Deno.test("cookies: /response-headers refuses a Set-Cookie for other paths or hosts, setting nothing", async () => {
  const s = startDebug();
  try {
    for (const [name, cookie] of COOKIE_REFUSED) {
      const jar = new Jar();
      const q = new URLSearchParams({ "Set-Cookie": cookie });
      const res = await jar.fetch(`${s.base}/response-headers?${q}`);
      assert.equal(res.status, 400, name);
      assert.deepEqual(res.headers.getSetCookie(), [], name);
      assert.equal((await res.json()).param, "Set-Cookie", name);
      assert.equal(jar.size, 0, name);
    }
  } finally {
    await s.close();
  }
});

Deno.test("cookies: a refused cookie sets nothing", async () => {
  const s = startDebug();
  try {
    const jar = new Jar();
    const res = await jar.fetch(`${s.base}/cookies/set?a=1%3B%20Path%3D%2F`);
    assert.equal(res.status, 400);
    assert.equal((await res.json()).param, "a");
    assert.equal(jar.size, 0);
  } finally {
    await s.close();
  }
});

Deno.test({
  name:
    "cookies: curl --cookie-jar stores them, --cookie sends them back, delete expires them",
  ignore: !CURL,
}, async () => {
  const s = startDebug();
  const dir = await Deno.makeTempDir();
  try {
    const jar = `${dir}/jar.txt`;
    const set = await curl([
      "-L",
      "-c",
      jar,
      "-b",
      jar,
      `${s.base}/cookies/set?a=1&b=two`,
    ]);
    assert.equal(set.code, 0, set.stderr);
    assert.deepEqual(JSON.parse(set.stdout), { cookies: { a: "1", b: "two" } });
    const file = await Deno.readTextFile(jar);
    assert.match(file, /\t\/api\/debug\t/, "stored with the base as Path");
    assert.match(file, /#HttpOnly_127\.0\.0\.1/);
    const read = await curl(["-b", jar, `${s.base}/cookies`]);
    assert.deepEqual(JSON.parse(read.stdout), {
      cookies: { a: "1", b: "two" },
    });
    const outside = await curl([
      "-v",
      "-b",
      jar,
      "-o",
      "/dev/null",
      `${s.origin}/api/other`,
    ]);
    assert.equal(outside.code, 0);
    assert.doesNotMatch(outside.stderr, /> Cookie:/, "not outside the base");
    // The expiry is checked within one curl run: curl 7.88 writes the copy
    // it loaded from the -b file back to the -c file even after honouring
    // a Max-Age=0 for it.
    const del = await curl([
      "-v",
      "-L",
      "-b",
      jar,
      `${s.base}/cookies/delete?a`,
    ]);
    assert.deepEqual(JSON.parse(del.stdout), { cookies: { b: "two" } });
    assert.match(del.stderr, /> Cookie: (a=1; b=two|b=two; a=1)\r?\n/);
    assert.match(del.stderr, /> Cookie: b=two\r?\n/);
  } finally {
    await s.close();
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test({
  name: "cookies: curl under a base /x: the cookie comes back to /x",
  ignore: !CURL,
}, async () => {
  const s = startDebug({}, undefined, { base: "/x" });
  const dir = await Deno.makeTempDir();
  try {
    const jar = `${dir}/jar.txt`;
    await curl(["-c", jar, "-o", "/dev/null", `${s.origin}/x/cookies/set?a=1`]);
    const inside = await curl(["-b", jar, `${s.origin}/x/cookies`]);
    assert.deepEqual(JSON.parse(inside.stdout), { cookies: { a: "1" } });
    const echo = await curl(["-b", jar, `${s.origin}/x/echo`]);
    assert.equal(JSON.parse(echo.stdout).headers.cookie, "a=1");
  } finally {
    await s.close();
    await Deno.remove(dir, { recursive: true });
  }
});
