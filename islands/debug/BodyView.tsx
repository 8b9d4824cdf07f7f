/**
 * A response body: JSON pretty-printed and coloured with one <span> per
 * token, anything else as plain text. Everything goes in as text nodes, so
 * response content can never become live HTML.
 */
import { useMemo } from "preact/hooks";
import { isJsonType, prettyJson, tokensText } from "./json.ts";
import { renderTokens } from "./tokens.tsx";

/** Past this many characters, JSON is pretty-printed but not coloured. */
const COLOUR_MAX = 300_000;

/** Props of {@link BodyView}. */
export interface BodyViewProps {
  body: string;
  contentType: string | null;
  /** Why there is no body, shown when `body` is empty. */
  emptyNote: string;
}

/** The `[data-testid=result-body]` block. */
export function BodyView({ body, contentType, emptyNote }: BodyViewProps) {
  const tokens = useMemo(
    () => (isJsonType(contentType) ? prettyJson(body) : null),
    [body, contentType],
  );
  if (body === "") {
    return (
      <>
        <pre
          class="body body-empty"
          data-testid="result-body"
          data-empty="true"
        >
        </pre>
        <p class="muted body-note">{emptyNote}</p>
      </>
    );
  }
  if (!tokens) {
    return <pre class="body" data-testid="result-body">{body}</pre>;
  }
  if (body.length > COLOUR_MAX) {
    return (
      <pre class="body" data-testid="result-body" data-json="true">
        {tokensText(tokens)}
      </pre>
    );
  }
  return (
    <pre class="body json" data-testid="result-body" data-json="true">
      {renderTokens(tokens)}
    </pre>
  );
}
