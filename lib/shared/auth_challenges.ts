/**
 * The challenges of a WWW-Authenticate (or Proxy-Authenticate) value:
 * RFC 9110 §11.6.1 lets one field, or several combined with commas (as
 * `Headers.get` combines them), carry several challenges, and each
 * challenge's auth-params are comma-separated too. A list element that is
 * `token SP …` (not `token =`) starts a challenge; `token = value` is a
 * parameter of the one before. Pure and browser-safe.
 */
import { leadingToken } from "./http_token.ts";

/** One challenge: its scheme, and the text after it (auth-params or token68). */
export interface AuthChallenge {
  scheme: string;
  params: string;
}

/**
 * The challenges of `header` in their order, or null when it is longer
 * than `maxChars`, has an unclosed quoted-string, or an element that is
 * neither a challenge nor a parameter of one. Empty list elements are
 * skipped (RFC 9110 §5.6.1).
 */
export function parseChallenges(
  header: string | null,
  maxChars: number,
): AuthChallenge[] | null {
  if (header === null || header.length > maxChars) return null;
  const out: { scheme: string; params: string[] }[] = [];
  for (const raw of topLevelElements(header)) {
    if (raw === null) return null;
    const el = raw.replace(/^[ \t]+|[ \t]+$/g, "");
    if (!el) continue;
    const name = leadingToken(el);
    if (!name) return null;
    const rest = el.slice(name.length);
    if (/^[ \t]*=/.test(rest)) {
      // A parameter: of the challenge before it.
      const last = out.at(-1);
      if (!last) return null;
      last.params.push(el);
    } else if (rest === "" || /^[ \t]/.test(rest)) {
      const first = rest.replace(/^[ \t]+/, "");
      out.push({ scheme: name, params: first ? [first] : [] });
    } else return null;
  }
  return out.map((c) => ({ scheme: c.scheme, params: c.params.join(", ") }));
}

/**
 * The comma-separated elements of `s`, commas inside quoted-strings kept;
 * a null element ends it when a quoted-string is never closed.
 */
function* topLevelElements(s: string): Generator<string | null> {
  let start = 0;
  let quoted = false;
  for (let at = 0; at < s.length; at++) {
    const c = s[at];
    if (quoted) {
      if (c === "\\") at++;
      else if (c === '"') quoted = false;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      yield s.slice(start, at);
      start = at + 1;
    }
  }
  yield quoted ? null : s.slice(start);
}
