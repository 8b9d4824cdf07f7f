/**
 * Security Requirement keys read as the Security Schemes they name. OpenAPI
 * 3.2 §4.8.30 lets a key be a scheme's component name or a URI of it (`#/
 * components/securitySchemes/dev`, or that against the document's `$self`);
 * a key equal to a component name is that name. Every reader of a
 * requirement (the detail, Copy as cURL, compare, the checks) asks here, so
 * the two spellings of one scheme are one scheme everywhere.
 */
import { isObject, type RefResolver } from "./refs.ts";

/** Where 3.x declares its schemes, as a local reference's pointer starts. */
const SCHEMES_AT = "#/components/securitySchemes/";

/**
 * The declared schemes of `doc` (Swagger 2.0 `securityDefinitions`, else
 * `components.securitySchemes`), the map itself (entries unresolved); null
 * when none are declared.
 */
export function schemeMap(
  doc: Record<string, unknown>,
  swagger: boolean,
  r: RefResolver,
): Record<string, unknown> | null {
  const map = r.deref(
    swagger
      ? doc.securityDefinitions
      : isObject(doc.components)
      ? doc.components.securitySchemes
      : undefined,
  ).value;
  return isObject(map) ? map : null;
}

/**
 * The name of the scheme requirement key `key` names in `schemes`: the
 * component name first (§4.8.30: a key equal to one is that name), else
 * the key read as a reference (the resolver reads it against `$self`) to
 * `#/components/securitySchemes/<name>`. Null when it names no declared
 * scheme.
 */
export function schemeName(
  key: string,
  schemes: Record<string, unknown> | null,
  r: RefResolver,
): string | null {
  if (!schemes) return null;
  if (Object.hasOwn(schemes, key)) return key;
  // A name never holds `#`: only a URI can name a scheme otherwise.
  if (!key.includes("#")) return null;
  const local = r.local(key);
  if (!local.startsWith(SCHEMES_AT)) return null;
  const raw = local.slice(SCHEMES_AT.length);
  // One pointer segment (RFC 6901 §4): no `/`, `~1` and `~0` unescaped,
  // percent-escapes of the URI fragment decoded first.
  if (raw.includes("/")) return null;
  let name = raw;
  if (name.includes("%")) {
    try {
      name = decodeURIComponent(name);
    } catch { /* a literal % */ }
  }
  name = name.replace(/~1/g, "/").replace(/~0/g, "~");
  return Object.hasOwn(schemes, name) ? name : null;
}
