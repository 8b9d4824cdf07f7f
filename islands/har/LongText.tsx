/**
 * A body's text in a `<pre>`, its first {@link FIRST_CHARS} only until
 * asked for the rest: Chromium lays out every line of a `<pre>` at once,
 * and 200,000 characters of pretty JSON held the detail's opening for
 * most of a second on a slow phone.
 */
import { useState } from "preact/hooks";
import { cutText } from "../../lib/har/body.ts";

/** Characters shown before "Show all" (some 800 lines of pretty JSON). */
export const FIRST_CHARS = 32_000;

/** Props of {@link LongText}. */
export interface LongTextProps {
  text: string;
  /** The `<pre>`'s class. */
  class: string;
}

/** See the module comment. */
export function LongText({ text, class: cls }: LongTextProps) {
  // The text shown whole: another entry's body starts short again.
  const [whole, setWhole] = useState<string | null>(null);
  const short = whole !== text && text.length > FIRST_CHARS;
  return (
    <>
      <pre class={cls} tabIndex={0}>
        {short ? cutText(text, FIRST_CHARS) : text}
      </pre>
      {short && (
        <p class="har-body-more">
          <button
            type="button"
            data-testid="har-body-more"
            onClick={() => setWhole(text)}
          >
            Show all {chars(text.length)}
          </button>{" "}
          <span class="muted">
            Showing the first{" "}
            {chars(FIRST_CHARS)}: find in page searches what is shown.
          </span>
        </p>
      )}
    </>
  );
}

/** A count of UTF-16 units as a reader counts them: characters, not bytes. */
function chars(n: number): string {
  return `${n.toLocaleString("en-US")} characters`;
}
