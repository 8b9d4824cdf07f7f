/**
 * A body preview. Recorded content is never rendered as a document: HTML,
 * scripts and SVG source are shown as text; images are shown from `data:`
 * URLs only (an SVG in an <img> cannot run scripts or fetch).
 */
import { useEffect, useMemo, useRef, useState } from "preact/hooks";
import type { BodyPreview } from "../../lib/har/detail.ts";
import { formatBytes } from "../../lib/shared/format.ts";
import { bytesBase64 } from "../../lib/shared/base64.ts";
import { JsonTree } from "../shared/JsonTree.tsx";
import { LongText } from "./LongText.tsx";
import {
  parseKeepingNumbers,
  spelledOtherwise,
} from "../../lib/shared/raw_numbers.ts";

/** Image types a browser shows in <img>; anything else stays binary. */
const IMAGE_TYPES =
  /^image\/(png|jpe?g|gif|webp|avif|bmp|x-icon|vnd\.microsoft\.icon|svg\+xml)$/;

/**
 * A recorded SVG drawn as an image: inert inside `<img>`. A `data:` URL,
 * not an object URL: a `blob:` URL carries this page's origin, so the
 * picture opened in a tab of its own ("Open image in new tab") would run
 * the SVG's scripts here, outside the page's CSP; Chromium opens no
 * `data:` URL as a page.
 */
function SvgImage({ svg }: { svg: string }) {
  const src = useMemo(
    () =>
      `data:image/svg+xml;base64,${bytesBase64(new TextEncoder().encode(svg))}`,
    [svg],
  );
  return <img class="har-img" src={src} alt="SVG response preview" />;
}

/**
 * A recorded image from its base64; when the browser cannot draw it (the
 * bytes are not of the type recorded), says so instead of a broken icon.
 */
function Picture({ mime, base64 }: { mime: string; base64: string }) {
  const [broken, setBroken] = useState(false);
  const img = useRef<HTMLImageElement>(null);
  useEffect(() => {
    setBroken(false);
    // A data: URL may fail before the error listener is attached: a
    // finished image without a width failed too.
    const el = img.current;
    if (el?.complete && el.naturalWidth === 0) setBroken(true);
  }, [base64]);
  if (broken) {
    return (
      <p class="muted" data-testid="har-image-broken">
        The browser could not draw this {mime.slice(0, 100)}{" "}
        image: its recorded bytes are not one.
      </p>
    );
  }
  return (
    <div class="har-img-wrap">
      <img
        class="har-img"
        src={`data:${mime};base64,${base64}`}
        alt={`${mime} response preview`}
        ref={img}
        onError={() => setBroken(true)}
      />
    </div>
  );
}

/**
 * Shows one body; `onSave` saves it whole (the preview stops at 200 kB, and
 * binary or unpreviewable content is not shown at all).
 */
export function BodyView(
  { body, onSave, side = "response" }: {
    body: BodyPreview;
    onSave?: () => void;
    /** Which body it is, for the button's name. */
    side?: "request" | "response";
  },
) {
  if (body.kind === "none") return <p class="muted">{body.reason}</p>;
  return (
    <>
      <BodyPreviewView body={body} />
      {onSave && (
        <button
          type="button"
          class="har-save-body"
          data-testid="har-save-body"
          onClick={onSave}
        >
          Save {side} body
        </button>
      )}
    </>
  );
}

function BodyPreviewView({ body }: { body: BodyPreview }) {
  if (body.kind === "none") return null;
  if (body.kind === "binary") {
    return (
      <p class="muted" data-testid="har-body-binary">
        Binary content ({body.mime.slice(0, 100) || "unknown type"},{" "}
        {formatBytes(body.size)}), not shown{body.note ? `: ${body.note}` : ""}.
      </p>
    );
  }
  if (body.kind === "image") {
    if (!IMAGE_TYPES.test(body.mime)) {
      return (
        <p class="muted">
          Image of type {body.mime.slice(0, 100)}: no preview.
        </p>
      );
    }
    return body.svg !== undefined
      ? (
        <>
          <div class="har-img-wrap">
            <SvgImage svg={body.svg} />
          </div>
          <details class="har-svg-source">
            <summary>SVG source</summary>
            <pre class="har-body har-body-text" tabIndex={0}>{body.svg}</pre>
          </details>
        </>
      )
      : <Picture mime={body.mime} base64={body.base64 ?? ""} />;
  }
  if (body.kind === "json" && !body.truncated) {
    return <JsonBody text={body.text} />;
  }
  return (
    <>
      {body.truncated && (
        <p class="muted">
          Showing the first {formatBytes(body.shown ?? 0)} of{" "}
          {formatBytes(body.size)}.
        </p>
      )}
      <LongText
        text={body.text}
        class={`har-body har-body-${body.kind}`}
        preview={body.truncated}
      />
    </>
  );
}

/**
 * Characters of a body whose numbers the tree shows as recorded: a reviver
 * costs three times the plain parse (178 against 55 ms for 3 MB).
 */
const TREE_EXACT_CHARS = 500_000;

/**
 * A whole JSON body, as text or (DevTools' Preview) as a tree that folds;
 * the text first, which find-in-page searches.
 */
function JsonBody({ text }: { text: string }) {
  const [asked, setTree] = useState(false);
  const value = useMemo(() => {
    if (!asked) return undefined;
    try {
      // Numbers as recorded, as the text shows them (`1.50`, 20 digits);
      // past the reviver's depth or a size where it would take a while, as
      // JSON.parse reads them.
      if (text.length <= TREE_EXACT_CHARS) {
        try {
          return { v: parseKeepingNumbers(text, spelledOtherwise) };
        } catch (err) {
          if (!(err instanceof RangeError)) throw err;
        }
      }
      return { v: JSON.parse(text) as unknown };
    } catch {
      return null; // previewed as JSON, so not expected: the text stays
    }
  }, [asked, text]);
  const tree = asked && !!value;
  return (
    <>
      <div class="har-body-views" role="group" aria-label="Show the body as">
        <button
          type="button"
          class="chip"
          aria-pressed={!tree}
          onClick={() => setTree(false)}
        >
          Text
        </button>
        <button
          type="button"
          class="chip"
          aria-pressed={tree}
          data-testid="har-body-tree-toggle"
          onClick={() => setTree(true)}
        >
          Tree
        </button>
      </div>
      {value
        ? (
          <div class="har-body har-body-tree" tabIndex={-1}>
            <JsonTree value={value.v} label="Body" testid="har-body-tree" />
          </div>
        )
        : <LongText text={text} class="har-body har-body-json" />}
    </>
  );
}
