/**
 * The TLS facts an exporter records, as DevTools' Security panel names
 * them: Firefox's `_securityState` (`secure`, `weak`, `broken`,
 * `insecure`) and the `_securityDetails` object (Playwright's protocol,
 * subject, issuer and validity in Unix seconds; others' cipher suite or
 * certificate chain), on the entry or its response.
 */
import { type Obj, obj } from "./normalize.ts";
import type { NameValue } from "./pairs.ts";

/** Most rows of one entry's security facts (a hostile file may hold more). */
const SECURITY_ROWS = 60;
/** Names of a list (a certificate's sanList) shown in its row, at most. */
const LISTED_NAMES = 100;
/** How deep nested details (a certificate chain's fields) are read. */
const DEPTH = 3;

const LABELS: Record<string, string> = {
  protocol: "Protocol",
  protocolversion: "Protocol",
  ciphersuite: "Cipher",
  cipher: "Cipher",
  keyexchange: "Key exchange",
  keyexchangegroup: "Key exchange group",
  mac: "MAC",
  signaturescheme: "Signature scheme",
  subjectname: "Subject",
  subject: "Subject",
  issuer: "Issuer",
  validfrom: "Valid from",
  validto: "Valid until",
  sanlist: "Subject alternative names",
  certificates: "Certificate",
  hsts: "HSTS",
  hpkp: "HPKP",
  certificatetransparency: "Certificate Transparency",
};

/** Members whose number is a time in Unix seconds (Playwright's). */
const SECONDS = new Set(["validfrom", "validto"]);

function label(key: string): string {
  return LABELS[key.toLowerCase()] ?? key;
}

/** A scalar as text: a validity in seconds as a date, as DevTools shows it. */
function scalar(key: string, v: unknown): string | null {
  if (typeof v === "string") return v;
  if (typeof v === "boolean") return v ? "yes" : "no";
  if (typeof v !== "number" || !Number.isFinite(v)) return null;
  const date = SECONDS.has(key.toLowerCase()) ? new Date(v * 1000) : null;
  return date && !isNaN(date.getTime())
    ? `${date.toUTCString()} (${v})`
    : String(v);
}

/** Appends the rows of `v`, named from `name`, while room is left. */
function walk(
  rows: NameValue[],
  key: string,
  name: string,
  v: unknown,
  depth: number,
): void {
  if (rows.length >= SECURITY_ROWS) return;
  const text = scalar(key, v);
  if (text !== null) {
    rows.push({ name, value: text });
    return;
  }
  if (depth >= DEPTH || v === null || typeof v !== "object") return;
  if (Array.isArray(v)) {
    // A list of names (sanList) is one row, its first names; a list of
    // objects, a row each, while room is left.
    if (v.every((x) => typeof x === "string")) {
      const more = v.length - LISTED_NAMES;
      rows.push({
        name,
        value: v.slice(0, LISTED_NAMES).join(", ") +
          (more > 0 ? `, and ${more} more` : ""),
      });
      return;
    }
    for (let k = 0; k < v.length && rows.length < SECURITY_ROWS; k++) {
      walk(rows, key, `${name} ${k + 1}`, v[k], depth + 1);
    }
    return;
  }
  for (const k in v) {
    if (rows.length >= SECURITY_ROWS) return;
    if (!Object.hasOwn(v, k)) continue;
    walk(
      rows,
      k,
      name ? `${name} ${label(k).toLowerCase()}` : label(k),
      (v as Record<string, unknown>)[k],
      depth + 1,
    );
  }
}

/** The entry's security facts as rows; none when it records none. */
export function securityRows(raw: Obj): NameValue[] {
  const rows: NameValue[] = [];
  const res = obj(raw.response);
  const state = raw._securityState ?? res._securityState;
  if (typeof state === "string" && state) {
    rows.push({ name: "State", value: state });
  }
  const details = raw._securityDetails ?? res._securityDetails;
  if (details && typeof details === "object" && !Array.isArray(details)) {
    walk(rows, "", "", details, 0);
  }
  return rows;
}
