import assert from "node:assert/strict";
import { startServer } from "../helpers/server.ts";
import { serveMain, stoppedWithin } from "../helpers/processes.ts";

const PAGES = [
  ["/", "Tools for people who build and test HTTP APIs"],
  ["/spec", "Spec viewer"],
  ["/spec/compare", "Compare spec versions"],
  ["/har", "HAR viewer"],
  ["/debug", "Debug endpoints"],
];

Deno.test("pages: each renders inside the layout with navigation", async () => {
  const s = startServer();
  try {
    for (const [path, heading] of PAGES) {
      const res = await fetch(s.origin + path);
      const html = await res.text();
      assert.equal(res.status, 200, path);
      assert.match(res.headers.get("content-type")!, /^text\/html/);
      assert.ok(html.startsWith("<!DOCTYPE html>"), path);
      assert.ok(html.includes(heading), `${path} shows ${heading}`);
      // Relative to the page, so a proxy may mount the app under a path.
      const root = path === "/spec/compare" ? "../" : "./";
      for (
        const link of [
          `href="${root}spec"`,
          `href="${root}spec/compare"`,
          `href="${root}har"`,
          `href="${root}debug"`,
        ]
      ) {
        assert.ok(html.includes(link), `${path} links ${link}`);
      }
      assert.match(html, /<footer/);
      assert.match(html, /data-island="ThemeToggle"/);
      assert.ok(
        html.includes(`<script type="module" src="${root}_build/client.js?v=`),
        path,
      );
      const csp = res.headers.get("content-security-policy")!;
      assert.match(csp, /connect-src 'self'/);
      assert.equal(res.headers.get("x-content-type-options"), "nosniff");
      assert.equal(res.headers.get("referrer-policy"), "no-referrer");
    }
  } finally {
    await s.close();
  }
});

Deno.test("pages: /spec links the compare page, which carries its island and worker", async () => {
  const s = startServer();
  try {
    const spec = await (await fetch(s.origin + "/spec")).text();
    assert.match(spec, /href="\.\/spec\/compare"[^>]*>[^<]*Compare versions/);
    const html = await (await fetch(s.origin + "/spec/compare")).text();
    assert.match(html, /data-island="CompareViewer"/);
    assert.match(html, /compare_worker\.js/);
  } finally {
    await s.close();
  }
});

Deno.test("pages: the current tool is marked in the navigation", async () => {
  const s = startServer();
  try {
    const html = await (await fetch(s.origin + "/har")).text();
    assert.match(html, /<a href="\.\/har" aria-current="page">/);
    assert.doesNotMatch(html, /<a href="\.\/spec" aria-current/);
    const compare = await (await fetch(s.origin + "/spec/compare")).text();
    assert.match(
      compare,
      /<a href="\.\.\/spec\/compare" aria-current="page">/,
    );
    // The home page names compare with the spec viewer.
    const home = await (await fetch(s.origin + "/")).text();
    assert.match(
      home,
      /<a href="\.\/spec\/compare">Compare two versions<\/a>/,
    );
  } finally {
    await s.close();
  }
});

Deno.test("pages: unknown paths get a real 404 page", async () => {
  const s = startServer();
  try {
    const res = await fetch(s.origin + "/no/such/page");
    const html = await res.text();
    assert.equal(res.status, 404);
    assert.match(res.headers.get("content-type")!, /^text\/html/);
    assert.match(html, /Page not found/);
    assert.match(html, /<code>\/no\/such\/page<\/code>/);
  } finally {
    await s.close();
  }
});

Deno.test("pages: HEAD answers like GET without a body", async () => {
  const s = startServer();
  try {
    const res = await fetch(s.origin + "/spec", { method: "HEAD" });
    assert.equal(res.status, 200);
    assert.match(res.headers.get("content-type")!, /^text\/html/);
    assert.equal(await res.text(), "");
  } finally {
    await s.close();
  }
});

Deno.test("static: content types, ETag revalidation and caching", async () => {
  const s = startServer();
  try {
    const css = await fetch(s.origin + "/styles.css");
    await css.body?.cancel();
    assert.equal(css.status, 200);
    assert.equal(css.headers.get("content-type"), "text/css; charset=utf-8");
    assert.equal(css.headers.get("cache-control"), "no-cache");
    const etag = css.headers.get("etag")!;
    // fetch asks for gzip and br: the brotli form, with its own tag.
    assert.match(etag, /^"[0-9a-f]+-br"$/);
    const again = await fetch(s.origin + "/styles.css", {
      headers: { "if-none-match": etag },
    });
    assert.equal(again.status, 304);
    await again.body?.cancel();

    const html = await (await fetch(s.origin + "/")).text();
    const client =
      html.match(/src="\.(\/_build\/client\.js\?v=[0-9a-f]+)"/)![1];
    const js = await fetch(s.origin + client);
    const code = await js.text();
    assert.equal(js.status, 200);
    assert.equal(
      js.headers.get("content-type"),
      "text/javascript; charset=utf-8",
    );
    assert.match(
      js.headers.get("cache-control")!,
      /max-age=31536000, immutable/,
    );
    // Chunks are content-hashed by name and cached for a year too.
    const chunk = code.match(/"\.\/(chunk-[A-Z0-9]{8}\.js)"/)![1];
    const cr = await fetch(`${s.origin}/_build/${chunk}`);
    await cr.body?.cancel();
    assert.match(cr.headers.get("cache-control")!, /immutable/);
  } finally {
    await s.close();
  }
});

Deno.test("pages and static files: compressed as Accept-Encoding asks (br first), each form with its own ETag; the debug API never", async () => {
  const s = startServer();
  // Deno's fetch decodes a coded body itself: read the raw bytes with
  // curl instead, which leaves them as sent.
  const raw = async (path: string, accept: string | null, head = false) => {
    const out = await new Deno.Command("curl", {
      args: [
        "-s",
        "-D",
        "-",
        ...(head ? ["-I"] : ["-o", "/dev/null", "-w", "size=%{size_download}"]),
        ...(accept === null ? [] : ["-H", `Accept-Encoding: ${accept}`]),
        s.origin + path,
      ],
      stdout: "piped",
    }).output();
    const text = new TextDecoder().decode(out.stdout);
    const header = (name: string) =>
      new RegExp(`^${name}: (.*)\r$`, "im").exec(text)?.[1] ?? null;
    return {
      coding: header("content-encoding"),
      length: Number(header("content-length")),
      vary: header("vary"),
      etag: header("etag"),
      size: Number(/size=(\d+)/.exec(text)?.[1] ?? -1),
    };
  };
  try {
    const plain = await raw("/debug", null);
    assert.equal(plain.coding, null);
    assert.equal(plain.vary, "accept-encoding");
    const br = await raw("/debug", "gzip, deflate, br");
    assert.equal(br.coding, "br");
    assert.ok(br.size < plain.size / 5, `${br.size} of ${plain.size}`);
    assert.equal(br.length, br.size);
    assert.equal((await raw("/debug", "gzip, br;q=0.5")).coding, "gzip");
    assert.equal((await raw("/debug", "br;q=0, gzip;q=0")).coding, null);
    assert.equal((await raw("/debug", "identity")).coding, null);
    assert.equal((await raw("/debug", "*")).coding, "br");
    // HEAD states the length of the coded body a GET gets.
    const head = await raw("/debug", "br", true);
    assert.equal(head.coding, "br");
    assert.equal(head.length, br.size);
    // What the browser decodes is the page itself.
    const decoded = await (await fetch(s.origin + "/debug")).text();
    assert.equal(new TextEncoder().encode(decoded).byteLength, plain.size);

    const css = await raw("/styles.css", "br");
    const cssPlain = await raw("/styles.css", null);
    assert.equal(css.coding, "br");
    assert.match(cssPlain.etag!, /^"[0-9a-f]+"$/);
    assert.equal(css.etag, cssPlain.etag!.replace(/"$/, '-br"'));
    const revalidated = await fetch(s.origin + "/styles.css", {
      headers: { "accept-encoding": "br", "if-none-match": css.etag! },
    });
    assert.equal(revalidated.status, 304);
    await revalidated.body?.cancel();
    // Weakly compared, in a list (RFC 9110 §13.1.2), as caches send it.
    const listed = await fetch(s.origin + "/styles.css", {
      headers: {
        "accept-encoding": "br",
        "if-none-match": `"other", W/${css.etag}`,
      },
    });
    assert.equal(listed.status, 304);
    await listed.body?.cancel();
    // The other form's tag does not match this one.
    const other = await fetch(s.origin + "/styles.css", {
      headers: { "accept-encoding": "identity", "if-none-match": css.etag! },
    });
    assert.equal(other.status, 200);
    await other.body?.cancel();
    // Small files and images stay as they are.
    assert.equal((await raw("/favicon.svg", "br")).coding, null);
    // The debug API's bytes are never recoded.
    assert.equal((await raw("/api/debug/json", "br")).coding, null);
  } finally {
    await s.close();
  }
});

Deno.test("static: no path reaches a file outside the static and build folders", async () => {
  const s = startServer();
  try {
    for (
      const p of [
        "//etc/passwd",
        "/_build//etc/hostname",
        "/%2Fetc/passwd",
        "/%2F%2Fetc/passwd",
        "/_build/%2Fetc/hostname",
        "///etc/passwd",
        "/.%2E/.%2E/etc/passwd",
        "/_build/..%2F..%2F..%2Fetc%2Fpasswd",
        // Another spelling of a real file: each was read and kept anew,
        // so distinct spellings grew the server's memory without end.
        "/.%2Fstyles.css",
        "/.%2F.%2fstyles.css",
        "/_build/.%2Fclient.js",
        "/styles.css%00",
        "/styles.css/",
      ]
    ) {
      // curl sends the path as written (fetch would normalise it).
      const out = await new Deno.Command("curl", {
        args: [
          "-s",
          "--path-as-is",
          "-o",
          "-",
          "-w",
          "\n%{http_code}",
          s.origin + p,
        ],
        stdout: "piped",
      }).output();
      const text = new TextDecoder().decode(out.stdout);
      assert.match(text, /\n404$/, p);
      assert.doesNotMatch(text, /root:|localhost/, p);
    }
  } finally {
    await s.close();
  }
});

Deno.test("pages: malformed percent-encodings get the 404 page, never a 500", async () => {
  const s = startServer();
  try {
    for (
      const [p, text] of [
        ["/%", /Page not found/],
        ["/%zz", /Page not found/],
        ["/a%2", /Page not found/],
        ["/spec%", /Page not found/],
        // Under /_build/, a missing file's short answer.
        ["/_build/%E0%A4%A", /^Not Found\n$/],
      ] as const
    ) {
      const res = await fetch(s.origin + p);
      assert.equal(res.status, 404, p);
      assert.match(await res.text(), text, p);
    }
  } finally {
    await s.close();
  }
});

Deno.test("static: no way out of the static folder", async () => {
  const s = startServer();
  try {
    for (
      const p of [
        "/..%2fdeno.json",
        "/%2e%2e/deno.json",
        "/_build/../../main.ts",
      ]
    ) {
      const res = await fetch(s.origin + p);
      await res.body?.cancel();
      assert.equal(res.status, 404, p);
    }
  } finally {
    await s.close();
  }
});

Deno.test("as deployed: a file is not served by a folder's name; no request.signal warning", async () => {
  // Only with --allow-read (not -A) did Deno read `styles.css/` as the
  // file, which then went out untyped (application/octet-stream).
  const { child, origin } = await serveMain();
  try {
    for (const p of ["/styles.css/", "/theme.js/"]) {
      const res = await fetch(origin + p);
      await res.body?.cancel();
      assert.equal(res.status, 404, p);
    }
    const ok = await fetch(origin + "/styles.css");
    await ok.body?.cancel();
    assert.equal(ok.status, 200);
    // A sleep reads request.signal: with deno.json's no-legacy-abort, Deno
    // prints no warning about its legacy behaviour.
    const slept = await fetch(origin + "/api/debug/status/200?sleep=1");
    await slept.body?.cancel();
    assert.equal(slept.status, 200);
  } finally {
    // This test is not about shutdown (debug_shutdown_test.ts is): it must
    // not wait for one without end.
    child.kill("SIGTERM");
    await stoppedWithin(child, 5000);
  }
  const log = await new Response(child.stderr).text();
  assert.ok(!/legacy behavior/.test(log), log);
});

Deno.test("as deployed: a malformed setting stops deno serve at start, naming the variable", async () => {
  // serveMain says so with the server's stderr at once (it had polled for
  // 30 s, then thrown that the exited child could not be killed).
  await assert.rejects(
    serveMain({ DEBUG_MAX_SLEEP_MS: "soon" }),
    /exited 1 at start: [^]*DEBUG_MAX_SLEEP_MS="soon"/,
  );
});

Deno.test("pages: another method than GET or HEAD gets 405 with Allow; OPTIONS 204", async () => {
  const s = startServer();
  try {
    for (
      const [method, path, status] of [
        ["POST", "/spec", 405],
        ["DELETE", "/har", 405],
        ["PUT", "/", 405],
        ["OPTIONS", "/debug", 204],
      ] as const
    ) {
      const res = await fetch(s.origin + path, { method });
      await res.body?.cancel();
      assert.equal(res.status, status, `${method} ${path}`);
      assert.equal(res.headers.get("allow"), "GET, HEAD, OPTIONS");
      assert.ok(res.headers.get("content-security-policy"), "security headers");
    }
  } finally {
    await s.close();
  }
});

Deno.test("debug API: unknown paths get 404 problem+json", async () => {
  const s = startServer();
  try {
    const res = await fetch(s.origin + "/api/debug/no-such-thing");
    const body = await res.json();
    assert.equal(res.status, 404);
    assert.equal(res.headers.get("content-type"), "application/problem+json");
    assert.equal(body.status, 404);
    assert.equal(body.title, "Not Found");
  } finally {
    await s.close();
  }
});

Deno.test("debug page: every limit is listed with its env variable", async () => {
  const s = startServer();
  try {
    const html = await (await fetch(s.origin + "/debug")).text();
    for (
      const env of [
        "DEBUG_MAX_SLEEP_MS",
        "DEBUG_MAX_REDIRECTS",
        "DEBUG_MAX_BODY_BYTES",
        "DEBUG_MAX_SSE_COUNT",
        "DEBUG_MAX_SSE_INTERVAL_MS",
        "DEBUG_MAX_LONG_REQUESTS",
        "DEBUG_RATE_LIMIT",
      ]
    ) assert.ok(html.includes(`<code>${env}</code>`), env);
    assert.match(
      html,
      /data-limit="maxLongRequests"><td>[^<]+<\/td><td>10000</,
    );
    assert.match(
      html,
      /data-limit="rateLimitPerMinute"><td>[^<]+<\/td><td>off</,
    );
  } finally {
    await s.close();
  }
});

Deno.test("debug API: every problem has the five RFC 9457 members (param included)", async () => {
  const s = startServer();
  try {
    for (
      const [path, init, param] of [
        ["/api/debug/nope", {}, null],
        ["/api/debug/status/100", {}, "code"],
        ["/api/debug/gzip", { method: "POST" }, "method"],
      ] as const
    ) {
      const res = await fetch(s.origin + path, init);
      const body = await res.json();
      assert.deepEqual(Object.keys(body).sort(), [
        "detail",
        "param",
        "status",
        "title",
        "type",
      ]);
      assert.equal(body.param, param, path);
    }
  } finally {
    await s.close();
  }
});
