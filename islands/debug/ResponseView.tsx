/**
 * A response that arrived: status (coloured by class), elapsed time, size,
 * Content-Encoding, where redirects ended, a problem+json summary, the
 * response headers and the body.
 */
import {
  NO_BODY_STATUSES,
  statusText,
} from "../../lib/debug/core/status_text.ts";
import { BodyView } from "./BodyView.tsx";
import type { PreparedRequest } from "./model.ts";
import type { RunResponse } from "./run.ts";
import { formatBytes } from "../../lib/shared/format.ts";
import { statusClass } from "../../lib/shared/status.ts";
import { firstInvalidUtf8 } from "../../lib/shared/read_text.ts";
import { visibleText } from "../../lib/shared/visible_text.ts";
import { PathText } from "../shared/BidiText.tsx";
import { saveBlob } from "../shared/download.ts";
import { HEX_LINE_BYTES, HEX_MAX_LINES } from "../../lib/shared/hex_dump.ts";
import { bodyFileName } from "../../lib/har/body.ts";

/** `[data-testid=result-duration]` with the elapsed milliseconds. */
export function Duration({ ms, label }: { ms: number; label?: string }) {
  const n = Math.round(ms);
  return (
    <span class="metric" data-testid="result-duration" data-ms={String(n)}>
      {label ?? ""}
      {n} ms
    </span>
  );
}

function header(r: RunResponse, name: string): string | null {
  return r.headers.find(([k]) => k === name)?.[1] ?? null;
}

function Problem({ r }: { r: RunResponse }) {
  const type = header(r, "content-type") ?? "";
  if (!/^application\/problem\+json/i.test(type)) return null;
  let p: { title?: unknown; detail?: unknown; param?: unknown };
  try {
    p = JSON.parse(r.body);
  } catch {
    return null;
  }
  return (
    <div class="error-box problem" data-testid="result-problem">
      <strong>{String(p.title ?? "Error")}</strong>
      {p.detail !== undefined && <span>: {String(p.detail)}</span>}
      {typeof p.param === "string" && (
        <span class="muted">
          {" "}
          (parameter <code>{p.param}</code>)
        </span>
      )}
    </div>
  );
}

function emptyNote(r: RunResponse, sent: PreparedRequest | null): string {
  if (r.stream) return "An event stream: use the events runner to read it.";
  if (sent?.method === "HEAD") return "No body: HEAD responses never have one.";
  if (NO_BODY_STATUSES.has(r.status)) {
    return `No body: a ${r.status} response never has one.`;
  }
  return "Empty body.";
}

/**
 * A header value as a person reads it. Fetch gives a value one character
 * per byte (a ByteString, Fetch §2.2.2), so bytes a server wrote as UTF-8
 * (é, ✓) come as Latin-1 (Ã©, and C1 controls that show as nothing): when
 * they are UTF-8 they are shown as that text, with fetch's reading beside
 * it, controls written out; other bytes are shown as they came.
 */
export function headerReading(
  value: string,
): { text: string; latin1: string | null } {
  if (!/[\u0080-\u00ff]/.test(value)) return { text: value, latin1: null };
  const bytes = Uint8Array.from(value, (c) => c.charCodeAt(0));
  if (firstInvalidUtf8(bytes) >= 0) {
    return { text: visibleText(value), latin1: null };
  }
  return {
    text: visibleText(new TextDecoder().decode(bytes)),
    latin1: visibleText(value),
  };
}

/**
 * `[data-testid=result-headers]`: a response's headers, as fetch gives
 * them; `testid` names another table (a response still arriving).
 */
export function HeadersTable(
  { headers, testid = "result-headers" }: {
    headers: readonly [string, string][];
    testid?: string;
  },
) {
  return (
    <table class="headers" data-testid={testid} tabIndex={0}>
      <tbody>
        {headers.map(([k, v], i) => {
          const { text, latin1 } = headerReading(v);
          return (
            <tr key={i}>
              <th scope="row">{k}</th>
              <td>
                <PathText text={text} />
                {latin1 !== null && (
                  <span class="muted">
                    {` (UTF-8 bytes; fetch reads them as Latin-1: ${latin1})`}
                  </span>
                )}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/** The panel of one response. */
export function ResponseView(
  { r, sent }: { r: RunResponse; sent: PreparedRequest | null },
) {
  const enc = header(r, "content-encoding");
  const len = header(r, "content-length");
  // A HEAD response has no body (RFC 9110 §9.3.2): its Content-Length and
  // Content-Encoding say what a GET would get.
  const head = sent?.method === "HEAD";
  return (
    <>
      <div class="result-summary">
        <span class={`status status-${statusClass(r.status)}`}>
          <span data-testid="result-status">{r.status}</span>{" "}
          <span class="status-text">
            {r.statusText || statusText(r.status)}
          </span>
        </span>
        <Duration ms={r.ms} />
        <span class="metric muted">
          headers after {Math.round(r.ttfbMs)} ms
        </span>
        <span class="metric muted">
          {head
            ? len
              ? `no body (a GET would get ${formatBytes(Number(len))}${
                enc ? ` on the wire, ${enc}-coded` : ""
              })`
              : "no body"
            : formatBytes(r.bytes)}
          {!head && enc && len
            ? ` (${formatBytes(Number(len))} on the wire)`
            : ""}
        </span>
        {enc && (
          <span class="metric tag" data-testid="result-encoding">
            Content-Encoding: {enc}
          </span>
        )}
      </div>
      {enc && !head && (
        <p class="result-note">
          The body arrived {enc}-compressed; the browser decoded it{" "}
          {sent && !sent.compressed
            // Coded because the browser's Accept-Encoding asked (RFC 9110
            // §12.5.3), which a page cannot leave out; curl asks for no
            // coding unless told to.
            ? "(it asked for compression with Accept-Encoding; the cURL command does not, so it gets the body uncoded: add --compressed to ask as the browser did)."
            : "(the cURL command has --compressed to do the same)."}
        </p>
      )}
      {r.digest && (
        <p class="result-note" data-testid="result-digest">
          {r.digest !== "answered"
            ? `The page did not answer the server's Digest challenge: ${r.digest}. The response below is its 401.`
            : r.status === 401
            ? "The page answered the server's Digest challenge (its first request got 401 with the nonce), and the server refused the answer: another 401. The user or password differs from the path's, or the nonce went stale (its WWW-Authenticate says stale=true)."
            : "The page answered the server's Digest challenge: its first request got 401 with the nonce, this is the answer to the second (RFC 7616 §3.4), as curl --digest sends it."}
        </p>
      )}
      {r.redirected && (
        <p class="result-note" data-testid="result-redirect">
          The browser followed the redirects and ended at <code>{r.url}</code>.
        </p>
      )}
      {r.cutOff !== null && (
        <div class="error-box" data-testid="result-cut" role="alert">
          The body broke off before its end: {r.cutOff}{" "}
          The status and headers below had arrived; the body shows the{" "}
          {formatBytes(r.bytes)}{" "}
          read before the break (a browser drops what it had not yet handed to
          the page).
        </div>
      )}
      <Problem r={r} />
      {sent?.setsCookies && r.redirected && (
        <p class="result-note" data-testid="result-cookies">
          The server set the cookies with Set-Cookie on the redirect, but this
          runner sends its requests without cookies (fetch{" "}
          <code>credentials: "omit"</code>): the browser kept none, and the page
          it was redirected to saw none. Add <code>-b ''</code>{" "}
          to the cURL command and curl keeps them in memory across the redirect
          (<code>-c FILE</code> saves them; <code>-i</code>{" "}
          shows each Set-Cookie).
        </p>
      )}
      <h4 class="result-h">Response headers</h4>
      {sent?.setsCookies && (
        <p class="result-note" data-testid="result-set-cookie-hidden">
          Set-Cookie is not listed: browsers hide it from pages (a forbidden
          response-header name, Fetch standard §2.2.2). The cURL command with
          {" "}
          <code>-i</code> shows it.
        </p>
      )}
      <HeadersTable headers={r.headers} />
      <div class="label-row">
        <h4 class="result-h">Body</h4>
        {r.blob && r.bytes > 0 && (
          <button
            type="button"
            class="small"
            data-testid="save-body"
            // The bytes as they came (decoded from any Content-Encoding),
            // whole: the dump shows 4 KiB, JSON is shown pretty-printed.
            onClick={() => saveBlob(r.blob!, bodyFileName(r.url, r.blob!.type))}
          >
            Save body ({formatBytes(r.bytes)})
          </button>
        )}
      </div>
      {r.hex !== null
        ? (
          <>
            <p class="muted body-note" data-testid="result-binary">
              Not text ({header(r, "content-type") ?? "no Content-Type"},{" "}
              {r.bytes}{" "}
              bytes): shown as hex and ASCII, 16 bytes a line{r.bytes >
                  HEX_MAX_LINES * HEX_LINE_BYTES
                ? `, the first ${
                  (HEX_MAX_LINES * HEX_LINE_BYTES).toLocaleString("en")
                } bytes; Save body has them all`
                : ""}.
            </p>
            <pre class="body hex" data-testid="result-body" tabIndex={0}>
              {r.hex}
            </pre>
          </>
        )
        : r.image
        ? (
          <img
            class="result-image"
            data-testid="result-image"
            src={r.image}
            alt={`The ${
              header(r, "content-type")
            } image the server sent, ${r.bytes} bytes`}
          />
        )
        : (
          <BodyView
            body={r.body}
            contentType={header(r, "content-type")}
            emptyNote={emptyNote(r, sent)}
          />
        )}
    </>
  );
}
