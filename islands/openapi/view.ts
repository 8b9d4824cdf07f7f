/**
 * Small view helpers of the SpecViewer island: filter edits from chips,
 * the row height of the current viewport, and the "Try an example" loader.
 */
import { useEffect, useState } from "preact/hooks";
import { closedTokens, compileFilter } from "../../lib/openapi/filter.ts";
import { foldText } from "../../lib/shared/fold.ts";

/** What a filter token means, to tell two spellings of one term apart. */
function termKey(token: string): string {
  const tag = compileFilter(token).tags[0];
  return tag === undefined ? foldText(token) : `\0${tag}`;
}

/**
 * Toggles `term` (a method name, or a tag's {@link tagTerm}) in the filter
 * text: removes it when present (in any case or quoting), appends it
 * otherwise.
 */
export function withTerm(filter: string, term: string): string {
  // A quote left open would take in the term appended after it.
  const tokens = closedTokens(filter);
  const key = termKey(term);
  const kept = tokens.filter((t) => termKey(t) !== key);
  return (kept.length === tokens.length ? [...tokens, term] : kept).join(" ");
}

/** Row heights; keep in sync with `.sv-row` in static/spec.css. */
export const ROW_HEIGHT = { wide: 40, narrow: 64 };
const NARROW = "(max-width: 640px)";

/** Fixed row height for the virtualised list, per viewport width. */
export function useRowHeight(): number {
  const [h, setH] = useState(ROW_HEIGHT.wide);
  useEffect(() => {
    const mq = matchMedia(NARROW);
    const set = () => setH(mq.matches ? ROW_HEIGHT.narrow : ROW_HEIGHT.wide);
    set();
    mq.addEventListener("change", set);
    return () => mq.removeEventListener("change", set);
  }, []);
  return h;
}

/**
 * Loads the same-origin example spec (the debug API's own OpenAPI
 * description). A failure is reported beside the button, not as a rejected
 * spec: nothing was parsed.
 */
export function useExample(
  url: string,
  load: (text: string, name: string) => void,
  acts: () => number,
) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  return {
    busy,
    error,
    async load() {
      setBusy(true);
      setError("");
      // A file picked, a paste or a Clear while the example comes wins:
      // the example, come late, is dropped rather than replace it.
      const at = acts();
      try {
        const res = await fetch(url, {
          headers: { accept: "application/json" },
        });
        if (!res.ok) {
          await res.body?.cancel();
          throw new Error(`the server answered HTTP ${res.status}`);
        }
        const name = url.slice(url.lastIndexOf("/") + 1) || "example";
        const text = await res.text();
        if (acts() === at) load(text, name);
      } catch (err) {
        // Its failure is news only while nothing else was given since.
        if (acts() === at) {
          setError(
            `Could not load the example from ${url}: ${
              (err as Error).message
            }.`,
          );
        }
      } finally {
        setBusy(false);
      }
    },
  };
}

/** Selects line/column in the paste box, so the user sees the mistake. */
export function selectAt(
  ta: HTMLTextAreaElement,
  line: number,
  column: number,
) {
  const lines = ta.value.split("\n", line);
  const offset =
    lines.slice(0, line - 1).reduce((n, l) => n + l.length + 1, 0) + column - 1;
  ta.focus();
  ta.setSelectionRange(offset, Math.min(ta.value.length, offset + 1));
}
