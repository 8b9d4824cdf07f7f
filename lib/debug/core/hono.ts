/**
 * The router, imported by its full npm specifier rather than the app's
 * import map: `mod.ts` is imported from other projects' tests, whose
 * configuration knows nothing of our bare `hono`. The version is the one
 * `deno.json` maps `hono` to (hono_test.ts keeps the two equal), so the app
 * and the embedded API load one copy.
 */
export { Hono } from "npm:hono@4.13.19";
