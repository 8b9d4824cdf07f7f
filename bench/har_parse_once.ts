/**
 * One parse measurement in a fresh process (spawned by har_bench.ts), so
 * garbage from an earlier run never lands in this one's timing. Prints the
 * milliseconds of `json` (JSON.parse alone) or `har` (indexHarText: parse,
 * normalise, summary, columns and orders) on the file given.
 */
import { indexHarText } from "../lib/har/parse.ts";

const [mode, path] = Deno.args;
const text = await Deno.readTextFile(path);
const t = performance.now();
const out = mode === "json" ? JSON.parse(text) : indexHarText(text);
const ms = performance.now() - t;
// Keep the result alive until timing is done, as a caller would.
if (!out) throw new Error("nothing parsed");
console.log(JSON.stringify({ mode, ms }));
