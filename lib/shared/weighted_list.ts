/**
 * A comma-separated list whose members may carry a weight, `;q=0.5`
 * (RFC 9110 §12.4.2), as Accept and Accept-Encoding write it: one reading
 * for the debug API's content negotiation, the app's choice of coding and
 * the HAR viewer's `--compressed`.
 */

/** One member: its value lower-cased, without parameters, and its weight. */
export interface Weighted {
  readonly value: string;
  readonly q: number;
}

/** The list's members, and whether it went past its bounds. */
export interface WeightedList {
  /** The members read, up to the bounds, in written order. */
  readonly items: Weighted[];
  /** True when members or characters past the bounds were left unread. */
  readonly cut: boolean;
}

/** qvalue = ( "0" [ "." 0*3DIGIT ] ) / ( "1" [ "." 0*3("0") ] ) (§12.4.2) */
const QVALUE = /^(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/;

/**
 * The members of `field`, read up to `maxChars` characters and `maxItems`
 * members, so a hostile field costs a fixed amount; the caller decides
 * whether a `cut` list is refused. A malformed weight counts as 0 (not
 * acceptable: the safe reading of a value the client cannot have meant).
 * Empty members (`a,,b`) are skipped, as §5.6.1 asks of a recipient.
 */
export function weightedList(
  field: string,
  maxChars: number,
  maxItems: number,
): WeightedList {
  const items: Weighted[] = [];
  let cut = field.length > maxChars;
  for (const part of field.slice(0, maxChars).split(",")) {
    const [value, ...params] = part.toLowerCase().split(";");
    const v = value.trim();
    if (!v) continue;
    if (items.length === maxItems) {
      cut = true;
      break;
    }
    let q = 1;
    for (const p of params) {
      const eq = p.indexOf("=");
      if (eq >= 0 && p.slice(0, eq).trim() === "q") {
        const w = p.slice(eq + 1).trim();
        q = QVALUE.test(w) ? Number(w) : 0;
      }
    }
    items.push({ value: v, q });
  }
  return { items, cut };
}
