/**
 * The "Copy as" commands of a recorded request (cURL, fetch, Python), each
 * whole when it fits {@link CURL_CHARS}, else without the body, else none,
 * with why in words: what the detail's copy buttons offer and what "Copy
 * all listed" joins, so both send the same requests.
 */
import {
  bodyChars,
  type Replay,
  replayCurl,
  replayOf,
  type SentBody,
  sentBody,
} from "./curl.ts";
import {
  type FetchCall,
  fetchCode,
  type FetchOptions,
  type FetchRequest,
} from "../shared/fetch_code.ts";
import { pythonCode } from "../shared/python_code.ts";
import { num, type Obj, obj } from "./normalize.ts";
import { str } from "../shared/value.ts";
import { isToken } from "../shared/http_token.ts";
import { sendableHeader } from "../shared/curl.ts";
import { countOf, type NameValue, pairs, shown } from "./pairs.ts";

/** Longest "Copy as cURL" command (characters). */
export const CURL_CHARS = 1_000_000;

/** Schemes the browser answers itself (Fetch §4.2 scheme fetch). */
const BROWSER_SCHEMES = new Set([
  "about",
  "blob",
  "data",
  "file",
  "filesystem",
  "javascript",
  "chrome",
  "chrome-extension",
]);

/** A "Copy as" writer of the HAR viewer, and what its code is called. */
interface Writer {
  write(r: FetchRequest, o: FetchOptions): FetchCall;
  /** "call", "script" */
  code: string;
  /** "a fetch call", "a Python script" */
  named: string;
}

const FETCH: Writer = { write: fetchCode, code: "call", named: "a fetch call" };
const PYTHON: Writer = {
  write: pythonCode,
  code: "script",
  named: "a Python script",
};

/**
 * The code `writer` writes, as {@link curlOf} decides the command's: whole
 * when it fits {@link CURL_CHARS}, else without the body, else none; with
 * why.
 */
function codeOf(
  writer: Writer,
  replay: (body: SentBody | null) => Replay,
  body: SentBody | null,
  size: number,
  chars: number,
): { code: string; note: string } {
  if (size + chars <= CURL_CHARS) {
    const call = writer.write(replay(body), { recorded: true });
    if (!call.code) return { code: "", note: call.note };
    if (call.code.length <= CURL_CHARS) {
      return { code: call.code, note: call.note };
    }
  }
  if (size <= CURL_CHARS) {
    const call = writer.write(replay(null), {
      bodyLeftOut: true,
      recorded: true,
    });
    // No code at all (a forbidden method, a URL it refuses): that is why.
    if (!call.code) return { code: "", note: call.note };
    if (call.code.length <= CURL_CHARS) {
      return {
        code: call.code,
        note: [
          `The request body is too large to copy: the ${writer.code} leaves it out.`,
          call.note,
        ].filter(Boolean).join(" "),
      };
    }
  }
  return {
    code: "",
    note: `The request is too large to copy as ${writer.named}.`,
  };
}

/**
 * The headers of `replay` the cURL command leaves out, in words ("" when
 * none): a name that is no token or a value holding CR, LF or NUL
 * (`sendableHeader`), as the fetch call and the Python script say theirs.
 */
function unsentHeaders(replay: Replay): string {
  const n =
    replay.headers.filter(([name, value]) => !sendableHeader(name, value))
      .length;
  if (!n) return "";
  return `${n} recorded header${n === 1 ? "" : "s"} curl cannot send ${
    n === 1 ? "is" : "are"
  } left out (a name that is no token, or a value holding CR, LF or NUL).`;
}

/** {@link codeOf} for `writer`, or why none when it threw. */
function safeCodeOf(
  writer: Writer,
  replay: (body: SentBody | null) => Replay,
  body: SentBody | null,
  size: number,
  chars: number,
): { code: string; note: string } {
  try {
    return codeOf(writer, replay, body, size, chars);
  } catch {
    // A recording no rule here foresaw must not take the detail with it.
    return {
      code: "",
      note: `No ${writer.named.slice(2)} could be written for it.`,
    };
  }
}

/** The commands of a request none can send: each empty, `note` why. */
function noCommand(note: string) {
  return {
    curl: "",
    note,
    fetch: "",
    fetchNote: note,
    python: "",
    pythonNote: note,
  };
}

/**
 * The cURL command, or "" with the reason when it would be longer than
 * {@link CURL_CHARS} (a 50 MB body is no clipboard text); a command without
 * an oversized body is offered when the rest fits. Everything the command
 * writes counts (method, cookies, the body's type), and the command built
 * is measured again: quoting can make it up to 12 times what it quotes.
 * A method that is not a token (RFC 9110 §9.1) cannot be sent: with CR LF
 * in it, curl would write a second request.
 */
function curlOf(
  method: string,
  url: string,
  headers: NameValue[],
  body: SentBody | null,
  cookies: unknown,
  want: Want,
): {
  curl: string;
  note: string;
  fetch: string;
  fetchNote: string;
  python: string;
  pythonNote: string;
} {
  if (method && !isToken(method)) {
    const note =
      "The recorded method is not an HTTP method name, so no command " +
      "can send it.";
    return noCommand(note);
  }
  // A proxy's log (Fiddler, Charles) records the tunnel a client asked it
  // for: its target is a host and port (RFC 9110 §9.3.6), where a command
  // would send `CONNECT /` to the site itself, in plain HTTP.
  if (method.toUpperCase() === "CONNECT") {
    const note = "A CONNECT request asks a proxy for a tunnel; the " +
      "requests sent through it are entries of their own, so there is no " +
      "request to copy.";
    return noCommand(note);
  }
  // A data:, blob: or about: URL is read by the browser itself (Fetch
  // §4.2 scheme fetch): there is no request for curl to send.
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url)?.[1].toLowerCase();
  if (scheme && scheme !== "http" && scheme !== "https") {
    const note = scheme === "ws" || scheme === "wss"
      ? `A ${scheme}: entry is a WebSocket, opened by an upgrade that ` +
        "neither command replays: use a WebSocket client (websocat, wscat)."
      : BROWSER_SCHEMES.has(scheme)
      ? `A ${scheme}: URL is read by the browser itself, not requested ` +
        "from a server, so there is no request to copy."
      : `A ${scheme}: URL is no http or https request, so there is no ` +
        "request to copy.";
    return noCommand(note);
  }
  // The body's type goes (and counts) with the body.
  const chars = bodyChars(body) + (body?.mimeType.length ?? 0);
  let jar = 0;
  for (const c of Array.isArray(cookies) ? cookies : []) {
    const o = obj(c);
    jar += str(o.name).length + str(o.value).length + 2;
  }
  const size = method.length + url.length + jar +
    headers.reduce((n, h) => n + h.name.length + h.value.length + 8, 0);
  const replayWith = (b: SentBody | null) =>
    replayOf(method, url, headers, b, cookies);
  const none = { code: "", note: "" };
  const f = want.fetch
    ? safeCodeOf(FETCH, replayWith, body, size, chars)
    : none;
  const p = want.python
    ? safeCodeOf(PYTHON, replayWith, body, size, chars)
    : none;
  const fetch = {
    fetch: f.code,
    fetchNote: f.note,
    python: p.code,
    pythonNote: p.note,
  };
  if (!want.curl) return { curl: "", note: "", ...fetch };
  // The length of the command built, when it was built and found too long.
  let built = 0;
  if (size + chars <= CURL_CHARS) {
    const replay = replayOf(method, url, headers, body, cookies);
    const curl = replayCurl(replay);
    if (curl.length <= CURL_CHARS) {
      return { curl, note: unsentHeaders(replay), ...fetch };
    }
    built = curl.length;
  }
  if (size <= CURL_CHARS) {
    const replay = replayOf(method, url, headers, null, cookies);
    const curl = replayCurl(replay);
    if (curl.length <= CURL_CHARS) {
      return {
        curl,
        ...fetch,
        note: [
          `The request body (${chars} characters${
            built ? `, ${built} as a command` : ""
          }) is too large to copy: the command leaves it out.`,
          unsentHeaders(replay),
        ].filter(Boolean).join(" "),
      };
    }
    built = Math.max(built, curl.length);
  }
  return {
    curl: "",
    ...fetch,
    note: `The request is too large to copy as a command (${
      Math.max(size + chars, built)
    } characters).`,
  };
}

/**
 * Why a request that had a body goes without one in the commands: its
 * `bodySize` says bytes were sent, or its `postData` names a file beside
 * the HAR, but no text or form fields were recorded. "" when it had none.
 */
function leftOut(req: Obj, post: Obj): string {
  const size = num(req.bodySize, 0);
  if (typeof post._file === "string" && post._file) {
    return `The request body was saved as a file of its own, ${
      shown(post._file)
    } (beside the HAR, or in its ZIP archive): the command sends none.`;
  }
  // Its fields, not its bytes: a boundary and the files' contents are
  // not in the file (Insomnia writes a multipart form so).
  if (countOf(post.params) && /multipart\//i.test(str(post.mimeType))) {
    return "The multipart form was recorded as its fields, not as the body " +
      "sent: the command sends none.";
  }
  return size > 0
    ? `The request body (${size} B) was not saved in this HAR file: the ` +
      "command sends none."
    : "";
}

/** Which commands {@link entryCommands} writes (the others are ""). */
export interface Want {
  curl?: boolean;
  fetch?: boolean;
  python?: boolean;
}

/** The "Copy as" commands of an entry, each "" when none, and why or what each leaves out. */
export interface EntryCommands {
  curl: string;
  curlNote: string;
  fetch: string;
  fetchNote: string;
  python: string;
  pythonNote: string;
}

/**
 * The commands repeating entry `raw`'s request (its `method` and `url` as
 * the list has them), those `want` names: a body the exporter left out
 * (Firefox writes an empty text, Playwright one it saved beside the file,
 * or none for binary) is sent as none, and said, as the body section does.
 */
export function entryCommands(
  raw: Obj,
  method: string,
  url: string,
  want: Want = { curl: true, fetch: true, python: true },
): EntryCommands {
  const req = obj(raw.request);
  const sent = sentBody(req.postData);
  const c = curlOf(method, url, pairs(req.headers), sent, req.cookies, want);
  const left = sent ? "" : leftOut(req, obj(req.postData));
  const said = (note: string) => [note, left].filter(Boolean).join(" ");
  return {
    curl: c.curl,
    curlNote: said(c.note),
    fetch: c.fetch,
    fetchNote: said(c.fetchNote),
    python: c.python,
    pythonNote: said(c.pythonNote),
  };
}
