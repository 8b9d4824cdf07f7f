/**
 * The settings the server entries read from the environment, in one place,
 * once, at start. Only names Deno Deploy lets a project set (no `DENO_`
 * prefix), and its own `DENO_DEPLOYMENT_ID`. A set
 * but malformed value throws: a typo in deployment config must stop the
 * server, not fall back to a default.
 */
import { limitsFromEnv, type TlsPair } from "../lib/debug/mod.ts";
import { checkTlsPair } from "../lib/debug/core/tls.ts";
import {
  hostSet,
  normalizeBase,
  originSet,
} from "../lib/debug/core/context.ts";
import type { AppOptions } from "./app.ts";
import { buildDir } from "./assets.ts";
import { createHash } from "node:crypto";

/** Looks an env variable up; undefined when unset. */
export type EnvGet = (name: string) => string | undefined;

/**
 * Deno's env, readable only with permission: without it (a plain
 * `deno serve main.ts`) every setting keeps its default instead of
 * prompting or throwing. The permission is asked per name, so a scoped
 * grant (`--allow-env=DEBUG_MAX_SLEEP_MS`) reads the names it grants.
 */
export function denoEnv(): EnvGet {
  return (n) =>
    Deno.permissions.querySync({ name: "env", variable: n }).state ===
        "granted"
      ? Deno.env.get(n)
      : undefined;
}

function list(raw: string | undefined): string[] | undefined {
  if (raw === undefined || raw.trim() === "") return undefined;
  return raw.split(",").map((s) => s.trim()).filter(Boolean);
}

/**
 * The debug API's options: every limit (`DEBUG_MAX_SLEEP_MS`...),
 * `DEBUG_REDIRECT_HOSTS` and `DEBUG_CORS_ORIGINS` (comma lists),
 * `DEBUG_SEED`, and `DEBUG_SECRET` (digest nonce key shared by every
 * isolate of one deployment). Unset, `isolates` says whether the entry may
 * run in several (`deno serve`, Deno Deploy: {@link sharedSecret}) or in
 * one (a random key of its own, which nobody can guess).
 */
export function debugOptionsFromEnv(
  get: EnvGet,
  isolates: "one" | "several" = "one",
): NonNullable<
  AppOptions["debug"]
> {
  const redirectHosts = list(get("DEBUG_REDIRECT_HOSTS"));
  const corsOrigins = list(get("DEBUG_CORS_ORIGINS"));
  // Checked here too, so a mistake names the variable, not the option.
  hostSet(redirectHosts, "DEBUG_REDIRECT_HOSTS");
  originSet(corsOrigins, "DEBUG_CORS_ORIGINS");
  return {
    limits: limitsFromEnv(get),
    redirectHosts,
    corsOrigins,
    seed: get("DEBUG_SEED") || undefined,
    secret: get("DEBUG_SECRET") ||
      (isolates === "several" ? sharedSecret(get) : undefined),
  };
}

/**
 * The Digest nonce key when `DEBUG_SECRET` is unset: one every isolate of
 * this process (`deno serve --parallel`) or of this Deno Deploy deployment
 * derives alike, so a nonce one issued is accepted by another (a random
 * key per isolate refused it half the time: the protocol is stateless,
 * RFC 7616 §3.3). Derived from what they share, the process id or the
 * deployment id, it can be guessed: set `DEBUG_SECRET` for nonces nobody
 * can mint.
 */
export function sharedSecret(get: EnvGet): string {
  const deployment = get("DENO_DEPLOYMENT_ID");
  const shared = deployment
    ? `deployment ${deployment}`
    : `process ${Deno.pid} ${Deno.ppid}`;
  return createHash("sha256").update(`wirebench digest key: ${shared}`)
    .digest("hex");
}

/** Reads a text file (Deno.readTextFileSync in the server, a map in tests). */
export type ReadText = (path: string) => string;

/** PEM text is told from a file path by its first line (RFC 7468 §2). */
const PEM_START = "-----BEGIN ";
/** A path longer than this is no path (Linux's PATH_MAX is 4096). */
const MAX_PATH = 4096;

/**
 * `TLS_CERT` and `TLS_KEY` for `deno task debug --tls`: each either the PEM
 * text itself (a value starting with `-----BEGIN `, as CI secrets hold it)
 * or the path of a PEM file, read once here. Undefined when neither is
 * set; one without the other, an unreadable file or a path over 4096
 * characters throws a RangeError naming the variable.
 */
export function tlsFromEnv(
  get: EnvGet,
  read: ReadText,
): TlsPair | undefined {
  const cert = get("TLS_CERT") || undefined;
  const key = get("TLS_KEY") || undefined;
  if (cert === undefined && key === undefined) return undefined;
  if (cert === undefined || key === undefined) {
    throw new RangeError(
      `TLS_CERT and TLS_KEY go together: ${
        cert === undefined ? "TLS_CERT" : "TLS_KEY"
      } is not set`,
    );
  }
  const text = (name: string, value: string): string => {
    if (value.trimStart().startsWith(PEM_START)) return value;
    if (value.length > MAX_PATH) {
      throw new RangeError(`${name}: neither PEM text nor a file path`);
    }
    try {
      return read(value);
    } catch (err) {
      throw new RangeError(
        `${name}=${JSON.stringify(value)}: cannot read the file (${
          err instanceof Error ? err.message : err
        })`,
      );
    }
  };
  const pair = { cert: text("TLS_CERT", cert), key: text("TLS_KEY", key) };
  try {
    return checkTlsPair(pair);
  } catch (err) {
    // Named as the env names them (the library says `tls.key`).
    throw new RangeError(
      (err as Error).message.replace(/^tls\.cert/, "TLS_CERT").replace(
        /^tls\.key/,
        "TLS_KEY",
      ),
    );
  }
}

/**
 * The whole app's options, for `main.ts` (served by `deno serve`, perhaps
 * with `--parallel`, or by Deno Deploy): the debug API's, `BUILD_OUT` and
 * `DEV`.
 */
export function appOptionsFromEnv(get: EnvGet): AppOptions {
  return {
    debug: debugOptionsFromEnv(get, "several"),
    assets: {
      buildDir: buildDir(get("BUILD_OUT") || undefined),
      dev: get("DEV") === "1",
    },
  };
}

/** `DEBUG_BASE` (default `/api/debug`), checked: a mistake names the variable. */
export function debugBaseFromEnv(get: EnvGet): string {
  const base = get("DEBUG_BASE") || "/api/debug";
  normalizeBase(base, "DEBUG_BASE");
  return base;
}

/** Where a server entry listens. */
export interface Listen {
  port: number;
  hostname: string;
}

/**
 * `PORT` (default 8000; 0 picks a free one) and `HOST` (default all
 * interfaces). PORT is decimal digits only: `0x1F90`, `8e3` or ` 8000`
 * would be read by `Number()` as a port the operator did not write.
 */
export function listenFromEnv(get: EnvGet): Listen {
  const raw = get("PORT") || "8000";
  const port = /^[0-9]{1,5}$/.test(raw) ? Number(raw) : NaN;
  if (!(port <= 65535)) {
    throw new RangeError(
      `PORT=${JSON.stringify(raw)}: not a port (decimal, 0 to 65535)`,
    );
  }
  return { port, hostname: get("HOST") || "0.0.0.0" };
}
