/**
 * Non-text contrast on /har (WCAG 1.4.11, 3:1), which axe does not
 * measure: every waterfall phase against the row, legend or table it is
 * drawn on, in each row state; and the keyboard focus ring of the filled
 * (accent) controls against every colour it touches, a neighbour's fill
 * included.
 */
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { BROWSER_TEST, withPage } from "../helpers/browser.ts";
import { applyTheme, contrast, PINNED } from "../helpers/a11y.ts";
import { loaded, openViewer, paste } from "../helpers/har_browser.ts";
import { harDoc } from "../helpers/har_doc.ts";

/** Rows with every phase, so each colour is drawn on plain and striped rows. */
function allPhases(): string {
  const doc = harDoc(
    Array.from({ length: 6 }, (_, k) => ({ at: k * 40, time: 280 })),
  ) as { log: { entries: Record<string, unknown>[] } };
  for (const e of doc.log.entries) {
    e.timings = {
      blocked: 40,
      dns: 40,
      connect: 80,
      ssl: 40,
      send: 40,
      wait: 40,
      receive: 40,
    };
  }
  return JSON.stringify(doc);
}

/** Each phase colour under 3:1 against what it is drawn on, as "where phase: ratio". */
async function lowPhases(page: Page): Promise<string[]> {
  // A row's bar paints its phases as colour stops (bar_paint.ts): each
  // colour is read from a probe painted with it inside the bar.
  const inRows = await page.$$eval(
    "[data-testid=har-row] [data-testid=har-bar]",
    (bars) =>
      bars.flatMap((bar) => {
        const row = bar.closest(".har-row")!;
        const phases = [
          ...(bar as HTMLElement).style.backgroundImage.matchAll(
            /var\(--wf-(\w+)\)/g,
          ),
        ].map((m) => m[1]).filter((p) => p !== "stripes");
        return phases.map((phase) => {
          const probe = bar.appendChild(document.createElement("i"));
          probe.style.backgroundColor = `var(--wf-${phase})`;
          const c = colourOf(getComputedStyle(probe).backgroundColor);
          probe.remove();
          return {
            where: `${row.className} wf-${phase}`,
            fg: [c[0], c[1], c[2]] as [number, number, number],
            bg: paintedColours(row).bg,
          };
        });
      }),
  );
  const found = inRows.concat(
    await page.$$eval(
      ".wf-legend .wf-swatch:not(.wf-line), .har-timing .wf-seg",
      (segs) =>
        segs.flatMap((seg) => {
          const phase = [...seg.classList].find((c) =>
            c.startsWith("wf-") && c !== "wf-seg" && c !== "wf-swatch"
          )!;
          // The bar's unaccounted rest and the striped second count are no
          // phase of their own colour.
          if (phase === "wf-gap" || phase === "wf-twice") return [];
          const row = seg.closest(".har-row, .wf-legend, .har-timing")!;
          const c = colourOf(getComputedStyle(seg).backgroundColor);
          return [{
            where: `${row.className} ${phase}`,
            fg: [c[0], c[1], c[2]] as [number, number, number],
            bg: paintedColours(row).bg,
          }];
        }),
    ),
  );
  assert.ok(found.length > 20, `only ${found.length} phases drawn`);
  const low = new Map<string, number>();
  for (const f of found) {
    const r = contrast(f.fg, f.bg);
    if (r < 3) low.set(f.where, Math.min(r, low.get(f.where) ?? 99));
  }
  return [...low].map(([where, r]) => `${where}: ${r.toFixed(2)}:1`);
}

Deno.test({
  name:
    "a11y /har: every waterfall phase 3:1 against its row (plain, striped, hovered, selected), the legend and the timing table, light and dark",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      await openViewer(page, server.origin);
      await paste(page, allPhases());
      await page.waitForSelector("[data-testid=har-row][data-index='5']");
      await loaded(page);
      const faults: string[] = [];
      for (const t of PINNED) {
        await applyTheme(page, t);
        for (const [selected, hovered] of [[1, 2], [2, 1]]) {
          await page.click(`[data-testid=har-row][data-index='${selected}']`);
          await page.waitForSelector(
            `[data-testid=har-detail][data-index='${selected}']`,
          );
          await page.hover(`[data-testid=har-row][data-index='${hovered}']`);
          faults.push(...(await lowPhases(page)).map((f) => `${t.name}: ${f}`));
        }
      }
      assert.deepEqual([...new Set(faults)], []);
    }),
});

/**
 * What the keyboard focus ring of the focused element touches that is
 * under 3:1 against it: the colour in its offset (the backdrop, or the
 * element's own fill when there is no offset) and any other element's fill
 * its outer edge reaches (a neighbouring pressed chip).
 */
async function ringFaults(page: Page): Promise<string[]> {
  const got = await page.evaluate(() => {
    const el = document.activeElement!.closest("label") ??
      document.activeElement!;
    const s = getComputedStyle(el);
    const ring = colourOf(s.outlineColor);
    const offset = parseFloat(s.outlineOffset);
    const reach = offset + parseFloat(s.outlineWidth);
    const box = el.getBoundingClientRect();
    const near: { what: string; bg: [number, number, number] }[] = [];
    // Inside the ring: the element's fill, or what shows through the offset.
    near.push({
      what: "inside",
      bg: offset > 0
        ? paintedColours(el.parentElement!).bg
        : paintedColours(el).bg,
    });
    near.push({ what: "outside", bg: paintedColours(el.parentElement!).bg });
    for (const other of document.querySelectorAll("body *")) {
      if (other.contains(el) || el.contains(other)) continue;
      const c = colourOf(getComputedStyle(other).backgroundColor);
      if (c[3] === 0) continue;
      const r = other.getBoundingClientRect();
      if (!r.width || !r.height) continue;
      // Touched: its box comes within the ring's outer edge (and a pixel
      // of antialiasing) of the element's.
      if (
        r.left < box.right + reach + 1 && r.right > box.left - reach - 1 &&
        r.top < box.bottom + reach + 1 && r.bottom > box.top - reach - 1
      ) {
        near.push({
          what: a11yPath(other),
          bg: paintedColours(other).bg,
        });
      }
    }
    return {
      name: a11yPath(el),
      style: s.outlineStyle,
      ring: [ring[0], ring[1], ring[2]] as [number, number, number],
      near,
    };
  });
  assert.equal(got.style, "solid", `${got.name} shows no ring`);
  return got.near.flatMap(({ what, bg }) => {
    const r = contrast(got.ring, bg);
    return r < 3 ? [`${got.name} ring on ${what}: ${r.toFixed(2)}:1`] : [];
  });
}

Deno.test({
  name:
    "a11y /har: the focus ring of a filled control stands 3:1 from all it touches (its fill, the page, a pressed chip beside it), light and dark",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      await openViewer(page, server.origin);
      const faults: string[] = [];
      const focusByKey = async (sel: string) => {
        await page.focus(sel);
        await page.keyboard.press("Shift+Tab");
        await page.keyboard.press("Tab"); // a keyboard focus: :focus-visible
      };
      for (const t of PINNED) {
        await applyTheme(page, t);
        // The file picker, a filled button (a label around its input).
        await focusByKey("[data-testid=har-file]");
        faults.push(...(await ringFaults(page)).map((f) => `${t.name}: ${f}`));
      }
      await paste(page, allPhases());
      await loaded(page);
      // Three pressed status chips side by side (every row is a 200: the
      // classes with none still press).
      for (const cls of ["1xx", "2xx", "3xx", "4xx"]) {
        const chip = page.locator(
          `[data-testid=har-status-chip][data-class="${cls}"]`,
        );
        if (await chip.count()) await chip.click();
      }
      for (const t of PINNED) {
        await applyTheme(page, t);
        const pressed = page.locator(
          "[data-testid=har-status-chip][aria-pressed=true]",
        );
        assert.ok(await pressed.count() >= 3);
        const middle = await pressed.nth(1).getAttribute("data-class");
        await focusByKey(
          `[data-testid=har-status-chip][data-class="${middle}"]`,
        );
        faults.push(...(await ringFaults(page)).map((f) => `${t.name}: ${f}`));
      }
      assert.deepEqual([...new Set(faults)], []);
    }),
});
