/**
 * The three ways in: a file picker, a drop anywhere on the page, and a paste
 * box. All of them hand the input to the worker; nothing is uploaded.
 */
import { useRef, useState } from "preact/hooks";
import { formatBytes } from "../../lib/shared/format.ts";
import { utf8Length } from "../../lib/shared/utf8_length.ts";
import { BOX_LIMIT, largePaste } from "../shared/large_paste.ts";
import { usePageDrop } from "../shared/use_page_drop.ts";
import { useEarlyFile, useEarlyText } from "../shared/early_input.ts";
import { ExportHelp } from "./ExportHelp.tsx";

/** Props of {@link InputBar}. */
export interface InputBarProps {
  /** True once a file is shown: the bar becomes one compact row. */
  compact: boolean;
  onFile(file: File): void;
  onPaste(text: string): void;
}

const PASTE_DELAY = 120;

/** File picker, paste box and the page-wide drop target. */
export function InputBar({ compact, onFile, onPaste }: InputBarProps) {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const box = useRef<HTMLTextAreaElement>(null);
  /** What the box says when pasted text too long for it is shown. */
  const [note, setNote] = useState("");
  // A file replaces what was pasted: empty the box so it does not claim
  // to be what is shown.
  const openFile = (file: File) => {
    clearTimeout(timer.current);
    if (box.current) box.current.value = "";
    setNote("");
    onFile(file);
  };
  /** Text past the box's limit: read at once, never kept in the box. */
  const takeLarge = (text: string) => {
    clearTimeout(timer.current);
    if (box.current) box.current.value = "";
    setNote(
      // Said in bytes, as a file's size is: its UTF-8 length, which is
      // more than its characters when it holds any beyond ASCII.
      `Showing pasted JSON (${
        formatBytes(utf8Length(text))
      }). Paste here to replace it.`,
    );
    cb.current.onPaste(text);
  };
  const cb = useRef({ onPaste });
  cb.current = { onPaste };
  const dragging = usePageDrop({ onFile: openFile });
  const picker = useRef<HTMLInputElement>(null);
  useEarlyText(box, (text) => cb.current.onPaste(text));
  useEarlyFile(picker, openFile);

  const onInput = (e: Event) => {
    const text = (e.currentTarget as HTMLTextAreaElement).value;
    if (text.length > BOX_LIMIT) return takeLarge(text);
    setNote("");
    clearTimeout(timer.current);
    timer.current = setTimeout(() => cb.current.onPaste(text), PASTE_DELAY);
  };

  return (
    <div class={compact ? "har-input compact" : "har-input"}>
      {!compact && (
        <div class="har-drop-hint">
          <p class="har-drop-title">Drop a .har file anywhere on this page</p>
          <p class="muted">
            or choose one, or paste its JSON below. The file is read in this
            tab; nothing is uploaded.
          </p>
        </div>
      )}
      <div class="har-input-row">
        <label class="button primary har-file-label">
          <input
            ref={picker}
            type="file"
            class="visually-hidden"
            data-testid="har-file"
            accept=".har,.json,.gz,.zhar,.zip,application/json,application/gzip,application/zip"
            onChange={(e) => {
              const input = e.currentTarget as HTMLInputElement;
              const file = input.files?.[0];
              if (file) openFile(file);
              input.value = ""; // picking the same file again reloads it
            }}
          />
          {compact ? "Open another file…" : "Choose a HAR file…"}
        </label>
        <label class="har-paste">
          <span class="visually-hidden">Paste HAR JSON</span>
          <textarea
            ref={box}
            data-testid="har-input"
            rows={compact ? 1 : 4}
            spellcheck={false}
            autocomplete="off"
            placeholder={note || "…or paste HAR JSON here"}
            onPaste={largePaste(BOX_LIMIT, takeLarge)}
            onInput={onInput}
          />
        </label>
      </div>
      {!compact && <ExportHelp />}
      {dragging && (
        <div class="har-drop-overlay" aria-hidden="true">
          <p>Drop to open the HAR file</p>
        </div>
      )}
    </div>
  );
}
