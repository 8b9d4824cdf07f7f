/**
 * The shared steps around a handler, on a made-up endpoint: what the
 * endpoint's `validate` works out reaches the handler as `input.checked`,
 * worked out once, on the quick path and after a sleep alike; what it
 * refuses is refused before the sleep.
 */
import assert from "node:assert/strict";
import { sleepParam } from "./catalog.ts";
import { createContext } from "./context.ts";
import { defineEndpoint, mountEndpoint, type Route } from "./endpoint.ts";
import { ParamError } from "./params.ts";
import { endpointRunner } from "./pipeline.ts";

const ROUTE: Route = {
  id: "shout",
  path: "/shout",
  aliases: [],
  methods: ["GET", "HEAD"],
  anyMethod: false,
  url: () => "/shout",
  urlOf: () => "/shout",
  all: () => [],
};

/** An endpoint that upper-cases its `X-Word` header, and counts its checks. */
function shout() {
  const ctx = createContext({ limits: { maxSleepMs: 2_000 } });
  const calls = { validate: 0 };
  const def = defineEndpoint({
    summary: "Shout",
    description: "The X-Word header, upper-cased.",
    params: [sleepParam(ctx.limits)],
    responses: [{ status: "200", description: "The word." }],
    examples: [],
    validate: (_params, req) => {
      calls.validate++;
      const word = req.headers.get("x-word");
      if (!word) throw new ParamError("X-Word", "X-Word is required.");
      return word.toUpperCase();
    },
    handle: (_req, { checked }) => new Response(checked),
  });
  const run = endpointRunner(mountEndpoint(ROUTE, def), ctx);
  return { run, calls };
}

const CASES: [string, string, Record<string, string>, number, string][] = [
  ["ok/quick path", "", { "x-word": "hi" }, 200, "HI"],
  ["ok/after a sleep", "sleep=50ms", { "x-word": "hi" }, 200, "HI"],
  ["bad/refused", "", {}, 400, "X-Word"],
  ["bad/refused before the sleep", "sleep=2s", {}, 400, "X-Word"],
];

for (const [name, query, headers, status, text] of CASES) {
  Deno.test(`pipeline: validate's result reaches the handler: ${name}`, async () => {
    const { run, calls } = shout();
    const t = performance.now();
    const res = await run(
      new Request(`http://x/shout${query ? "?" + query : ""}`, { headers }),
      {},
    );
    const body = await res.text();
    assert.equal(res.status, status);
    assert.ok(body.includes(text), body);
    assert.equal(calls.validate, 1, "worked out once");
    const ms = performance.now() - t;
    if (status === 400) assert.ok(ms < 1_000, `no sleep: ${ms} ms`);
    else if (query) assert.ok(ms >= 45, `slept: ${ms} ms`);
  });
}
