/**
 * The request URL and its cURL command, each with a copy button that says
 * whether the copy worked (visibly, and to screen readers).
 */
import { useEffect, useRef, useState } from "preact/hooks";
import { copyText } from "../shared/clipboard.ts";

interface CopyProps {
  text: string;
  /** What is copied, for the label: "URL", "cURL command". */
  what: string;
  testid: string;
}

/** A copy button with a short-lived confirmation. */
function CopyButton({ text, what, testid }: CopyProps) {
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  async function copy() {
    const ok = await copyText(text);
    setState(ok ? "copied" : "failed");
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setState("idle"), 2000);
  }
  return (
    <>
      <button
        type="button"
        class={`copy copy-${state}`}
        data-testid={testid}
        data-copied={state === "copied" ? "true" : undefined}
        aria-label={`Copy ${what}`}
        onClick={copy}
      >
        {state === "copied"
          ? "Copied ✓"
          : state === "failed"
          ? "Copy failed"
          : "Copy"}
      </button>
      <span class="visually-hidden" role="status">
        {state === "copied"
          ? `${what} copied`
          : state === "failed"
          ? `Could not copy the ${what}; select it and copy by hand`
          : ""}
      </span>
    </>
  );
}

/** Props of {@link CommandBox}. */
export interface CommandBoxProps {
  url: string;
  curl: string;
  /** The fields have errors: the server or the browser would refuse it. */
  invalid: boolean;
  /** Where the command differs from what the browser does, in words. */
  notes?: readonly string[];
}

/** URL and cURL, always in step with the form. */
export function CommandBox(
  { url, curl, invalid, notes = [] }: CommandBoxProps,
) {
  return (
    <div class={`commands${invalid ? " commands-invalid" : ""}`}>
      <div class="command">
        <div class="command-head">
          <span class="command-label">Request URL</span>
          <CopyButton text={url} what="URL" testid="copy-url" />
        </div>
        <code class="command-text url" data-testid="url">{url}</code>
      </div>
      <div class="command">
        <div class="command-head">
          <span class="command-label">cURL</span>
          <CopyButton text={curl} what="cURL command" testid="copy-curl" />
        </div>
        {/* Scrolls when long: focusable so the keyboard can scroll it. */}
        <pre class="command-text curl" data-testid="curl" tabIndex={0}>
          {curl}
        </pre>
        {notes.map((n) => (
          <p key={n} class="field-note" data-testid="curl-note">{n}</p>
        ))}
      </div>
      {invalid && (
        <p class="field-error">
          This request is not sent as it stands: the fields marked above say why
          (the server, or the browser, would refuse it).
        </p>
      )}
    </div>
  );
}
