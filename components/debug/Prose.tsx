/**
 * Catalog prose with its backtick spans as <code>, built as elements (no
 * HTML parsing), and the JSON code blocks of the reference.
 */
import { splitCode } from "../../lib/debug/core/describe.ts";
import { prettyJson, type Token } from "../../lib/shared/json_pretty.ts";
import { renderTokens } from "./tokens.tsx";

/** Text with `code` spans. */
export function Prose({ text }: { text: string }) {
  return (
    <>
      {splitCode(text).map((part, i) =>
        i % 2 ? <code key={i}>{part}</code> : part
      )}
    </>
  );
}

function cut(tokens: Token[], maxLines: number): [Token[], boolean] {
  let lines = 1;
  for (let i = 0; i < tokens.length; i++) {
    if (tokens[i].text.includes("\n") && ++lines > maxLines) {
      return [tokens.slice(0, i), true];
    }
  }
  return [tokens, false];
}

/**
 * A body as a highlighted block: JSON pretty-printed and coloured, cut after
 * `maxLines` lines with a note; other text as is.
 */
export function CodeBlock(
  { text, json, maxLines = 24 }: {
    text: string;
    json: boolean;
    maxLines?: number;
  },
) {
  const tokens = json ? prettyJson(text) : null;
  // The block scrolls past its max height: focusable, so the keyboard can.
  if (!tokens) return <pre class="body sample-body" tabIndex={0}>{text}</pre>;
  const [shown, more] = cut(tokens, maxLines);
  return (
    <pre class="body json sample-body" tabIndex={0}>
      {renderTokens(shown)}
      {more && <span class="j-more">
…</span>}
    </pre>
  );
}
