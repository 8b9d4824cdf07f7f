/**
 * A body's text in a `<pre>`, its first {@link FIRST_CHARS} only until
 * asked for the rest: Chromium lays out every line of a `<pre>` at once,
 * and 200,000 characters of pretty JSON held the detail's opening for
 * most of a second on a slow phone.
 *
 * "Show all" disappears once pressed: focus goes to the whole text (where
 * Tab goes on to what followed, "Save response body"), and a polite status
 * says how long it is, so neither drops to the page's start unsaid.
 */
import { useEffect, useRef, useState } from "preact/hooks";
import { cutText } from "../../lib/har/body.ts";
import { QuotedText } from "../shared/BidiText.tsx";

/** Characters shown before "Show all" (some 800 lines of pretty JSON). */
export const FIRST_CHARS = 32_000;

/** Props of {@link LongText}. */
export interface LongTextProps {
  text: string;
  /** The `<pre>`'s class. */
  class: string;
  /** The text is a cut preview of the body (said beside it): "all of it" is its. */
  preview?: boolean;
}

/** See the module comment. */
export function LongText(
  { text, class: cls, preview = false }: LongTextProps,
) {
  const all = preview ? "all of the preview" : "all";
  // The text shown whole: another entry's body starts short again.
  const [whole, setWhole] = useState<string | null>(null);
  const short = whole !== text && text.length > FIRST_CHARS;
  const shownAll = whole === text && text.length > FIRST_CHARS;
  const pre = useRef<HTMLPreElement>(null);
  // Set by the button, so a text shown whole for another reason (an entry
  // opened again) does not take focus.
  const asked = useRef(false);
  useEffect(() => {
    if (!shownAll || !asked.current) return;
    asked.current = false;
    pre.current?.focus();
  }, [shownAll]);
  return (
    <>
      <pre class={cls} tabIndex={0} ref={pre}>
        <QuotedText text={short ? cutText(text, FIRST_CHARS) : text} />
      </pre>
      {short && (
        <p class="har-body-more">
          <button
            type="button"
            data-testid="har-body-more"
            onClick={() => {
              asked.current = true;
              setWhole(text);
            }}
          >
            Show {all} ({chars(text.length)})
          </button>{" "}
          <span class="muted">
            Showing the first{" "}
            {chars(FIRST_CHARS)}: find in page searches what is shown.
          </span>
        </p>
      )}
      {/* Rendered empty first: a live region announces changes only. */}
      <p
        class="visually-hidden"
        role="status"
        data-testid="har-body-more-status"
      >
        {shownAll ? `Showing ${all}, ${chars(text.length)}` : ""}
      </p>
    </>
  );
}

/** A count of UTF-16 units as a reader counts them: characters, not bytes. */
function chars(n: number): string {
  return `${n.toLocaleString("en-US")} characters`;
}
