/**
 * An Accept-Encoding field read once (RFC 9110 §12.5.3): each coding,
 * lower-cased (`x-gzip` as `gzip`), with its q-value. A malformed q counts
 * as 0 (refused); the field is read up to a bound, so a hostile one costs
 * a fixed amount. The server's choice of coding and the HAR viewer's
 * `--compressed` both read it here.
 */

/** Characters of the field read, and codings in it, at most. */
const MAX_CHARS = 1024;
const MAX_CODINGS = 32;

/** qvalue = ( "0" [ "." 0*3DIGIT ] ) / ( "1" [ "." 0*3("0") ] ) */
const QVALUE = /^(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/;

/** The codings of `field` with their q-values (1 when none is given). */
export function codingWeights(field: string): Map<string, number> {
  const out = new Map<string, number>();
  for (
    const part of field.slice(0, MAX_CHARS).split(",").slice(0, MAX_CODINGS)
  ) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    let weight = 1;
    for (const p of params) {
      const [k, v] = p.trim().split("=");
      if (k.trim() === "q") {
        weight = QVALUE.test(v?.trim() ?? "") ? Number(v) : 0;
      }
    }
    const coding = name.trim() === "x-gzip" ? "gzip" : name.trim();
    if (coding) out.set(coding, weight);
  }
  return out;
}
