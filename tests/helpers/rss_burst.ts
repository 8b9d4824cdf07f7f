/**
 * Run as a script by tests/http/debug_leak_test.ts: answers `count`
 * requests (the second argument) to the debug API path given first, 50 at
 * a time, each with a header of its own, with no forced garbage collection,
 * and prints the highest resident set seen (sampled every 1,000 requests),
 * in bytes. A fresh process, so no other test's garbage is counted.
 */
import { createDebugHandler } from "../../lib/debug/mod.ts";

const path = Deno.args[0];
const count = Number(Deno.args[1]);
const handler = createDebugHandler();
let peak = 0;
for (let i = 0; i < count; i += 50) {
  await Promise.all(Array.from({ length: 50 }, async (_, k) => {
    const req = new Request(`http://x/api/debug${path}`, {
      headers: { "x-n": String(i + k) },
    });
    await (await handler(req, undefined)).arrayBuffer();
  }));
  if (i % 1000 === 0) peak = Math.max(peak, Deno.memoryUsage().rss);
}
console.log(peak);
