/**
 * The warning shown when a file holds credentials, with "Download sanitized
 * copy". The copy is made by the worker and saved through a Blob URL: it
 * never leaves the machine. Without secrets, the same action sits quietly
 * in the file bar.
 */
import { useEffect, useState } from "preact/hooks";
import { formatCount } from "../../lib/shared/format.ts";
import { DEFAULT_REDACT_WORDS, parseWordList } from "../../lib/har/redact.ts";
import type { SecretCounts } from "../../lib/har/types.ts";

/** Props of {@link SecretsBanner}. */
export interface SecretsBannerProps {
  /** Null while the worker is still counting. */
  secrets: SecretCounts | null;
  onDownload(words: string[], dropBodies: boolean): void;
  /** Message after a download ("Saved ... with 12 values redacted"). */
  done: string;
}

const STORE = "har-redact-words";

/** All the values counted. */
function secretsTotal(s: SecretCounts): number {
  return s.cookies + s.authorization + s.tokens;
}

function plural(n: number, one: string, many: string): string {
  return `${formatCount(n)} ${n === 1 ? one : many}`;
}

/** The banner (or the quiet variant when nothing secret was found). */
export function SecretsBanner(
  { secrets, onDownload, done }: SecretsBannerProps,
) {
  const [words, setWords] = useState(DEFAULT_REDACT_WORDS.join(", "));
  const [dropBodies, setDropBodies] = useState(false);
  useEffect(() => {
    try {
      const saved = localStorage.getItem(STORE);
      if (saved) setWords(saved);
    } catch { /* storage disabled: defaults */ }
  }, []);
  const save = (v: string) => {
    setWords(v);
    try {
      localStorage.setItem(STORE, v);
    } catch { /* storage disabled */ }
  };
  const parts = secrets
    ? [
      secrets.cookies ? plural(secrets.cookies, "cookie", "cookies") : "",
      secrets.authorization
        ? plural(
          secrets.authorization,
          "authorization header",
          "authorization headers",
        )
        : "",
      secrets.tokens
        ? plural(secrets.tokens, "token-like value", "token-like values")
        : "",
    ].filter(Boolean)
    : [];
  const alarming = parts.length > 0;
  return (
    <section
      class={alarming ? "har-banner warn" : "har-banner quiet"}
      data-testid="har-secrets"
      data-cookies={secrets ? String(secrets.cookies) : undefined}
      data-authorization={secrets ? String(secrets.authorization) : undefined}
      data-tokens={secrets ? String(secrets.tokens) : undefined}
      aria-label="Sensitive data"
    >
      <p>
        {alarming
          ? (
            <>
              <strong>This file holds {parts.join(", ")}.</strong>{" "}
              Anyone you send it to can reuse{" "}
              {parts.length === 1 && secretsTotal(secrets!) === 1
                ? "it"
                : "them"}. Share a sanitized copy instead.
            </>
          )
          : secrets
          ? "No cookies, authorization headers or tokens found in headers and URLs. Bodies are searched only when a copy is made: download one to have any password or token in them redacted too."
          : "Looking for cookies and tokens…"}
      </p>
      <div class="har-banner-actions">
        <button
          type="button"
          class={alarming ? "primary" : ""}
          data-testid="har-sanitize"
          onClick={() => onDownload(parseWordList(words), dropBodies)}
        >
          Download sanitized copy
        </button>
        <details class="har-redact-options">
          <summary>Redaction options</summary>
          <label class="har-words">
            Redact names containing (comma-separated; <code>=word</code>{" "}
            matches the whole name only)
            <textarea
              rows={3}
              data-testid="har-redact-words"
              value={words}
              onInput={(e) =>
                save((e.currentTarget as HTMLTextAreaElement).value)}
            />
          </label>
          <label class="har-check">
            <input
              type="checkbox"
              checked={dropBodies}
              onChange={(e) =>
                setDropBodies((e.currentTarget as HTMLInputElement).checked)}
            />{" "}
            Also remove response bodies
          </label>
          <button
            type="button"
            onClick={() => save(DEFAULT_REDACT_WORDS.join(", "))}
          >
            Reset to defaults
          </button>
          <p class="muted small">
            Always redacted: cookie values, Authorization, Proxy-Authorization,
            Cookie and Set-Cookie headers, credentials by their shape (JWTs;
            Bearer, Basic, Digest and AWS4 values) anywhere, and passwords in
            URLs. Bodies (JSON, forms, multipart, XML and HTML fields) are
            redacted by name too.
          </p>
        </details>
        {done && <span class="har-done" role="status">{done}</span>}
      </div>
    </section>
  );
}
