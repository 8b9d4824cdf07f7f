/**
 * Highlighted JSON tokens as Preact children: whitespace as text, every
 * other token as a <span> whose class names its kind. Text nodes only, so
 * response content can never become markup.
 */
import type { Token } from "../../lib/shared/json_pretty.ts";

/** Children for a <pre>. */
export function renderTokens(tokens: readonly Token[]) {
  return tokens.map((t, i) =>
    t.kind === "space"
      ? t.text
      : <span key={i} class={`j-${t.kind}`}>{t.text}</span>
  );
}
