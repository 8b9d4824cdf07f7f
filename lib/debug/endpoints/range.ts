/**
 * `/range/{n}`: `n` bytes where byte `i` is
 * `"abcdefghijklmnopqrstuvwxyz"[i % 26]`, answering range requests as
 * RFC 9110 §14 says: one range is a 206 with Content-Range, several are a
 * `multipart/byteranges` 206 (§14.6) whose boundary cannot occur in the
 * body (the body is only lower-case letters), none satisfiable is a 416
 * with `Content-Range: bytes *\/n`, and an If-Range that does not match
 * the ETag turns the request into a plain 200 (§13.1.5); If-Match and
 * If-None-Match are evaluated first (412, 304; §13.2.2). A malformed Range
 * header is ignored (§14.2), never an error.
 */
import { MAX_RANGES } from "../core/limits.ts";
import { PROBLEM_4XX, sleepParam } from "../core/catalog.ts";
import type { DebugContext } from "../core/context.ts";
import { lengthParam } from "./bytes.ts";
import { conditionalTags } from "./caching.ts";
import { ifMatchPasses, ifNoneMatchFails } from "../../shared/entity_tags.ts";
import { ParamError } from "../core/params.ts";
import {
  defineEndpoint,
  type EndpointDef,
  type Route,
} from "../core/endpoint.ts";
import { BASE_HEADERS, respond } from "../core/http.ts";
import { problem } from "../core/problem.ts";
import { concatBytes } from "../../shared/bytes.ts";

const ALPHABET = "abcdefghijklmnopqrstuvwxyz";
/** Digits and capitals: no run of lower-case letters can contain it. */
const BOUNDARY = "WIREBENCH-BYTERANGES-0123456789";

/** An inclusive byte range. */
export interface ByteRange {
  readonly first: number;
  readonly last: number;
}

/**
 * The ranges a Range header asks of an `n`-byte body (RFC 9110 §14.1.2):
 * null to ignore the header (absent, another unit, malformed, or too many
 * ranges), `[]` when none is satisfiable (416), else the satisfiable
 * ranges in request order, their ends clamped to the body.
 */
export function parseRange(
  header: string | null,
  n: number,
): ByteRange[] | null {
  if (header === null) return null;
  const m = /^\s*bytes\s*=\s*(.*)$/i.exec(header);
  if (!m) return null;
  const specs = m[1].split(",").map((s) => s.trim()).filter((s) => s !== "");
  if (specs.length === 0 || specs.length > MAX_RANGES) return null;
  const out: ByteRange[] = [];
  for (const spec of specs) {
    // Positions have any number of digits (RFC 9110 §14.1.1): one past
    // 2^53 is still past the end of the body, so a Number is exact enough.
    const r = /^(\d*)-(\d*)$/.exec(spec);
    if (!r || (r[1] === "" && r[2] === "")) return null;
    if (r[1] === "") {
      // A suffix: the last N bytes (N = 0 is unsatisfiable).
      const len = Number(r[2]);
      if (len > 0 && n > 0) {
        out.push({ first: Math.max(0, n - len), last: n - 1 });
      }
      continue;
    }
    const first = Number(r[1]);
    // A last position before the first is invalid (§14.1.1); an open
    // range starting past the end is merely unsatisfiable.
    if (r[2] !== "" && Number(r[2]) < first) return null;
    const last = r[2] === "" ? n - 1 : Number(r[2]);
    if (first < n) out.push({ first, last: Math.min(last, n - 1) });
  }
  return out;
}

/**
 * The ranges to send for `ranges` of an `n`-byte body. As asked while
 * their lengths add up to at most `n`; past that, a client is asking for
 * more than the representation (the same bytes again and again), so they
 * are sorted and overlapping or adjacent ones merged, which RFC 9110 §14.2
 * allows a server to do. The data sent then never exceeds `n` bytes.
 */
export function servedRanges(
  ranges: readonly ByteRange[],
  n: number,
): readonly ByteRange[] {
  let total = 0;
  for (const { first, last } of ranges) total += last - first + 1;
  if (total <= n) return ranges;
  const sorted = [...ranges].sort((a, b) => a.first - b.first);
  const out: ByteRange[] = [];
  for (const r of sorted) {
    const prev = out[out.length - 1];
    if (prev !== undefined && r.first <= prev.last + 1) {
      out[out.length - 1] = {
        first: prev.first,
        last: Math.max(prev.last, r.last),
      };
    } else {
      out.push(r);
    }
  }
  return out;
}

/** Bytes `first..last` of the alphabet body. */
export function alphabetBytes(first: number, last: number): Uint8Array {
  const len = last - first + 1;
  const out = new Uint8Array(Math.max(0, len));
  for (let i = 0; i < Math.min(len, 26); i++) {
    out[i] = ALPHABET.charCodeAt((first + i) % 26);
  }
  // The body repeats every 26 bytes: double the filled prefix until done.
  for (let filled = Math.min(len, 26); filled < len;) {
    const copy = Math.min(filled - (filled % 26), len - filled);
    out.copyWithin(filled, 0, copy);
    filled += copy;
  }
  return out;
}

/** `GET /range/{n}`. */
export function range(ctx: DebugContext, route: Route): EndpointDef {
  const l = ctx.limits;
  const encoder = new TextEncoder();
  return defineEndpoint({
    summary: "n bytes that honour Range requests",
    description:
      `\`n\` bytes (byte i is the (i mod 26)th letter of a to z) with \`Accept-Ranges: bytes\` and \`ETag: "range{n}"\`. A Range header gets 206 with Content-Range (single, suffix \`bytes=-500\` and open \`bytes=9500-\` ranges), several ranges a \`multipart/byteranges\` 206, none satisfiable 416 with \`Content-Range: bytes */n\`; an If-Range that is not the ETag (quoted or not) gets the whole 200. If-Match without a strong match of the ETag gets 412, If-None-Match with a weak match 304 (RFC 9110 §13.2.2: before the Range). A malformed Range, another unit or more than ${MAX_RANGES} ranges is ignored (RFC 9110 §14.2); ranges whose lengths add up to more than n are sorted and merged, so no more than n bytes of data are sent. At most ${l.maxBytes} bytes (limit \`maxBytes\`).`,
    params: [lengthParam(l, "Body length"), sleepParam(l)],
    requestHeaders: [
      {
        name: "Range",
        description:
          "`bytes=first-last`, suffix or open ranges, comma separated.",
      },
      {
        name: "If-Range",
        description: "The ETag; anything else means the whole body.",
      },
      { name: "If-Match", description: "Strong comparison; else 412." },
      { name: "If-None-Match", description: "Weak comparison; 304." },
    ],
    responses: [{
      status: "200",
      description: "The whole body.",
      contentType: "application/octet-stream",
      schema: { type: "string" },
    }, {
      status: "206",
      description: "The requested range(s).",
      contentType: "application/octet-stream",
      schema: { type: "string" },
      headers: [{ name: "Content-Range", description: "bytes first-last/n" }],
    }, {
      status: "304",
      description: "If-None-Match matched the ETag.",
    }, {
      status: "416",
      description: "No requested range is satisfiable.",
      headers: [{ name: "Content-Range", description: "bytes */n" }],
    }, PROBLEM_4XX],
    examples: [{
      url: route.url({ n: 1024 }),
      description: "1 KiB of letters",
    }],
    // If-Match and If-None-Match, read once: refused before a sleep when
    // malformed, evaluated by the handler.
    validate: (_params, req) => conditionalTags(req),
    handle: (req, { params, checked }) => {
      const n = params.n;
      const etag = `"range${n}"`;
      const common = {
        ...BASE_HEADERS,
        "accept-ranges": "bytes",
        etag,
      };
      // Preconditions before Range (RFC 9110 §13.2.2): an origin with a
      // validator must evaluate them (§13.1.1, §13.1.2).
      const { ifMatch, ifNoneMatch } = checked;
      if (ifMatch !== null && !ifMatchPasses(ifMatch, `range${n}`)) {
        throw new ParamError(
          "If-Match",
          `If-Match does not match ${etag} (strong comparison, RFC 9110 §13.1.1).`,
          412,
          { "accept-ranges": "bytes", etag },
        );
      }
      if (ifNoneMatch !== null && ifNoneMatchFails(ifNoneMatch, `range${n}`)) {
        return respond(null, 304, common);
      }
      const ifRange = req.headers.get("if-range");
      // If-Range: only an exact (strong) match of our ETag keeps the
      // Range; a date or another tag asks for the whole body. The tag
      // unquoted matches too: python httpbin sends it so, and its clients
      // send it back so (as /etag accepts unquoted tags).
      const tag = ifRange?.trim();
      const asked = tag !== undefined && tag !== etag && tag !== `range${n}`
        ? null
        : parseRange(req.headers.get("range"), n);
      if (asked === null) {
        return respond(alphabetBytes(0, n - 1) as BodyInit, 200, {
          ...common,
          "content-type": "application/octet-stream",
        });
      }
      if (asked.length === 0) {
        return problem(
          416,
          `No requested range is within the ${n} bytes of this body.`,
          "Range",
          { "accept-ranges": "bytes", etag, "content-range": `bytes */${n}` },
        );
      }
      const ranges = servedRanges(asked, n);
      if (ranges.length === 1) {
        const [{ first, last }] = ranges;
        return respond(alphabetBytes(first, last) as BodyInit, 206, {
          ...common,
          "content-type": "application/octet-stream",
          "content-range": `bytes ${first}-${last}/${n}`,
        });
      }
      const parts: Uint8Array[] = [];
      for (const { first, last } of ranges) {
        parts.push(
          encoder.encode(
            `--${BOUNDARY}\r\nContent-Type: application/octet-stream\r\nContent-Range: bytes ${first}-${last}/${n}\r\n\r\n`,
          ),
          alphabetBytes(first, last),
          encoder.encode("\r\n"),
        );
      }
      parts.push(encoder.encode(`--${BOUNDARY}--\r\n`));
      return respond(concatBytes(parts) as BodyInit, 206, {
        ...common,
        "content-type": `multipart/byteranges; boundary=${BOUNDARY}`,
      });
    },
  });
}
