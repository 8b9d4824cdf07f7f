/**
 * What a server entry is missing among the permissions it runs on, said
 * once at start: a bare `deno serve main.ts` is granted none, and then
 * serves pages without their styles or scripts (the static files cannot
 * be read) and keeps every setting's default (the env cannot be read),
 * silently. `deno task start` and Deno Deploy grant both.
 */
import { STATIC_DIR } from "./assets.ts";

/** A permission's state, as `Deno.permissions.querySync` gives it. */
export type PermissionQuery = (
  d: Deno.PermissionDescriptor,
) => Deno.PermissionState;

/** The default query: Deno's own. */
const denoQuery: PermissionQuery = (d) => Deno.permissions.querySync(d).state;

/** One sentence per permission missing (none when all are granted). */
export function missingPermissions(
  query: PermissionQuery = denoQuery,
  staticDir: URL = STATIC_DIR,
): string[] {
  const out: string[] = [];
  if (query({ name: "read", path: staticDir }) !== "granted") {
    out.push(
      `wirebench: no read permission for ${staticDir.pathname}: pages are served without their styles and scripts. Run \`deno task build\` once, then serve with --allow-read (as \`deno task start\` does).`,
    );
  }
  if (query({ name: "env" }) !== "granted") {
    // A scoped grant (`--allow-env=DEBUG_SECRET`) is read name by name.
    const scoped = query({ name: "env", variable: "DEBUG_SECRET" }) ===
      "granted";
    out.push(
      scoped
        ? "wirebench: --allow-env is scoped: settings of names it does not grant (DEBUG_*, TLS_*) keep their defaults."
        : "wirebench: no --allow-env: settings the environment gives (DEBUG_*, DEBUG_SECRET, TLS_*) are not read, and keep their defaults. A scoped --allow-env=NAME,... reads the names it grants.",
    );
  }
  return out;
}
