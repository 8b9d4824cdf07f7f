/**
 * A response body: JSON pretty-printed and coloured with one <span> per
 * value token, anything else as plain text. Everything goes in as text
 * (`textContent`, text nodes), so response content can never become live
 * HTML.
 *
 * The coloured DOM is built directly into a fragment rather than as Preact
 * children: openapi.json is ~10 000 tokens, and a virtual DOM diff over
 * that many children would dominate showing it. Punctuation and whitespace
 * merge into plain text nodes (coloured by the <pre>), so there are fewer
 * nodes to build.
 */
import { useLayoutEffect, useMemo, useRef } from "preact/hooks";
import {
  isJsonType,
  prettyJson,
  type Token,
  tokensText,
} from "../../lib/shared/json_pretty.ts";
import { textChunks } from "./text_chunks.ts";

/**
 * Past this many characters, JSON is pretty-printed but not coloured. The
 * API's own OpenAPI document (about 310 kB) is coloured; colouring it, or
 * laying out its text uncoloured, takes 60-200 ms on these machines either
 * way (colouring in pieces per frame was tried: each frame laid the whole
 * text out again, and took as long).
 */
const COLOUR_MAX = 400_000;

/** Props of {@link BodyView}. */
export interface BodyViewProps {
  body: string;
  contentType: string | null;
  /** Why there is no body, shown when `body` is empty. */
  emptyNote: string;
}

/**
 * The `[data-testid=result-body]` block. It scrolls past its max height, so
 * it takes focus (tabIndex 0): keyboard users scroll it with the arrows.
 */
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
    return (
      <pre class="body" data-testid="result-body" tabIndex={0}>
        <Chunked text={body} />
      </pre>
    );
  }
  if (body.length > COLOUR_MAX) {
    return (
      <pre
        class="body"
        data-testid="result-body"
        data-json="true"
        tabIndex={0}
      >
        <Chunked text={tokensText(tokens)} />
      </pre>
    );
  }
  return <JsonPre tokens={tokens} />;
}

/**
 * Characters of a long text body per piece. Chromium lays out a body's
 * text as one inline run: a 1.85 MB JSON body (3.3 MB pretty-printed)
 * took 4-8 s before its first frame, nearly all of it one layout task.
 * Cut into pieces of whole lines, each a block that is laid out only when
 * it nears the view (`content-visibility: auto`), the same body showed in
 * 0.9 s (the rest is reading and pretty-printing it), and 2 MB of plain
 * text in 0.19 s where it took 0.5 s. Measured in Chromium, median of five:
 * pieces as separate text nodes without the blocks gained nothing, blocks
 * without `content-visibility` about a third; 4,000 characters a piece
 * was slower than 16,000, and 64,000 no faster.
 */
export const BODY_CHUNK = 16_000;

/**
 * Characters past which a body is cut into pieces. A piece not laid out
 * is not rendered, so an element's `innerText` leaves it out (Chromium:
 * its `textContent` and a copy of a selection still hold it): under this
 * size, one text node, whose `innerText` is the whole body, as it always
 * was; its layout takes well under a second here.
 */
export const PIECES_FROM = COLOUR_MAX;

/** A line feed as a JSX child (a literal one there is white space JSX drops). */
const LINE_FEED = "\n";

/**
 * `text` as the children of a body's `<pre>`: as it is, or past
 * {@link PIECES_FROM} characters in pieces of {@link BODY_CHUNK} (`.body-chunk`) whose text
 * joined is the text, so the block's `textContent` (what copying and the
 * black-box checks read) stays exactly the body. Each piece's height
 * before its layout is its line count (`--lines`), so the scrollbar is
 * about right from the start.
 */
function Chunked({ text }: { text: string }) {
  const chunks = useMemo(
    () =>
      text.length <= PIECES_FROM ? null : textChunks(text, BODY_CHUNK).map((
        c,
      ) => ({ text: c, lines: Math.max(1, c.split("\n").length - 1) })),
    [text],
  );
  if (!chunks) return <>{text}</>;
  return (
    <>
      {chunks.map((c, i) => (
        <span key={i} class="body-chunk" style={{ "--lines": c.lines }}>
          {c.text.endsWith("\n")
            ? (
              <>
                {c.text.slice(0, -1)}
                {
                  /* The piece's own line feed is in textContent; innerText
                and a copy take the block's end for it, not both (an empty
                line at each piece). */
                }
                <span class="body-nl">{LINE_FEED}</span>
              </>
            )
            : c.text}
        </span>
      ))}
    </>
  );
}

function JsonPre({ tokens }: { tokens: Token[] }) {
  const ref = useRef<HTMLPreElement>(null);
  useLayoutEffect(() => {
    const frag = document.createDocumentFragment();
    let plain = "";
    for (const t of tokens) {
      if (t.kind === "space" || t.kind === "punct") {
        plain += t.text;
        continue;
      }
      if (plain) frag.append(plain);
      plain = "";
      const span = document.createElement("span");
      span.className = `j-${t.kind}`;
      span.textContent = t.text;
      frag.append(span);
    }
    if (plain) frag.append(plain);
    ref.current?.replaceChildren(frag);
  }, [tokens]);
  return (
    <pre
      ref={ref}
      class="body json"
      data-testid="result-body"
      data-json="true"
      tabIndex={0}
    />
  );
}
