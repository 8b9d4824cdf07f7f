/**
 * A body preview. Recorded content is never rendered as a document: HTML,
 * scripts and SVG source are shown as text; images are shown from `data:`
 * or `blob:` URLs only (an SVG in an <img> cannot run scripts or fetch).
 */
import { useEffect, useState } from "preact/hooks";
import type { BodyPreview } from "../../lib/har/detail.ts";
import { formatBytes } from "../../lib/shared/format.ts";

/** Image types a browser shows in <img>; anything else stays binary. */
const IMAGE_TYPES =
  /^image\/(png|jpe?g|gif|webp|avif|bmp|x-icon|vnd\.microsoft\.icon|svg\+xml)$/;

function SvgImage({ svg }: { svg: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    const url = URL.createObjectURL(new Blob([svg], { type: "image/svg+xml" }));
    setSrc(url);
    return () => URL.revokeObjectURL(url);
  }, [svg]);
  return src
    ? <img class="har-img" src={src} alt="SVG response preview" />
    : null;
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
      <p class="muted">
        Binary content ({body.mime.slice(0, 100) || "unknown type"},{" "}
        {formatBytes(body.size)}), not shown.
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
    return (
      <div class="har-img-wrap">
        {body.svg !== undefined ? <SvgImage svg={body.svg} /> : (
          <img
            class="har-img"
            src={`data:${body.mime};base64,${body.base64}`}
            alt={`${body.mime} response preview`}
          />
        )}
      </div>
    );
  }
  return (
    <>
      {body.truncated && (
        <p class="muted">
          Showing the first {formatBytes(body.text.length)} of{" "}
          {formatBytes(body.size)}.
        </p>
      )}
      <pre
        class={`har-body har-body-${body.kind}`}
        tabIndex={0}
      >{body.text}</pre>
    </>
  );
}
