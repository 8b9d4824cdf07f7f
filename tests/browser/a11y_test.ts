/**
 * Accessibility of the home page, and the colour maths every `a11y_*` test
 * relies on: axe-core finds no critical or serious violation in any theme
 * case (the system preference and the pinned toggle, light and dark), and
 * focus rings stand out 3:1. The audit itself is `tests/helpers/a11y.ts`.
 */
import assert from "node:assert/strict";
import { BROWSER_TEST, gotoHydrated, withPage } from "../helpers/browser.ts";
import {
  applyTheme,
  auditPage,
  contrast,
  hue,
  hueDistance,
  PINNED,
  type Rgb,
  THEMES,
} from "../helpers/a11y.ts";

Deno.test("a11y maths: contrast and hue follow WCAG 2 on known pairs", () => {
  const ok: [Rgb, Rgb, number][] = [
    [[0, 0, 0], [255, 255, 255], 21],
    [[255, 255, 255], [255, 255, 255], 1],
    [[0x77, 0x77, 0x77], [255, 255, 255], 4.48], // the classic near miss
    [[0x76, 0x76, 0x76], [255, 255, 255], 4.54],
    [[0, 0, 255], [255, 255, 255], 8.59],
    [[255, 0, 0], [0, 0, 0], 5.25],
  ];
  for (const [a, b, want] of ok) {
    assert.ok(Math.abs(contrast(a, b) - want) < 0.01, `${a} on ${b}`);
    assert.equal(contrast(a, b), contrast(b, a));
  }
  assert.equal(hue([255, 0, 0]), 0);
  assert.equal(hue([0, 255, 0]), 120);
  assert.equal(hue([0, 0, 255]), 240);
  assert.equal(hue([128, 128, 128]), null);
  assert.equal(hueDistance(350, 10), 20);
});

Deno.test({
  name: "a11y /: no serious axe violation in light and dark; focus rings 3:1",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      await gotoHydrated(page, server.origin, "/");
      await auditPage(page, "/", { tabRequired: [], themes: THEMES });
      // The focus ring (a non-text contrast, which axe does not measure)
      // stands out 3:1 from what is behind it, on a card's button too.
      for (const t of PINNED) {
        await applyTheme(page, t);
        for (const sel of [".site-header nav a", ".card .button"]) {
          await page.focus(sel);
          await page.keyboard.press("Shift+Tab");
          await page.keyboard.press("Tab"); // a keyboard focus: :focus-visible
          const { ring, behind, style } = await page.$eval(sel, (el) => {
            const s = getComputedStyle(el);
            const c = colourOf(s.outlineColor);
            return {
              ring: [c[0], c[1], c[2]] as [number, number, number],
              behind: paintedColours(el.parentElement!).bg,
              style: s.outlineStyle,
            };
          });
          assert.equal(style, "solid", `${t.name}: ${sel} shows no ring`);
          const ratio = contrast(ring, behind);
          assert.ok(
            ratio >= 3,
            `${t.name}: focus ring of ${sel} ${ring} on ${behind} = ${
              ratio.toFixed(2)
            }:1 < 3:1`,
          );
        }
      }
    }),
});
