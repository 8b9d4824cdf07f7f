/**
 * A paste as a person makes it (the clipboard, then Control+V) into a
 * textarea, with the longest value the box held meanwhile: a synthetic
 * input event skips what a paste costs, the box's layout of every line.
 */
import type { Page } from "playwright-core";

/**
 * Fills `box` with `before + selected + after`, selects `selected`, pastes
 * `text` over it and resolves to a probe of the longest value any input
 * event saw from then on. The page's context needs clipboard permissions
 * (`withPage(..., { clipboard: true })`).
 */
export async function realPaste(
  page: Page,
  box: string,
  text: string,
  around: { before?: string; selected?: string; after?: string } = {},
): Promise<() => Promise<number>> {
  const { before = "", selected = "", after = "" } = around;
  await page.fill(box, before + selected + after);
  await page.evaluate(
    ([sel, from, to]) => {
      const ta = document.querySelector<HTMLTextAreaElement>(sel)!;
      const w = globalThis as unknown as { __longestInput: number };
      w.__longestInput = 0;
      ta.addEventListener("input", () => {
        w.__longestInput = Math.max(w.__longestInput, ta.value.length);
      }, { capture: true });
      ta.focus();
      ta.setSelectionRange(from, to);
    },
    [box, before.length, before.length + selected.length] as const,
  );
  await page.evaluate((t) => navigator.clipboard.writeText(t), text);
  await page.keyboard.press("Control+V");
  return () =>
    page.evaluate(() =>
      (globalThis as unknown as { __longestInput: number }).__longestInput
    );
}
