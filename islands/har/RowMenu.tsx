/**
 * A request row's context menu (`data-testid=har-row-menu`), as DevTools'
 * network panel has one: opened by a right-click on a row, or by the
 * ContextMenu key or Shift+F10 on the list's row. The WAI-ARIA APG menu
 * pattern: focus goes to its first item; Up, Down, Home and End move it
 * (wrapping); Enter or Space copies (or follows the link); Escape closes
 * and gives the focus back to the list, on the row; Tab closes and goes
 * on from the row. An item that cannot apply stays focusable (APG:
 * disabled menu items are focusable) and says why in its title and its
 * description. While it is open its row is marked (`data-menu-open`), as
 * DevTools marks it.
 *
 * "Open in new tab" is a link (`target=_blank`, no opener, no referrer),
 * so the request it sends is the user's own click on it, never one sent
 * by the viewer: last, apart, where the first item a keyboard lands on
 * (Shift+F10, Enter) copies and sends nothing.
 */
import { useEffect, useLayoutEffect, useRef } from "preact/hooks";
import type { RowCopyKind, RowOffers } from "../../lib/har/row_copy.ts";
import type { CopyAllKind } from "../../lib/har/copy_all.ts";
import { openUrl } from "../../lib/shared/open_url.ts";
import { type CommandKind, commandWhat } from "./copy_what.ts";

/** What an item does (its `data-action`). */
export type RowAction =
  | "copy-url"
  | "copy-curl"
  | "copy-fetch"
  | "copy-python"
  | "copy-request-headers"
  | "copy-response-headers"
  | "copy-response"
  | "copy-all-curl"
  | "copy-all-fetch"
  | "open-tab";

/** What a copy item copies: the row's URL, or a text the worker holds. */
export type RowCopyPick = RowCopyKind | "url";

/** A menu item: what it copies, or why it cannot. */
interface Item {
  action: RowAction;
  label: string;
  /** Why it is disabled, or what its copy leaves out; "" when neither. */
  note: string;
  disabled: boolean;
  /** Set: copies this, saying "Copied the {what}". */
  copy?: { pick: RowCopyPick; what: string };
  /** Set: copies all listed rows' commands. */
  all?: CopyAllKind;
  /** Set: a link, to this http(s) URL ("" when disabled). */
  href?: string;
}

/** What the worker offers to copy from the row, or where that is. */
export type OffersState =
  | { offers: RowOffers }
  | { error: string }
  | "loading";

/** The items, in DevTools' order, with separators after these. */
const GROUP_ENDS = new Set<RowAction>([
  "copy-python",
  "copy-response",
  "copy-all-fetch",
]);

/**
 * The menu's items for the worker's offers `state`, the row's `url` and
 * `count` rows listed.
 */
function itemsOf(state: OffersState, url: string, count: number): Item[] {
  const waiting = state === "loading"
    ? "Reading the request…"
    : "error" in state
    ? `The request could not be read: ${state.error}.`
    : "";
  const offers = typeof state === "object" && "offers" in state
    ? state.offers
    : null;
  const fromWorker = (
    action: RowAction,
    label: string,
    kind: RowCopyKind,
    what: (note: string) => string,
  ): Item => {
    if (!offers) return { action, label, note: waiting, disabled: true };
    const { chars, note } = offers[kind];
    return {
      action,
      label,
      note,
      disabled: !chars,
      copy: chars ? { pick: kind, what: what(note) } : undefined,
    };
  };
  const command = (kind: CommandKind) => (note: string) =>
    commandWhat(kind, note);
  const none = count ? "" : "No request is listed.";
  const open = openUrl(url);
  return [
    {
      action: "copy-url",
      label: "Copy URL",
      note: "",
      disabled: false,
      copy: { pick: "url", what: "URL" },
    },
    fromWorker("copy-curl", "Copy as cURL", "curl", command("curl")),
    fromWorker("copy-fetch", "Copy as fetch", "fetch", command("fetch")),
    fromWorker("copy-python", "Copy as Python", "python", command("python")),
    fromWorker(
      "copy-request-headers",
      "Copy request headers",
      "requestHeaders",
      () => "request headers",
    ),
    fromWorker(
      "copy-response-headers",
      "Copy response headers",
      "responseHeaders",
      () => "response headers",
    ),
    fromWorker(
      "copy-response",
      "Copy response",
      "response",
      () => "response body",
    ),
    {
      action: "copy-all-curl",
      label: "Copy all listed as cURL",
      note: none,
      disabled: !count,
      all: "curl",
    },
    {
      action: "copy-all-fetch",
      label: "Copy all listed as fetch",
      note: none,
      disabled: !count,
      all: "fetch",
    },
    {
      action: "open-tab",
      label: "Open in new tab",
      note: open.note,
      disabled: !open.href,
      href: open.href,
    },
  ];
}

/** Props of {@link RowMenu}. */
export interface RowMenuProps {
  /** Entry index in `log.entries` of the row. */
  index: number;
  /** Where it opens (viewport px): the pointer, or under the row. */
  x: number;
  y: number;
  /** The row's whole URL. */
  url: string;
  state: OffersState;
  /** Rows listed (what "Copy all listed" copies). */
  count: number;
  /**
   * Copies the row's URL or its text `pick` (asked of the worker then,
   * within the click), saying "Copied the {what}".
   */
  onCopy(pick: RowCopyPick, what: string): void;
  /** Copies all listed rows' commands (the buttons' copy). */
  onCopyAll(kind: CopyAllKind): void;
  /**
   * Closes the menu; `refocus` gives the keyboard back to the list (on
   * the row, its cursor), where a click elsewhere keeps where it went.
   */
  onClose(refocus: boolean): void;
}

/** The menu, fixed to the viewport. */
export function RowMenu(p: RowMenuProps) {
  const menu = useRef<HTMLDivElement>(null);
  const items = itemsOf(p.state, p.url, p.count);
  const close = useRef(p.onClose);
  close.current = p.onClose;

  // Kept inside the viewport, as a native context menu is.
  useLayoutEffect(() => {
    const el = menu.current;
    if (!el) return;
    const r = el.getBoundingClientRect();
    const left = Math.max(0, Math.min(p.x, innerWidth - r.width));
    const top = p.y + r.height > innerHeight
      ? Math.max(0, innerHeight - r.height)
      : p.y;
    el.style.left = `${left}px`;
    el.style.top = `${top}px`;
  }, [p.x, p.y]);

  // The first item takes the focus when the menu opens (APG menu), in the
  // task that shows it: after the next paint (useEffect), a key pressed
  // in between went to the list under it (Shift+F10 then Down moved the
  // list's cursor).
  useLayoutEffect(() => {
    menu.current?.querySelector<HTMLElement>("[role=menuitem]")?.focus({
      preventScroll: true,
    });
  }, [p.index, p.x, p.y]);

  // Its row is marked while it is open. The attribute is set here, not by
  // the row, whose own renders leave it (it is no prop of theirs); a row
  // the list makes again, in view still, is marked again on the scroll.
  useEffect(() => {
    markRow(p.index);
    return () => {
      for (const el of document.querySelectorAll(`[${MARK}]`)) {
        el.removeAttribute(MARK);
      }
    };
  }, [p.index]);

  // Closes on a press outside, on the window losing focus or changing
  // size, and once its row is scrolled out of the list's view (the
  // virtual list may have removed it).
  useEffect(() => {
    const inside = (t: EventTarget | null) =>
      t instanceof Node && !!menu.current?.contains(t);
    const down = (e: PointerEvent) => {
      if (!inside(e.target)) close.current(false);
    };
    const gone = () => close.current(false);
    const scrolled = (e: Event) => {
      if (inside(e.target)) return;
      if (!rowInView(p.index)) close.current(false);
      else markRow(p.index);
    };
    document.addEventListener("pointerdown", down, true);
    document.addEventListener("scroll", scrolled, true);
    addEventListener("resize", gone);
    addEventListener("blur", gone);
    return () => {
      document.removeEventListener("pointerdown", down, true);
      document.removeEventListener("scroll", scrolled, true);
      removeEventListener("resize", gone);
      removeEventListener("blur", gone);
    };
  }, [p.index]);

  function activate(item: Item) {
    if (item.disabled) return;
    p.onClose(true);
    if (item.copy) p.onCopy(item.copy.pick, item.copy.what);
    else if (item.all) p.onCopyAll(item.all);
  }

  function onKey(e: KeyboardEvent) {
    // The list under it (arrows, Escape closing the detail) and the page's
    // own keys ("/") are not this menu's.
    e.stopPropagation();
    const all = [
      ...(menu.current?.querySelectorAll<HTMLElement>("[role=menuitem]") ??
        []),
    ];
    const at = all.indexOf(document.activeElement as HTMLElement);
    const to = e.key === "ArrowDown"
      ? (at + 1) % all.length
      : e.key === "ArrowUp"
      ? (at - 1 + all.length) % all.length
      : e.key === "Home"
      ? 0
      : e.key === "End"
      ? all.length - 1
      : -1;
    if (to >= 0) {
      e.preventDefault();
      all[to]?.focus();
    } else if (e.key === "Escape") {
      e.preventDefault();
      p.onClose(true);
    } else if (e.key === "Tab") {
      // The focus goes back to the list first, so Tab goes on from there.
      p.onClose(true);
    } else if (
      e.key === " " && document.activeElement instanceof HTMLAnchorElement
    ) {
      // Space follows a link as Enter does (APG menu: either activates);
      // the key press is the user's, so the new tab is not blocked.
      e.preventDefault();
      document.activeElement.click();
    }
  }

  return (
    <div
      ref={menu}
      class="har-row-menu"
      role="menu"
      aria-label="Request actions"
      aria-busy={p.state === "loading" ? "true" : undefined}
      data-testid="har-row-menu"
      data-index={String(p.index)}
      style={`left:${p.x}px;top:${p.y}px`}
      onKeyDown={onKey}
      onContextMenu={(e) => e.preventDefault()}
    >
      {items.map((item) => {
        const label = (
          <>
            {item.label}
            {
              // A title reaches no keyboard or screen reader user.
              item.note && (
                <span class="visually-hidden">{`: ${item.note}`}</span>
              )
            }
          </>
        );
        const common = {
          role: "menuitem" as const,
          tabIndex: -1,
          "data-action": item.action,
          "aria-disabled": item.disabled ? "true" as const : undefined,
          title: item.note || undefined,
          onClick: () => activate(item),
        };
        return [
          item.href === undefined
            ? (
              <button key={item.action} type="button" {...common}>
                {label}
              </button>
            )
            : (
              // No href when disabled: nothing to follow, by any means.
              <a
                key={item.action}
                href={item.href || undefined}
                target={item.href ? "_blank" : undefined}
                rel={item.href ? "noopener noreferrer" : undefined}
                {...common}
              >
                {label}
              </a>
            ),
          GROUP_ENDS.has(item.action) && (
            <div key={`${item.action}-end`} role="separator" />
          ),
        ];
      })}
    </div>
  );
}

/** The attribute marking the row whose menu is open. */
const MARK = "data-menu-open";

/** Marks entry `index`'s row as the one whose menu is open. */
function markRow(index: number): void {
  document.getElementById(`har-row-${index}`)?.setAttribute(MARK, "");
}

/** Whether entry `index`'s row is in the DOM and in the list's view. */
function rowInView(index: number): boolean {
  const row = document.getElementById(`har-row-${index}`);
  const box = row?.closest(".har-scroller");
  if (!row || !box) return false;
  const r = row.getBoundingClientRect();
  const b = box.getBoundingClientRect();
  // The sticky column head covers the scroller's first row height.
  const head = box.querySelector(".har-head")?.getBoundingClientRect()
    .height ?? 0;
  return r.bottom > b.top + head && r.top < b.bottom && r.bottom > 0 &&
    r.top < innerHeight;
}
