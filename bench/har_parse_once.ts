/**
 * One parse measurement in a fresh process (spawned by har_bench.ts), so
 * garbage from an earlier run never lands in this one's timing. Prints the
 * milliseconds of, on the file given:
 * - `json`: JSON.parse alone;
 * - `har`: what the worker does before it posts the first rows
 *   (indexHarText: parse, normalise, summary, columns and orders);
 * - `secretsMs` (with `har`): what it does right after posting them, the
 *   duration and size orders and the secret count for the banner.
 */
import { indexHarText } from "../lib/har/parse.ts";
import { countHarSecrets } from "../lib/har/secrets.ts";
import { otherOrders } from "../lib/har/orders.ts";

const [mode, path] = Deno.args;
const text = await Deno.readTextFile(path);
let t = performance.now();
const out = mode === "json"
  ? JSON.parse(text)
  : indexHarText(text, undefined, false);
const ms = performance.now() - t;
let secretsMs = 0;
if (mode !== "json") {
  t = performance.now();
  otherOrders(out.columns, out.columns.orders.start);
  countHarSecrets(out.raw);
  secretsMs = performance.now() - t;
}
// Keep the result alive until timing is done, as a caller would.
if (!out) throw new Error("nothing parsed");
console.log(JSON.stringify({ mode, ms, secretsMs }));
