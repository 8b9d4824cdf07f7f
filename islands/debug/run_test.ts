/**
 * runFetch over real TCP: a response read whole, and one whose chunked
 * body a server cuts after its headers (the status and headers are kept,
 * with the bytes that came and why the rest did not).
 */
import assert from "node:assert/strict";
import { asksProxyAuth, runFetch } from "./run.ts";
import { preparedRequest } from "../../tests/helpers/prepared_request.ts";

/** A raw HTTP/1.1 server answering every connection with `reply`. */
function rawServer(reply: string) {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const done = (async () => {
    for await (const conn of listener) {
      const buf = new Uint8Array(4096);
      await conn.read(buf); // the request head
      await conn.write(new TextEncoder().encode(reply));
      conn.close();
    }
  })();
  const { port } = listener.addr as Deno.NetAddr;
  return {
    url: `http://127.0.0.1:${port}/x`,
    async close() {
      listener.close();
      await done.catch(() => {});
    },
  };
}

const get = (url: string) => preparedRequest({ url });

Deno.test("runFetch: a whole body has no cut-off", async () => {
  const s = rawServer(
    "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 5\r\n" +
      "Connection: close\r\n\r\nhello",
  );
  try {
    const r = await runFetch(get(s.url));
    assert.equal(r.kind, "response");
    if (r.kind !== "response") return;
    assert.equal(r.status, 200);
    assert.equal(r.body, "hello");
    assert.equal(r.cutOff, null);
  } finally {
    await s.close();
  }
});

Deno.test("runFetch: a body cut after the headers keeps the status, headers and bytes that came", async () => {
  const s = rawServer(
    "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nX-Test: kept\r\n" +
      "Transfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n",
  );
  try {
    const r = await runFetch(get(s.url));
    assert.equal(r.kind, "response", JSON.stringify(r));
    if (r.kind !== "response") return;
    assert.equal(r.status, 200);
    assert.ok(r.headers.some(([k, v]) => k === "x-test" && v === "kept"));
    assert.equal(r.body, "hello");
    assert.equal(r.bytes, 5);
    assert.ok(r.cutOff, "says why the body stopped");
    assert.match(r.cutOff, /\.$/);
  } finally {
    await s.close();
  }
});

/** [name, URL, whether it asks /status for a 407] */
const PROXY_AUTH: [string, string, boolean][] = [
  ["ok/status 407", "http://h/api/debug/status/407", true],
  ["ok/407 in a weighted list", "http://h/api/debug/status/200:1,407:1", true],
  ["ok/407 with a query", "http://h/api/debug/status/407?sleep=1", true],
  [
    "ok/redirect-to a 407",
    "http://h/api/debug/redirect-to?url=%2Fapi%2Fdebug%2Fstatus%2F407",
    true,
  ],
  [
    "ok/drip with code 407",
    "http://h/api/debug/drip?numbytes=0&code=407",
    true,
  ],
  ["ok/drip with code 407 first", "http://h/api/debug/drip?code=407", true],
  [
    "bad/a weight of .407 is no code",
    "http://h/api/debug/status/500:0.407",
    false,
  ],
  [
    "bad/a weight of 407 is no code",
    "http://h/api/debug/status/200:407",
    false,
  ],
  ["bad/drip code 4070", "http://h/api/debug/drip?code=4070", false],
  ["bad/another status", "http://h/api/debug/status/4070", false],
  ["bad/401", "http://h/api/debug/status/401", false],
  ["bad/407 elsewhere", "http://h/api/debug/anything/407", false],
  ["bad/a stray percent", "http://h/api/debug/anything/%/407", false],
];
for (const [name, url, want] of PROXY_AUTH) {
  Deno.test(`runFetch: asksProxyAuth ${name}`, () => {
    assert.equal(asksProxyAuth(url), want);
  });
}

Deno.test("runFetch: a failed chain of more than 20 redirects says the browser stopped, not that the server is down", async () => {
  // A port nothing listens on: the fetch fails as the 21st redirect does.
  const l = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (l.addr as Deno.NetAddr).port;
  l.close();
  const url = `http://127.0.0.1:${port}/`;
  const chain = await runFetch(
    preparedRequest({ url, follow: true, hops: 25 }),
  );
  assert.equal(chain.kind, "error");
  assert.match(
    chain.kind === "error" ? chain.message : "",
    /stopped following at 20 redirects .* this chain has 25/,
  );
  const plain = await runFetch(preparedRequest({ url, follow: true, hops: 5 }));
  assert.match(
    plain.kind === "error" ? plain.message : "",
    /The server may be down/,
  );
});

Deno.test("runFetch: 20 redirects is the browser's limit, 21 past it; not followed, no such message", async () => {
  const l = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (l.addr as Deno.NetAddr).port;
  l.close();
  const url = `http://127.0.0.1:${port}/`;
  const msg = async (follow: boolean, hops: number) => {
    const r = await runFetch(preparedRequest({ url, follow, hops }));
    return r.kind === "error" ? r.message : "";
  };
  assert.match(await msg(true, 20), /The server may be down/);
  assert.match(
    await msg(true, 21),
    /stopped following at 20 redirects .* this chain has 21/,
  );
  assert.match(await msg(false, 25), /The server may be down/);
});
