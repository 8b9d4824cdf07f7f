/**
 * The settings the server entries read from the environment, in one place,
 * once, at start. Only names Deno Deploy allows (no `DENO_` prefix). A set
 * but malformed value throws: a typo in deployment config must stop the
 * server, not fall back to a default.
 */
import { limitsFromEnv } from "../lib/debug/mod.ts";
import type { AppOptions } from "./app.ts";
import { buildDir } from "./assets.ts";

/** Looks an env variable up; undefined when unset. */
export type EnvGet = (name: string) => string | undefined;

/**
 * Deno's env, readable only with permission: without it (a plain
 * `deno serve main.ts`) every setting keeps its default instead of
 * prompting or throwing.
 */
export function denoEnv(): EnvGet {
  const state = Deno.permissions.querySync({ name: "env" }).state;
  return state === "granted" ? (n) => Deno.env.get(n) : () => undefined;
}

function list(raw: string | undefined): string[] | undefined {
  if (raw === undefined || raw.trim() === "") return undefined;
  return raw.split(",").map((s) => s.trim()).filter(Boolean);
}

/**
 * The debug API's options: every limit (`DEBUG_MAX_SLEEP_MS`...),
 * `DEBUG_REDIRECT_HOSTS` (comma list), `DEBUG_SEED`, and `DEBUG_SECRET`
 * (digest nonce key shared by every isolate of one deployment).
 */
export function debugOptionsFromEnv(get: EnvGet): NonNullable<
  AppOptions["debug"]
> {
  return {
    limits: limitsFromEnv(get),
    redirectHosts: list(get("DEBUG_REDIRECT_HOSTS")),
    seed: get("DEBUG_SEED") || undefined,
    secret: get("DEBUG_SECRET") || undefined,
  };
}

/** The whole app's options: the debug API's, `BUILD_OUT` and `DEV`. */
export function appOptionsFromEnv(get: EnvGet): AppOptions {
  return {
    debug: debugOptionsFromEnv(get),
    assets: {
      buildDir: buildDir(get("BUILD_OUT") || undefined),
      dev: get("DEV") === "1",
    },
  };
}
