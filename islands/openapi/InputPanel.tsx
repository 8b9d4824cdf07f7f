import type { Ref } from "preact";
import { useRef } from "preact/hooks";
import { useEarlyFile, useEarlyText } from "../shared/early_input.ts";
import { BOX_LIMIT, largePaste } from "../shared/large_paste.ts";

/** Props of {@link InputPanel}. */
export interface InputPanelProps {
  textareaRef: Ref<HTMLTextAreaElement>;
  /** A spec is shown: the paste box shrinks to make room for the list. */
  compact: boolean;
  /** Name and size of a loaded file not copied into the paste box. */
  fileNote: string;
  onInput: (text: string) => void;
  onFile: (file: File) => void;
  onExample: () => void;
  onClear: () => void;
  /**
   * The pointer came to the file button, or the focus to it or to the
   * paste box: a file or text is likely to come.
   */
  onIntent: () => void;
  exampleBusy: boolean;
}

/**
 * Paste box, file picker, example and clear buttons. Parsing starts on
 * input (debounced by the island); drops are handled page-wide.
 */
export function InputPanel(p: InputPanelProps) {
  const picker = useRef<HTMLInputElement>(null);
  useEarlyText(p.textareaRef, p.onInput);
  useEarlyFile(picker, p.onFile);
  return (
    <div class={"sv-input" + (p.compact ? " is-compact" : "")}>
      <label for="sv-source" class="sv-input-label">
        Paste an OpenAPI 3.x or Swagger 2.0 document (JSON or YAML)
      </label>
      <textarea
        id="sv-source"
        ref={p.textareaRef}
        data-testid="spec-input"
        rows={p.compact ? 3 : 10}
        spellcheck={false}
        autocomplete="off"
        autocapitalize="off"
        placeholder={p.fileNote ||
          'openapi: 3.1.0\ninfo:\n  title: My API\n  version: "1.0"\npaths: …'}
        aria-describedby="sv-input-help"
        onFocus={p.onIntent}
        onPaste={largePaste(BOX_LIMIT, p.onInput)}
        onInput={(ev) =>
          p.onInput((ev.currentTarget as HTMLTextAreaElement).value)}
      />
      <div class="sv-input-actions">
        <label
          class="button sv-file-button"
          onPointerEnter={p.onIntent}
          onFocusIn={p.onIntent}
        >
          <input
            ref={picker}
            type="file"
            class="visually-hidden"
            data-testid="spec-file"
            accept=".json,.yaml,.yml,.txt,application/json,application/yaml,text/yaml,text/plain"
            onChange={(ev) => {
              const input = ev.currentTarget as HTMLInputElement;
              const f = input.files?.[0];
              if (f) p.onFile(f);
              input.value = ""; // picking the same file again reloads it
            }}
          />
          Choose file…
        </label>
        <button
          type="button"
          data-testid="spec-example"
          // Busy, not disabled: a disabled button drops the focus it has
          // to the page (WCAG 2.4.3), and the next Tab starts over at the
          // top. A press meanwhile does nothing.
          onClick={() => {
            if (!p.exampleBusy) p.onExample();
          }}
          aria-disabled={p.exampleBusy ? "true" : undefined}
        >
          {p.exampleBusy ? "Loading example…" : "Try an example"}
        </button>
        <button type="button" data-testid="spec-clear" onClick={p.onClear}>
          Clear
        </button>
        <span id="sv-input-help" class="muted sv-help">
          or drop a file anywhere on the page. Parsed in your browser, never
          uploaded.
        </span>
      </div>
    </div>
  );
}
