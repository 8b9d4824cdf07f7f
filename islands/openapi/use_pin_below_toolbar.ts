/**
 * The open operation's row on a touch screen is pinned at the top of the
 * list (spec.css), and the toolbar at the top of the window: with the page
 * scrolled past the list's top, the toolbar covered the row, and a tap
 * meant to close a long detail met the toolbar. This keeps the row below,
 * and what takes focus in the detail (a keyboard paired with the phone)
 * below the row where it is (WCAG 2.4.11), not a fixed row's height under
 * the list's top, which the pushed row covers.
 */
import type { RefObject } from "preact";
import { useEffect } from "preact/hooks";

/** Where spec.css pins the open row (a screen without hover: touch). */
const PINNED = "(hover: none) and (pointer: coarse)";

/** The list's property spec.css sets the detail's focus scroll margin by. */
const MARGIN = "--sv-pin-margin";

/**
 * While row `selected` of the list `box` is open, sets its pinned line's
 * offset (its sticky `top`) to the part of the list the pinned toolbar
 * covers, at most what leaves the line inside the list; none when the
 * toolbar covers nothing of it. The detail's focus scroll margin is that
 * offset and the line's height, where the line ends.
 */
export function usePinBelowToolbar(
  box: RefObject<HTMLElement>,
  selected: number,
): void {
  useEffect(() => {
    const list = box.current;
    if (selected < 0 || !list || !matchMedia(PINNED).matches) return;
    const bar = list.closest(".sv-browse")?.querySelector(".sv-toolbar");
    if (!bar) return;
    const line = () =>
      list.querySelector<HTMLElement>(".sv-row.is-open > .sv-row-line");
    const place = () => {
      const el = line();
      if (!el) return;
      const covered = bar.getBoundingClientRect().bottom -
        list.getBoundingClientRect().top - list.clientTop;
      const room = list.clientHeight - el.offsetHeight;
      const top = Math.round(Math.max(0, Math.min(covered, room)));
      const value = top ? `${top}px` : "";
      if (el.style.top !== value) el.style.top = value;
      const margin = `${top + el.offsetHeight}px`;
      if (list.style.getPropertyValue(MARGIN) !== margin) {
        list.style.setProperty(MARGIN, margin);
      }
    };
    place();
    addEventListener("scroll", place, { passive: true });
    addEventListener("resize", place);
    return () => {
      removeEventListener("scroll", place);
      removeEventListener("resize", place);
      line()?.style.removeProperty("top");
      list.style.removeProperty(MARGIN);
    };
  }, [selected]);
}
