import type { Ref } from "preact";
import { BOX_LIMIT, largePaste } from "../shared/large_paste.ts";
import { useRef, useState } from "preact/hooks";
import type { Side } from "../../lib/openapi/compare/types.ts";
import { formatBytes } from "../../lib/shared/format.ts";
import { visibleText } from "../../lib/shared/visible_text.ts";
import { SpecErrorBox } from "../shared/SpecErrorBox.tsx";
import { Warnings } from "../shared/Warnings.tsx";
import { editable, hasFiles } from "../shared/use_page_drop.ts";
import { useEarlyFile, useEarlyText } from "../shared/early_input.ts";
import type { SideState } from "./use_compare.ts";

/** Props of {@link SidePanel}. */
export interface SidePanelProps {
  side: Side;
  state: SideState;
  boxRef: Ref<HTMLTextAreaElement>;
  /** A note in place of a text too large for the paste box, else "". */
  note: string;
  /** Files are being dragged over the page: show where they can go. */
  dragging: boolean;
  onInput: (text: string) => void;
  onFile: (file: File) => void;
  /** Text dropped on the area outside the paste box. */
  onText: (text: string) => void;
  onClear: () => void;
  /** Selects the rejected position in the paste box. */
  onLocate?: () => void;
  /** Marks a drop as taken here, so the page-wide target leaves it. */
  onDropTaken: () => void;
}

const TITLES: Record<Side, [string, string]> = {
  base: ["Base", "the version clients were written against"],
  revision: ["Revision", "the new version"],
};

/**
 * One input: paste box, file picker, and a drop target covering the whole
 * area (a file dropped here fills this side). What was read is summed up
 * below it, or the rejection, located as the spec viewer locates it.
 */
export function SidePanel(p: SidePanelProps) {
  const [title, hint] = TITLES[p.side];
  const [over, setOver] = useState(false);
  const depth = useRef(0);
  const picker = useRef<HTMLInputElement>(null);
  useEarlyText(p.boxRef, p.onInput);
  useEarlyFile(picker, p.onFile);
  const s = p.state;
  const id = `cmp-${p.side}`;
  return (
    <section
      class={"cmp-side" + (p.dragging ? " is-drop" : "") +
        (over ? " is-over" : "")}
      data-side={p.side}
      data-status={s.status}
      data-testid={`compare-${p.side}`}
      aria-labelledby={`${id}-h`}
      onDragEnter={(ev) => {
        if (!hasFiles(ev)) return;
        depth.current++;
        setOver(true);
      }}
      onDragLeave={() => {
        depth.current = Math.max(0, depth.current - 1);
        if (!depth.current) setOver(false);
      }}
      onDrop={(ev) => {
        depth.current = 0;
        setOver(false);
        const dt = ev.dataTransfer;
        if (!dt) return;
        const file = dt.files?.[0];
        if (file) {
          ev.preventDefault();
          p.onDropTaken();
          p.onFile(file);
        } else if (!editable(ev.target) && dt.types.includes("text/plain")) {
          ev.preventDefault();
          p.onDropTaken();
          p.onText(dt.getData("text/plain"));
        }
      }}
    >
      <h2 id={`${id}-h`} class="cmp-side-title">
        {title} <span class="muted cmp-side-hint">({hint})</span>
      </h2>
      <label for={`${id}-input`} class="cmp-input-label">
        Paste the {p.side} document (OpenAPI 3.x or Swagger 2.0, JSON or YAML)
      </label>
      <textarea
        id={`${id}-input`}
        ref={p.boxRef}
        data-testid={`compare-${p.side}-input`}
        rows={6}
        spellcheck={false}
        autocomplete="off"
        autocapitalize="off"
        placeholder={p.note || "openapi: 3.1.0\ninfo: …"}
        aria-describedby={`${id}-read`}
        onPaste={largePaste(BOX_LIMIT, p.onInput)}
        onInput={(ev) =>
          p.onInput((ev.currentTarget as HTMLTextAreaElement).value)}
      />
      <div class="cmp-side-actions">
        <label class="button cmp-file-button">
          <input
            ref={picker}
            type="file"
            class="visually-hidden"
            data-testid={`compare-${p.side}-file`}
            accept=".json,.yaml,.yml,.txt,application/json,application/yaml,text/yaml,text/plain"
            onChange={(ev) => {
              const input = ev.currentTarget as HTMLInputElement;
              const f = input.files?.[0];
              if (f) p.onFile(f);
              input.value = ""; // picking the same file again reads it again
            }}
          />
          Choose {p.side} file…
        </label>
        <button
          type="button"
          data-testid={`compare-${p.side}-clear`}
          onClick={() => {
            // The button is disabled once the side is empty, which would
            // drop its focus to the page (WCAG 2.4.3): the focus goes to
            // the paste box, where the next document comes.
            document.getElementById(`${id}-input`)?.focus();
            p.onClear();
          }}
          disabled={s.status === "empty"}
        >
          Clear
        </button>
        <span class="muted cmp-drop-hint">
          {over ? `Drop to use as the ${p.side}` : "or drop a file here"}
        </span>
      </div>
      <p
        id={`${id}-read`}
        class="cmp-side-read"
        data-testid={`compare-${p.side}-read`}
        data-ms={s.status === "ok" ? s.ms.toFixed(1) : undefined}
      >
        {readLine(s)}
      </p>
      {s.status === "ok" && (
        <Warnings
          list={s.warnings}
          checked
          works="it is compared as read"
          testid="compare-warnings"
          side={p.side}
        />
      )}
      {s.error && (
        <div
          class="cmp-error"
          data-testid="compare-error"
          data-side={p.side}
          data-kind={s.error.kind}
        >
          <p class="cmp-error-side">
            The {p.side} document was rejected:
          </p>
          <SpecErrorBox error={s.error} onLocate={p.onLocate} testid="" />
        </div>
      )}
    </section>
  );
}

/** One sentence on what a side holds. */
function readLine(s: SideState): string {
  const size = s.bytes ? ` (${formatBytes(s.bytes)})` : "";
  switch (s.status) {
    case "empty":
      return "Nothing given yet.";
    case "parsing":
      return `Reading ${s.name}${size}…`;
    case "error":
      return `${s.name || "The input"}${size} could not be read.`;
    case "ok": {
      const i = s.info!;
      const n = s.operations;
      return visibleText(
        `${
          i.title || "(untitled)"
        } ${i.version} · ${i.format} · ${n} operation${
          n === 1 ? "" : "s"
        } · ${s.name}${size}`,
      );
    }
  }
}
