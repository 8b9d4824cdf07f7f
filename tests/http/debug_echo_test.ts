/** `/api/debug/echo` and the body limit over real TCP. */
import assert from "node:assert/strict";
import { startServer } from "../helpers/server.ts";
import { message, raw, startDebug } from "../helpers/debug_server.ts";

Deno.test("echo: reflects method, url, path, query, headers and a JSON body", async () => {
  const s = startServer();
  try {
    const url = `${s.origin}/api/debug/echo?a=1&a=2&b=x%20y&c&__proto__=p`;
    const res = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", "X-Custom": "Yes" },
      body: JSON.stringify({ hello: "wörld", n: [1, 2] }),
    });
    const e = await res.json();
    assert.equal(res.status, 200);
    assert.equal(res.headers.get("content-type"), "application/json");
    assert.equal(res.headers.get("x-content-type-options"), "nosniff");
    assert.equal(e.method, "POST");
    assert.equal(e.url, url);
    assert.equal(e.path, "/api/debug/echo");
    assert.deepEqual(e.query, {
      a: ["1", "2"],
      b: "x y",
      c: "",
      ["__proto__"]: "p",
    });
    assert.equal(Object.getPrototypeOf(e.query), Object.prototype);
    assert.equal(e.headers["x-custom"], "Yes");
    assert.equal(e.headers["content-type"], "application/json");
    assert.ok(Object.keys(e.headers).every((k) => k === k.toLowerCase()));
    assert.equal(e.body, '{"hello":"wörld","n":[1,2]}');
    assert.equal(e.bodyEncoding, "utf8");
    assert.equal(e.bodySize, new TextEncoder().encode(e.body).length);
    assert.deepEqual(e.json, { hello: "wörld", n: [1, 2] });
    assert.equal(e.form, null);
  } finally {
    await s.close();
  }
});

Deno.test("echo: exactly the documented fields for a bodiless GET", async () => {
  const s = startServer();
  try {
    const e = await (await fetch(`${s.origin}/api/debug/echo`)).json();
    assert.deepEqual(Object.keys(e).sort(), [
      "body",
      "bodyEncoding",
      "bodySize",
      "form",
      "headers",
      "json",
      "method",
      "path",
      "query",
      "url",
    ]);
    assert.deepEqual(
      [e.method, e.body, e.bodyEncoding, e.bodySize, e.json, e.form, e.query],
      ["GET", "", "utf8", 0, null, null, {}],
    );
  } finally {
    await s.close();
  }
});

Deno.test("echo: bytes that are not UTF-8 come back as base64", async () => {
  const s = startServer();
  try {
    const bytes = new Uint8Array([0xff, 0xfe, 0x00, 0x80, 0x41]);
    const e = await (await fetch(`${s.origin}/api/debug/echo`, {
      method: "PUT",
      body: bytes,
    })).json();
    assert.equal(e.bodyEncoding, "base64");
    assert.equal(e.bodySize, 5);
    assert.deepEqual(
      Uint8Array.from(atob(e.body), (c) => c.charCodeAt(0)),
      bytes,
    );
    assert.equal(e.json, null);
    // A UTF-8 BOM is valid UTF-8 and is kept, not eaten.
    const bom = await (await fetch(`${s.origin}/api/debug/echo`, {
      method: "POST",
      body: new Uint8Array([0xef, 0xbb, 0xbf, 0x61]),
    })).json();
    assert.equal(bom.bodyEncoding, "utf8");
    assert.equal(bom.body, "\ufeffa");
  } finally {
    await s.close();
  }
});

Deno.test("echo: urlencoded and multipart forms, repeated fields as arrays", async () => {
  const s = startServer();
  try {
    const url = `${s.origin}/api/debug/echo`;
    const u = await (await fetch(url, {
      method: "POST",
      body: new URLSearchParams([["a", "1"], ["a", "2"], ["b", "x y"]]),
    })).json();
    assert.deepEqual(u.form, { a: ["1", "2"], b: "x y" });
    const fd = new FormData();
    fd.append("name", "Ada");
    fd.append("tag", "x");
    fd.append("tag", "y");
    fd.append("file", new File(["hello"], "hi.txt", { type: "text/plain" }));
    const m = await (await fetch(url, { method: "PATCH", body: fd })).json();
    assert.deepEqual(m.form, {
      name: "Ada",
      tag: ["x", "y"],
      file: { filename: "hi.txt", type: "text/plain", size: 5 },
    });
    assert.match(m.headers["content-type"], /^multipart\/form-data; boundary=/);
    assert.ok(m.body.includes("hello"));
    const broken = await (await fetch(url, {
      method: "POST",
      headers: { "content-type": "multipart/form-data; boundary=zzz" },
      body: "not multipart at all",
    })).json();
    assert.equal(broken.form, null);
    assert.equal(broken.body, "not multipart at all");
  } finally {
    await s.close();
  }
});

Deno.test("echo: QUERY, DELETE and a plain OPTIONS are echoed", async () => {
  const s = startServer();
  try {
    for (const method of ["QUERY", "DELETE", "OPTIONS", "PATCH"]) {
      const res = await fetch(`${s.origin}/api/debug/echo?m=1`, {
        method,
        body: method === "OPTIONS" ? undefined : "q=1",
      });
      const e = await res.json();
      assert.equal(res.status, 200, method);
      assert.equal(e.method, method);
      if (method !== "OPTIONS") assert.equal(e.body, "q=1");
    }
  } finally {
    await s.close();
  }
});

Deno.test("echo: HTML in the input stays JSON data, never a document", async () => {
  const s = startServer();
  try {
    const res = await fetch(
      `${s.origin}/api/debug/echo?x=<script>alert(1)</script>`,
      {
        method: "POST",
        headers: { "content-type": "text/html" },
        body: "<h1>hi</h1>",
      },
    );
    assert.equal(res.headers.get("content-type"), "application/json");
    assert.equal(res.headers.get("x-content-type-options"), "nosniff");
    assert.match(res.headers.get("content-security-policy")!, /sandbox/);
    const e = await res.json();
    assert.equal(e.body, "<h1>hi</h1>");
  } finally {
    await s.close();
  }
});

Deno.test("body limit: counted bytes, Content-Length or chunked", async () => {
  const s = startDebug({ maxBodyBytes: 16 });
  try {
    const exact = await fetch(`${s.base}/echo`, {
      method: "POST",
      body: "x".repeat(16),
    });
    assert.equal((await exact.json()).bodySize, 16);
    const over = await fetch(`${s.base}/echo`, {
      method: "POST",
      body: "x".repeat(17),
    });
    const p = await over.json();
    assert.equal(over.status, 413);
    assert.equal(over.headers.get("content-type"), "application/problem+json");
    assert.equal(over.headers.get("access-control-allow-origin"), "*");
    assert.equal(p.param, "body");
    assert.match(p.detail, /16 bytes/);
    // A chunked upload has no Content-Length: the stream itself is counted.
    const chunks = (n: number) =>
      new ReadableStream<Uint8Array>({
        start(c) {
          for (let i = 0; i < n; i++) {
            c.enqueue(new TextEncoder().encode("abcd"));
          }
          c.close();
        },
      });
    const okStream = await fetch(`${s.base}/echo`, {
      method: "POST",
      body: chunks(4),
    });
    assert.equal((await okStream.json()).bodySize, 16);
    const bigStream = await fetch(`${s.base}/echo`, {
      method: "POST",
      body: chunks(5),
    });
    assert.equal(bigStream.status, 413);
    assert.equal((await bigStream.json()).param, "body");
  } finally {
    await s.close();
  }
});

Deno.test("body limit: raw chunked framing and declared lengths", async () => {
  const s = startDebug({ maxBodyBytes: 16 });
  try {
    const chunked = "5\r\nhello\r\n5\r\nworld\r\n7\r\n1234567\r\n0\r\n\r\n";
    const r = await raw(
      s.port,
      message(
        "POST",
        "/api/debug/echo",
        { "transfer-encoding": "chunked" },
        chunked,
      ),
    );
    assert.equal(r.status, 413);
    assert.match(new TextDecoder().decode(r.body), /"param":"body"/);
    const small = "5\r\nhello\r\n0\r\n\r\n";
    const ok = await raw(
      s.port,
      message(
        "POST",
        "/api/debug/echo",
        { "transfer-encoding": "chunked" },
        small,
      ),
    );
    assert.equal(ok.status, 200);
    assert.match(new TextDecoder().decode(ok.body), /"bodySize":5/);
    // Declared over the limit: 413 after draining what was sent.
    const declared = await raw(
      s.port,
      message(
        "POST",
        "/api/debug/echo",
        { "content-length": "20" },
        "x".repeat(20),
      ),
    );
    assert.equal(declared.status, 413);
    // Expect: 100-continue (Deno sends the 100 itself), then the 413.
    const expect = await raw(
      s.port,
      message("POST", "/api/debug/echo", {
        "content-length": "20",
        expect: "100-continue",
      }, "x".repeat(20)),
    );
    assert.equal(expect.status, 413);
  } finally {
    await s.close();
  }
});

Deno.test("body limit: the default is 1 MiB", async () => {
  const s = startServer();
  try {
    const ok = await fetch(`${s.origin}/api/debug/echo`, {
      method: "POST",
      body: new Uint8Array(1_048_576).fill(0x61),
    });
    assert.equal((await ok.json()).bodySize, 1_048_576);
    const over = await fetch(`${s.origin}/api/debug/echo`, {
      method: "POST",
      body: new Uint8Array(1_048_577).fill(0x61),
    });
    assert.equal(over.status, 413);
    await over.body?.cancel();
  } finally {
    await s.close();
  }
});
