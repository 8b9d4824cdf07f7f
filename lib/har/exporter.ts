/**
 * Which program wrote a file, for the few members exporters fill in their
 * own way under the same name (HAR 1.2 §4.2 leaves `connection` and the
 * timing details to them): told by `log.creator.name` alone, since the
 * values look alike (Firefox's `connection` "443" and Chrome's "443" are
 * a port and a connection id).
 */
import { type Obj, obj } from "./normalize.ts";
import { str } from "../shared/value.ts";

/**
 * `playwright`: `connect` holds TLS and `time` adds `ssl` again.
 * `firefox`: `connection` is the remote port. `other`: as HAR 1.2 says.
 */
export type Exporter = "playwright" | "firefox" | "other";

/** The {@link Exporter} of the file whose `log` is `log`. */
export function exporterOf(log: Obj): Exporter {
  const name = str(obj(log.creator).name).trim().toLowerCase();
  if (name === "playwright") return "playwright";
  if (name === "firefox") return "firefox";
  return "other";
}
