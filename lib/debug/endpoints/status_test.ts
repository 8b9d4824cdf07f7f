/** `/status/{codes}`: the weighted pick and the seeded handler. */
import assert from "node:assert/strict";
import { pick } from "./status.ts";
import { createDebugHandler } from "../mod.ts";

const PICKS: [string, [number, number][], number, number][] = [
  // name, [value, weight] list, draw in [0, 1), expected value
  ["ok/single", [[200, 1]], 0, 200],
  ["ok/first of equal weights", [[200, 1], [500, 1]], 0.49, 200],
  ["ok/second of equal weights", [[200, 1], [500, 1]], 0.5, 500],
  ["ok/weighted low", [[200, 0.8], [500, 0.2]], 0.79, 200],
  ["ok/weighted high", [[200, 0.8], [500, 0.2]], 0.8, 500],
  ["ok/zero weight never picked", [[200, 0], [500, 1]], 0, 500],
  ["ok/zero weight at the end", [[200, 1], [500, 0]], 0.999999, 200],
  ["ok/weights need not sum to 1", [[201, 3], [202, 1]], 0.74, 201],
  ["ok/weights need not sum to 1 (second)", [[201, 3], [202, 1]], 0.76, 202],
  ["ok/draw just below 1", [[200, 1], [404, 1], [500, 1]], 0.9999999, 500],
];

for (const [name, list, draw, want] of PICKS) {
  Deno.test(`status pick: ${name}`, () => {
    const choices = list.map(([value, weight]) => ({ value, weight }));
    assert.equal(pick(choices, draw), want);
  });
}

Deno.test("status pick: draws spread over the weights in proportion", () => {
  const choices = [{ value: 200, weight: 0.7 }, { value: 500, weight: 0.3 }];
  let n200 = 0;
  for (let i = 0; i < 1000; i++) {
    if (pick(choices, i / 1000) === 200) n200++;
  }
  assert.equal(n200, 700);
});

const handler = createDebugHandler({ limits: { maxSleepMs: 10 } });
const call = async (path: string, init?: RequestInit) => {
  const res = await handler(
    new Request(`http://wb.test/api/debug${path}`, init),
  );
  const text = await res.text();
  return { res, text };
};

const BAD: [string, string][] = [
  ["bad/informational", "/status/100"],
  ["bad/informational in a list", "/status/200,101"],
  ["bad/over 599", "/status/600"],
  ["bad/not a number", "/status/abc"],
  ["bad/empty entry", "/status/200,,500"],
  ["bad/empty weight", "/status/200:,500"],
  ["bad/negative weight", "/status/200:-1,500"],
  ["bad/weight not decimal", "/status/200:1e3,500"],
  ["bad/two colons", "/status/200:1:2"],
  ["bad/all weights zero", "/status/200:0,500:0"],
  ["bad/seed with a space", "/status/200,500?seed=a%20b"],
];
for (const [name, path] of BAD) {
  Deno.test(`status handler: ${name} is 400 naming the parameter`, async () => {
    const { res, text } = await call(path);
    assert.equal(res.status, 400, text);
    assert.equal(res.headers.get("content-type"), "application/problem+json");
    const p = JSON.parse(text);
    assert.ok(["code", "seed"].includes(p.param), text);
  });
}

Deno.test("status handler: ok/a seeded list picks the same code every time", async () => {
  const seen = new Set<number>();
  for (let i = 0; i < 5; i++) {
    seen.add((await call("/status/200,201,202,203,204?seed=s1")).res.status);
  }
  assert.equal(seen.size, 1);
});

Deno.test("status handler: ok/different seeds reach every listed code", async () => {
  const seen = new Set<number>();
  for (let i = 0; i < 200 && seen.size < 3; i++) {
    seen.add((await call(`/status/200,418,503?seed=${i}`)).res.status);
  }
  assert.deepEqual([...seen].sort(), [200, 418, 503]);
});

Deno.test("status handler: ok/a zero weight is never picked", async () => {
  for (let i = 0; i < 50; i++) {
    const { res } = await call(`/status/500:0,202:1?seed=${i}`);
    assert.equal(res.status, 202);
  }
});

Deno.test("status handler: ok/weighted picks follow the weights over many seeds", async () => {
  let n200 = 0;
  for (let i = 0; i < 400; i++) {
    if ((await call(`/status/200:0.9,500:0.1?seed=w${i}`)).res.status === 200) {
      n200++;
    }
  }
  // 360 expected; a binomial's 5 standard deviations is 30.
  assert.ok(n200 > 330 && n200 < 390, `${n200} of 400`);
});

Deno.test("status handler: ok/the instance seed makes a run's unseeded picks a reproducible sequence, not one answer", async () => {
  const codes = async (path: string, n = 40) => {
    const h = createDebugHandler({ seed: 7 });
    const out: number[] = [];
    for (let i = 0; i < n; i++) {
      const res = await h(new Request(`http://wb.test/api/debug${path}`));
      await res.body?.cancel();
      out.push(res.status);
    }
    return out;
  };
  for (
    const path of ["/status/200,201,202,203", "/unstable?failure_rate=0.5"]
  ) {
    const a = await codes(path);
    assert.deepEqual(await codes(path), a, path);
    // A retry loop against /unstable ends: the answers vary.
    assert.ok(new Set(a).size > 1, `${path}: ${a}`);
  }
  // A request's own seed still pins its answer.
  const pinned = await codes("/status/200,201,202,203?seed=7", 5);
  assert.equal(new Set(pinned).size, 1);
});

Deno.test("status handler: ok/the picked code brings its body and headers", async () => {
  const { res, text } = await call("/status/429:1,200:0?seed=1");
  assert.equal(res.status, 429);
  assert.equal(res.headers.get("retry-after"), "1");
  assert.deepEqual(JSON.parse(text), {
    status: 429,
    statusText: "Too Many Requests",
  });
});

Deno.test("status handler: ok/a 206 says which part it is: the whole body (RFC 9110 §15.3.7), on HEAD too; a 416 says the length", async () => {
  for (const method of ["GET", "HEAD"]) {
    const res = await handler(
      new Request("http://wb.test/api/debug/status/206", { method }),
    );
    const text = await res.text();
    const length =
      JSON.stringify({ status: 206, statusText: "Partial Content" })
        .length;
    assert.equal(res.status, 206);
    assert.equal(
      res.headers.get("content-range"),
      `bytes 0-${length - 1}/${length}`,
      method,
    );
    assert.equal(text.length, method === "HEAD" ? 0 : length);
  }
  const unsatisfiable = await handler(
    new Request("http://wb.test/api/debug/status/416"),
  );
  const length = (await unsatisfiable.text()).length;
  assert.equal(unsatisfiable.headers.get("content-range"), `bytes */${length}`);
  const ok = await handler(new Request("http://wb.test/api/debug/status/200"));
  await ok.body?.cancel();
  assert.equal(ok.headers.get("content-range"), null);
});

Deno.test("unstable handler: fails at the rate asked, reproducibly with a seed; a rate outside 0..1 is 400 naming it", async () => {
  const code = async (query: string) => {
    const res = await handler(
      new Request(`http://wb.test/api/debug/unstable?${query}`),
    );
    const body = await res.json();
    assert.equal(body.status, res.status);
    return res.status;
  };
  for (let seed = 0; seed < 20; seed++) {
    assert.equal(await code(`failure_rate=0&seed=${seed}`), 200);
    assert.equal(await code(`failure_rate=1&seed=${seed}`), 500);
    assert.equal(await code(`seed=${seed}`), await code(`seed=${seed}`));
  }
  let failed = 0;
  for (let seed = 0; seed < 400; seed++) {
    if (await code(`failure_rate=0.25&seed=s${seed}`) === 500) failed++;
  }
  assert.ok(failed > 60 && failed < 140, `${failed} of 400 failed`);
  for (const bad of ["failure_rate=2", "failure_rate=-0.1", "failure_rate=x"]) {
    const res = await handler(
      new Request(`http://wb.test/api/debug/unstable?${bad}`),
    );
    assert.equal(res.status, 400, bad);
    assert.equal((await res.json()).param, "failure_rate", bad);
  }
});

Deno.test("status: a 426 without a Host header (HTTP/2's :authority) carries no Upgrade nor Connection, which RFC 9113 §8.2.2 forbids", async () => {
  const h2 = await handler(new Request("http://wb.test/api/debug/status/426"));
  await h2.body?.cancel();
  assert.equal(h2.status, 426);
  assert.equal(h2.headers.get("upgrade"), null);
  assert.equal(h2.headers.get("connection"), null);
  const h1 = await handler(
    new Request("http://wb.test/api/debug/status/426", {
      headers: { host: "wb.test" },
    }),
  );
  await h1.body?.cancel();
  assert.equal(h1.headers.get("upgrade"), "HTTP/3.0");
  assert.equal(h1.headers.get("connection"), "upgrade");
});
