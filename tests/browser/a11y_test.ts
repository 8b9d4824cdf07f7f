/**
 * Accessibility of every page with real content on it, in the light and the
 * dark theme: axe-core finds no critical or serious violation, every method
 * badge keeps a WCAG 2 contrast of at least 4.5:1 with distinct hues, and
 * Tab reaches every region that scrolls (axe only checks that such a region
 * holds something focusable, not that the keyboard gets there).
 *
 * The theme is set both ways a person sets it: the system preference
 * (`prefers-color-scheme`, emulated) with the toggle on "auto", and the
 * toggle pinning the opposite of the system preference. Both only switch
 * `color-scheme`, which every colour follows through `light-dark()`; `/`
 * is audited all four ways (and the two ways must paint alike), the other
 * pages with the toggle pinned light and dark.
 */
import { corpusDir, SKIPPED } from "../helpers/corpus.ts";
import assert from "node:assert/strict";
import axeCore from "axe-core";
import type { Page } from "playwright-core";
import { BROWSER_TEST, gotoHydrated, withPage } from "../helpers/browser.ts";
import { paste } from "../helpers/har_browser.ts";

const SPEC_FIX = new URL("../fixtures/spec/", import.meta.url);
const HAR_FIX = new URL("../fixtures/har/", import.meta.url);

// ---------------------------------------------------------------------------
// Colour maths (WCAG 2.x, "relative luminance" and "contrast ratio").

/** An sRGB colour, channels 0..255. */
export type Rgb = readonly [number, number, number];

/** WCAG 2 relative luminance of an sRGB colour. */
export function luminance([r, g, b]: Rgb): number {
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** WCAG 2 contrast ratio of two opaque colours, 1..21. */
export function contrast(a: Rgb, b: Rgb): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** Hue in degrees (HSL), or null for a grey. */
export function hue([r, g, b]: Rgb): number | null {
  const max = Math.max(r, g, b), min = Math.min(r, g, b);
  const d = max - min;
  if (d < 24) return null;
  let h = max === r
    ? ((g - b) / d) % 6
    : max === g
    ? (b - r) / d + 2
    : (r - g) / d + 4;
  h *= 60;
  return h < 0 ? h + 360 : h;
}

/** Smallest angle between two hues. */
function hueDistance(a: number, b: number): number {
  const d = Math.abs(a - b) % 360;
  return d > 180 ? 360 - d : d;
}

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

// ---------------------------------------------------------------------------
// Themes.

type Scheme = "light" | "dark";

/** One way of showing a theme: the system preference, maybe a pinned toggle. */
interface ThemeCase {
  name: string;
  theme: Scheme;
  system: Scheme;
  toggle: "auto" | Scheme;
}

const THEMES: ThemeCase[] = [
  { name: "light (system)", theme: "light", system: "light", toggle: "auto" },
  { name: "dark (system)", theme: "dark", system: "dark", toggle: "auto" },
  {
    name: "light (toggle, system dark)",
    theme: "light",
    system: "dark",
    toggle: "light",
  },
  {
    name: "dark (toggle, system light)",
    theme: "dark",
    system: "light",
    toggle: "dark",
  },
];

/** The toggle pinned light and dark, each against the other system theme. */
const PINNED = THEMES.filter((t) => t.toggle !== "auto");

/**
 * Puts the page in `t`: emulates the system preference, clicks the theme
 * toggle until it shows the wanted choice, and checks that the page really
 * is light or dark (the body's background luminance).
 */
async function applyTheme(page: Page, t: ThemeCase): Promise<void> {
  await ensureHelpers(page);
  await page.emulateMedia({ colorScheme: t.system });
  const toggle = page.locator("[data-testid=theme-toggle]");
  for (let i = 0; i < 3; i++) {
    if (await toggle.getAttribute("data-theme-choice") === t.toggle) break;
    await toggle.click();
  }
  assert.equal(await toggle.getAttribute("data-theme-choice"), t.toggle);
  const bg = await page.evaluate(() =>
    colourOf(getComputedStyle(document.body).backgroundColor)
  );
  const l = luminance([bg[0], bg[1], bg[2]]);
  assert.ok(
    t.theme === "dark" ? l < 0.05 : l > 0.8,
    `${t.name}: body background ${bg} is not ${t.theme}`,
  );
}

// ---------------------------------------------------------------------------
// In-page helpers, installed once per document (page.evaluate bypasses the
// page's Content-Security-Policy, which forbids inline scripts).

declare global {
  /** CSS colour to [r, g, b, a] (0..255, alpha 0..1), any syntax. */
  function colourOf(css: string): [number, number, number, number];
  /** Text and background of `el` as painted, opaque, after opacity. */
  function paintedColours(
    el: Element,
  ): { fg: [number, number, number]; bg: [number, number, number] };
  /** A short CSS path naming `el`, for messages. */
  function a11yPath(el: Element): string;
  /** axe-core, as its `source` defines it in the page. */
  var axe: typeof axeCore;
}

function installHelpers(): void {
  const canvas = document.createElement("canvas");
  canvas.width = canvas.height = 1;
  const ctx = canvas.getContext("2d", { willReadFrequently: true })!;
  globalThis.colourOf = (css) => {
    ctx.clearRect(0, 0, 1, 1);
    ctx.fillStyle = "#000";
    ctx.fillStyle = css;
    ctx.fillRect(0, 0, 1, 1);
    const [r, g, b, a] = ctx.getImageData(0, 0, 1, 1).data;
    return [r, g, b, a / 255];
  };
  type C = [number, number, number];
  const over = (top: [number, number, number, number], under: C): C =>
    [0, 1, 2].map((i) => top[i] * top[3] + under[i] * (1 - top[3])) as C;
  const mix = (o: number, inner: C, back: C): C =>
    [0, 1, 2].map((i) => inner[i] * o + back[i] * (1 - o)) as C;
  globalThis.paintedColours = (el) => {
    const chain: Element[] = [];
    for (let e: Element | null = el; e; e = e.parentElement) chain.unshift(e);
    // backdrop[i]: what lies under chain[i], in its parent's group; an
    // element's opacity then blends everything inside it with that.
    const backdrop: C[] = [];
    const opacity: number[] = [];
    let under: C = [255, 255, 255];
    for (const e of chain) {
      const s = getComputedStyle(e);
      backdrop.push(under);
      opacity.push(Number(s.opacity));
      under = over(colourOf(s.backgroundColor), under);
    }
    let fg = over(colourOf(getComputedStyle(el).color), under);
    let bg = under;
    for (let i = chain.length - 1; i >= 0; i--) {
      fg = mix(opacity[i], fg, backdrop[i]);
      bg = mix(opacity[i], bg, backdrop[i]);
    }
    return { fg, bg };
  };
  globalThis.a11yPath = (el) => {
    const parts: string[] = [];
    for (
      let e: Element | null = el;
      e && parts.length < 4;
      e = e.parentElement
    ) {
      const id = e.getAttribute("data-testid");
      parts.unshift(
        e.tagName.toLowerCase() +
          (id ? `[data-testid=${id}]` : "") +
          (e.classList.length ? "." + [...e.classList].join(".") : ""),
      );
      if (id) break;
    }
    return parts.join(" > ");
  };
}

async function ensureHelpers(page: Page): Promise<void> {
  if (await page.evaluate(() => typeof globalThis.colourOf === "function")) {
    return;
  }
  await page.evaluate(installHelpers);
  await page.evaluate(axeCore.source);
}

// ---------------------------------------------------------------------------
// axe.

/** One rule's failure, reduced to what a reader needs to fix it. */
interface Violation {
  id: string;
  impact: string;
  help: string;
  nodes: { target: string; summary: string }[];
}

/** Impacts that fail the test; moderate and minor ones are only listed. */
const BLOCKING = new Set(["critical", "serious"]);

/**
 * The rules whose outcome depends on colours. A theme changes nothing but
 * colours (the same DOM, the same CSS rules, another `color-scheme`), so
 * after a full run in one theme the others need only these: on /debug a
 * full run costs twice what these do.
 */
const COLOUR_RULES = ["color-contrast", "link-in-text-block"];

/**
 * Runs axe: its default rules (WCAG 2.x A/AA and best practices), or only
 * `rules` when given.
 */
async function axeViolations(
  page: Page,
  rules?: string[],
): Promise<Violation[]> {
  await ensureHelpers(page);
  return await page.evaluate(async (rules) => {
    const r = await globalThis.axe.run(document, {
      resultTypes: ["violations"],
      ...(rules ? { runOnly: { type: "rule", values: rules } } : {}),
    });
    return r.violations.map((v) => ({
      id: v.id,
      impact: v.impact ?? "unknown",
      help: v.help,
      nodes: v.nodes.map((n) => ({
        target: n.target.join(" "),
        summary: String(n.failureSummary ?? "").replace(/\s+/g, " "),
      })),
    }));
  }, rules);
}

/** A violation list as text that says what to fix, where. */
function report(where: string, vs: Violation[]): string {
  const max = Deno.env.get("A11Y_VERBOSE") ? Infinity : 10;
  const lines = [`${where}: ${vs.length} critical/serious rule(s) fail`];
  for (const v of vs) {
    lines.push(`  ${v.id} [${v.impact}] ${v.help} (${v.nodes.length} node(s))`);
    for (const n of v.nodes.slice(0, max)) {
      lines.push(`    ${n.target}\n      ${n.summary}`);
    }
    if (v.nodes.length > max) {
      lines.push(`    ... ${v.nodes.length - max} more`);
    }
  }
  return lines.join("\n");
}

// ---------------------------------------------------------------------------
// Method badges.

interface Badge {
  /** The badge's colour class without `method-` (`get`, `extra`), or "". */
  kind: string;
  method: string;
  where: string;
  fg: Rgb;
  bg: Rgb;
}

/** Every rendered method badge (`.method`) with its painted colours. */
async function badges(page: Page): Promise<Badge[]> {
  await ensureHelpers(page);
  return await page.$$eval(
    ".method",
    (els) =>
      els.filter((e) => e.checkVisibility({ visibilityProperty: true })).map((
        e,
      ) => ({
        kind: [...e.classList].find((c) => c.startsWith("method-"))?.slice(7) ??
          "",
        method: (e.textContent ?? "").trim().toLowerCase(),
        where: a11yPath(e),
        ...paintedColours(e),
      })),
  );
}

/**
 * Badge classes that must each have a hue of their own; the rest (HEAD,
 * OPTIONS, TRACE, unknown methods) share the grey of `.method`.
 */
const HUED = ["get", "post", "put", "patch", "delete", "query", "extra"];

/**
 * Every badge has a contrast of 4.5:1 or more; the hued methods keep distinct
 * hues (at least 20 degrees apart) and each method one colour on the page.
 */
function checkBadges(where: string, list: Badge[]): string[] {
  const faults: string[] = [];
  const hex = (c: Rgb) =>
    "#" + c.map((x) => Math.round(x).toString(16).padStart(2, "0")).join("");
  const colourOf = new Map<string, Rgb>();
  const low = new Map<string, { n: number; at: string }>();
  for (const b of list) {
    const ratio = contrast(b.fg, b.bg);
    if (ratio < 4.5) {
      const key = `${b.method} badge ${hex(b.fg)} on ${hex(b.bg)} = ${
        ratio.toFixed(2)
      }:1 < 4.5:1`;
      const seen = low.get(key) ?? { n: 0, at: b.where };
      low.set(key, { n: seen.n + 1, at: seen.at });
    }
    // The hue is the badge's "colour": the more saturated of text and fill.
    const sat = (c: Rgb) => Math.max(...c) - Math.min(...c);
    const colour = sat(b.bg) >= sat(b.fg) ? b.bg : b.fg;
    const before = colourOf.get(b.kind);
    if (before && hex(before) !== hex(colour)) {
      faults.push(
        `${where}: method-${b.kind} badges differ: ${hex(before)} and ${
          hex(colour)
        } (${b.where})`,
      );
    }
    colourOf.set(b.kind, colour);
  }
  for (const [key, { n, at }] of low) {
    faults.push(`${where}: ${key} (${n} badge(s), first: ${at})`);
  }
  const shown = HUED.filter((m) => colourOf.has(m));
  for (const m of shown) {
    if (hue(colourOf.get(m)!) === null) {
      faults.push(`${where}: ${m} badge ${hex(colourOf.get(m)!)} has no hue`);
    }
  }
  for (let i = 0; i < shown.length; i++) {
    for (let j = i + 1; j < shown.length; j++) {
      const a = hue(colourOf.get(shown[i])!), b = hue(colourOf.get(shown[j])!);
      if (a !== null && b !== null && hueDistance(a, b) < 20) {
        faults.push(
          `${where}: ${shown[i]} and ${
            shown[j]
          } badges have nearly the same hue (${a.toFixed(0)} vs ${
            b.toFixed(0)
          })`,
        );
      }
    }
  }
  return faults;
}

// ---------------------------------------------------------------------------
// Keyboard.

/**
 * Presses Tab from the top of the page until focus has been inside every
 * region that scrolls (and every `required` selector); returns what Tab
 * never reached.
 */
/** Elements the markup makes Tab stops (besides any [tabindex]). */
const STOPS =
  "[tabindex], a[href], button, input, select, textarea, summary, iframe, [contenteditable]";

async function unreachedByTab(
  page: Page,
  required: string[],
): Promise<string[]> {
  await ensureHelpers(page);
  const regions = await page.evaluate((required) => {
    const scrolls = (e: Element) => {
      const s = getComputedStyle(e);
      const y = /auto|scroll/.test(s.overflowY) &&
        e.scrollHeight > e.clientHeight + 1;
      const x = /auto|scroll/.test(s.overflowX) &&
        e.scrollWidth > e.clientWidth + 1;
      return (x || y) && e.checkVisibility({ visibilityProperty: true });
    };
    const want = new Set<Element>(
      [...document.querySelectorAll("body *")].filter(scrolls),
    );
    for (const sel of required) {
      const e = document.querySelector(sel);
      if (e) want.add(e);
    }
    // deno-lint-ignore no-explicit-any
    (globalThis as any).__tabWant = [...want];
    (document.activeElement as HTMLElement | null)?.blur();
    globalThis.scrollTo(0, 0);
    return [...want].map((e) => a11yPath(e));
  }, required);
  const missing = await page.evaluate(
    (required) => required.filter((s) => !document.querySelector(s)),
    required,
  );
  assert.deepEqual(missing, [], "required regions are on the page");
  // Each region is walked to from the last stop the markup makes before
  // it (or from the top): Tab must land inside within a few presses. A
  // walk over the whole page took minutes on /debug's thousand stops.
  // Chromium also stops Tab on a scroller with nothing focusable in it;
  // other browsers do not, so only a stop the markup makes counts.
  const unreached: string[] = [];
  for (let i = 0; i < regions.length; i++) {
    await page.evaluate(([i, sel]) => {
      // deno-lint-ignore no-explicit-any
      const region = (globalThis as any).__tabWant[i] as Element;
      const stops = [...document.querySelectorAll<HTMLElement>(sel)].filter((
        e,
      ) =>
        e.compareDocumentPosition(region) & Node.DOCUMENT_POSITION_FOLLOWING &&
        !e.contains(region) && e.checkVisibility() && e.tabIndex >= 0
      );
      const before = stops.at(-1);
      (document.activeElement as HTMLElement | null)?.blur();
      if (before) before.focus({ preventScroll: true });
    }, [i, STOPS] as const);
    let inside = false;
    for (let tab = 0; tab < 12 && !inside; tab++) {
      await page.keyboard.press("Tab");
      inside = await page.evaluate(([i, sel]) => {
        // deno-lint-ignore no-explicit-any
        const region = (globalThis as any).__tabWant[i] as Element;
        const a = document.activeElement;
        return !!a && a !== document.body &&
          (a.hasAttribute("tabindex") || a.matches(sel)) &&
          (a === region || region.contains(a));
      }, [i, STOPS] as const);
    }
    if (!inside) unreached.push(regions[i]);
  }
  return unreached;
}

// ---------------------------------------------------------------------------
// The pages.

/** What {@link auditPage} checks besides axe. */
interface AuditOptions {
  /** Theme cases to run (default: the toggle pinned light and dark). */
  themes?: ThemeCase[];
  /** Selectors Tab must reach; when absent, no keyboard walk is done. */
  tabRequired?: string[];
  /** Badges (text or colour class) that must be on screen. */
  expectBadges?: string[];
}

/**
 * Runs axe (every rule in the first theme case, the colour rules in the
 * others) and the badge check in every theme case on the page as it is,
 * then walks it with Tab; fails with one report of everything found.
 */
async function auditPage(
  page: Page,
  where: string,
  opts: AuditOptions = {},
): Promise<void> {
  const faults: string[] = [];
  const counts: string[] = [];
  for (const [i, t] of (opts.themes ?? PINNED).entries()) {
    await applyTheme(page, t);
    const all = await axeViolations(page, i === 0 ? undefined : COLOUR_RULES);
    const vs = all.filter((v) => BLOCKING.has(v.impact));
    counts.push(
      `${t.name}: ${
        all.map((v) => `${v.id} [${v.impact}] ${v.nodes.length}`).join(", ") ||
        "none"
      }`,
    );
    if (vs.length) faults.push(report(`${where}, ${t.name}`, vs));
    const list = await badges(page);
    for (const m of opts.expectBadges ?? []) {
      if (!list.some((b) => b.method === m || b.kind === m)) {
        faults.push(`${where}, ${t.name}: no ${m} badge shown`);
      }
    }
    faults.push(...checkBadges(`${where}, ${t.name}`, list));
    if (t.toggle !== "auto") {
      // The same theme reached through the system preference paints every
      // element alike, which is what lets the colour rules run only once
      // per theme.
      const pinned = await paint(page);
      await applyTheme(page, {
        name: `${t.theme} (system)`,
        theme: t.theme,
        system: t.theme,
        toggle: "auto",
      });
      const system = await paint(page);
      const at = pinned.findIndex((p, k) => p !== system[k]);
      if (at >= 0 || pinned.length !== system.length) {
        faults.push(
          `${where}: ${t.theme} by the toggle and by the system differ: ${
            pinned[at]
          } vs ${system[at]}`,
        );
      }
    }
  }
  if (Deno.env.get("A11Y_VERBOSE")) {
    console.log(`${where}\n  ${counts.join("\n  ")}`);
  }
  if (opts.tabRequired) {
    for (const u of await unreachedByTab(page, opts.tabRequired)) {
      faults.push(`${where}: Tab never reaches ${u}`);
    }
  }
  assert.ok(faults.length === 0, "\n" + faults.join("\n"));
}

/** Every element's painted colours, one line each, naming the element. */
async function paint(page: Page): Promise<string[]> {
  return await page.evaluate(() =>
    [...document.querySelectorAll("body *")].map((e) => {
      const s = getComputedStyle(e);
      return `${
        a11yPath(e)
      } ${s.color} ${s.backgroundColor} ${s.backgroundImage} ${s.borderTopColor} ${s.borderBottomColor} ${s.outlineColor} ${s.fill}`;
    })
  );
}

async function loadSpec(page: Page, origin: string, file: string) {
  await gotoHydrated(page, origin, "/spec");
  await page.setInputFiles("[data-testid=spec-file]", file);
  await page.waitForSelector("[data-testid=endpoint-row]");
}

/** Opens the row `method path` by clicking it; waits for its detail. */
async function openOperation(page: Page, method: string, path: string) {
  await page.click(
    `[data-testid=endpoint-row][data-method="${method}"][data-path="${path}"] .sv-row-main`,
  );
  await page.waitForSelector("[data-testid=operation-detail]");
}

/** Loads a HAR and opens the entry at `index` in `log.entries`. */
async function loadHar(page: Page, origin: string, file: string, index = 0) {
  await gotoHydrated(page, origin, "/har");
  await page.setInputFiles("[data-testid=har-file]", file);
  await page.waitForSelector("[data-testid=har-row]");
  await page.click(`[data-testid=har-row][data-index='${index}']`);
  await page.waitForSelector(`[data-testid=har-detail][data-index='${index}']`);
}

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

Deno.test({
  name:
    "a11y /spec: fixture loaded, an operation open, light and dark, badges 4.5:1",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      await loadSpec(
        page,
        server.origin,
        new URL("mini-3.2.yaml", SPEC_FIX).pathname,
      );
      await openOperation(page, "get", "/b/{id}");
      await auditPage(page, "/spec mini-3.2.yaml", {
        tabRequired: ["[data-testid=endpoint-list]"],
        expectBadges: [...HUED, "head", "options", "trace", "purge"],
      });
      // A pressed method chip (the filter's "get" term).
      await page.click(".sv-method-chip[data-method=get]");
      await page.waitForSelector(".sv-method-chip[aria-pressed=true]");
      await auditPage(page, "/spec mini-3.2.yaml, GET chip pressed", {});
    }),
});

Deno.test({
  name: "a11y /spec: 60 warnings open in their scrolling list, Tab gets in",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      // Every operation refers to a parameter that is not there: a warning
      // each, more than the warnings box shows without scrolling.
      const paths = Object.fromEntries(
        Array.from({ length: 60 }, (_, i) => [`/p${i}`, {
          get: {
            parameters: [{ $ref: `#/components/parameters/Missing${i}` }],
            responses: { "200": { description: "ok" } },
          },
        }]),
      );
      await gotoHydrated(page, server.origin, "/spec");
      await page.$eval(
        "[data-testid=spec-input]",
        (el, text) => {
          const ta = el as HTMLTextAreaElement;
          ta.value = text;
          ta.dispatchEvent(new InputEvent("input", { bubbles: true }));
        },
        JSON.stringify({
          openapi: "3.0.3",
          info: { title: "Warnings", version: "1" },
          paths,
        }),
      );
      await page.click("[data-testid=spec-warnings] summary");
      await page.waitForFunction(() =>
        document.querySelectorAll("[data-testid=spec-warning]").length === 60
      );
      await auditPage(page, "/spec warnings", {
        tabRequired: ["[data-testid=spec-warnings] ul"],
      });
    }),
});

const SPEC_CORPUS = corpusDir("specs");
Deno.test({
  name: "a11y /spec: a corpus spec with bodies and responses open" +
    (SPEC_CORPUS ? "" : SKIPPED),
  ignore: !SPEC_CORPUS,
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      await loadSpec(
        page,
        server.origin,
        SPEC_CORPUS + "oai-v3.0-petstore-expanded.yaml",
      );
      await openOperation(page, "post", "/pets");
      // Every schema tree of the operation expanded, keyboard focus in one.
      const expand = page.locator("[data-testid=schema-expand-all]");
      for (let i = 0; i < await expand.count(); i++) {
        await expand.nth(i).click();
      }
      await page.waitForFunction(() =>
        !document.querySelector("[data-testid=schema-expand-all][disabled]")
      );
      await page.locator("[role=treeitem]").first().focus();
      await auditPage(page, "/spec petstore-expanded", {
        tabRequired: ["[data-testid=endpoint-list]"],
        expectBadges: ["get", "post", "delete"],
      });
    }),
});

Deno.test({
  name: "a11y /har: fixture loaded, an entry open, light and dark",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      await loadHar(
        page,
        server.origin,
        new URL("mixed.har", HAR_FIX).pathname,
        2,
      );
      await auditPage(page, "/har mixed.har", {
        tabRequired: ["[data-testid=har-list]", "[data-testid=har-detail]"],
      });
      // Pressed chips: the open entry's status class, and its type.
      const row = page.locator("[data-testid=har-row][data-index='2']");
      const cls = `${String(await row.getAttribute("data-status"))[0]}xx`;
      await page.click(`[data-testid=har-status-chip][data-class="${cls}"]`);
      await page.waitForSelector(
        "[data-testid=har-status-chip][aria-pressed=true]",
      );
      await auditPage(page, `/har mixed.har, ${cls} chip pressed`, {});
    }),
});

/**
 * A HAR of `n` GET requests, one every 10 ms, statuses cycling through the
 * classes; entry 3's URL carries a query string of `longUrl` characters.
 */
function generatedHar(n: number, longUrl: number): string {
  const t0 = Date.parse("2024-01-01T00:00:00Z");
  const statuses = [200, 204, 301, 404, 500];
  const entries = Array.from({ length: n }, (_, i) => ({
    startedDateTime: new Date(t0 + i * 10).toISOString(),
    time: 20,
    request: {
      method: i % 7 === 0 ? "POST" : "GET",
      url: `https://example.test/items/${i}` +
        (i === 3 ? "?q=" + "a%20b".repeat(longUrl / 5) : ""),
      httpVersion: "HTTP/1.1",
      headers: [],
      queryString: [],
      cookies: [],
      headersSize: -1,
      bodySize: 0,
    },
    response: {
      status: statuses[i % statuses.length],
      statusText: "",
      httpVersion: "HTTP/1.1",
      headers: [{ name: "Content-Type", value: "application/json" }],
      cookies: [],
      content: { size: 2, mimeType: "application/json", text: "{}" },
      redirectURL: "",
      headersSize: -1,
      bodySize: 2,
    },
    cache: {},
    timings: { send: 1, wait: 15, receive: 4 },
  }));
  return JSON.stringify({
    log: { version: "1.2", creator: { name: "a11y", version: "1" }, entries },
  });
}

Deno.test({
  name:
    "a11y /har: a long list and a 5 kB URL scroll, and the keyboard gets in",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      await gotoHydrated(page, server.origin, "/har");
      await paste(page, generatedHar(200, 5000));
      await page.waitForSelector("[data-testid=har-row]");
      await page.click("[data-testid=har-row][data-index='3']");
      await page.waitForSelector("[data-testid=har-detail][data-index='3']");
      await auditPage(page, "/har generated", {
        tabRequired: [
          ".har-scroller",
          "[data-testid=har-list]",
          "[data-testid=har-detail]",
          ".har-detail-url",
        ],
      });
    }),
});

const HAR_CORPUS = corpusDir("har");
Deno.test({
  name: "a11y /har: a corpus HAR with many entries, an entry open" +
    (HAR_CORPUS ? "" : SKIPPED),
  ignore: !HAR_CORPUS,
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      // 270 entries (the list scrolls); entry 17's URL is 17 kB long (its
      // box in the detail header scrolls).
      await loadHar(page, server.origin, HAR_CORPUS + "pagexray-304.har", 17);
      await auditPage(page, "/har pagexray-304.har", {
        tabRequired: ["[data-testid=har-list]", "[data-testid=har-detail]"],
      });
    }),
});

Deno.test({
  name: "a11y /debug: a runner result shown, light and dark",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      await gotoHydrated(page, server.origin, "/debug");
      const runner = (id: string) =>
        page.locator(`[data-testid=runner][data-endpoint=${id}]`);
      // A 4xx result (its coloured status pill); a long JSON body, so the
      // body and the cURL command scroll; enough SSE events to scroll.
      await runner("status").locator("[data-param=code]").fill("418");
      await runner("status").locator("[data-testid=run]").click();
      await runner("status").locator("[data-testid=result-status]").waitFor();
      const body = JSON.stringify(
        Object.fromEntries(
          Array.from({ length: 40 }, (_, i) => [`field${i}`, `value ${i}`]),
        ),
        null,
        2,
      );
      await runner("echo").locator("[data-param=method]").selectOption("POST");
      await runner("echo").locator("[data-param=body]").fill(body);
      await runner("echo").locator("[data-testid=run]").click();
      await runner("echo").locator("[data-testid=result-body]").waitFor();
      await runner("sse").locator("[data-param=count]").fill("20");
      await runner("sse").locator("[data-param=interval]").fill("10");
      await runner("sse").locator("[data-testid=run]").click();
      await page.waitForFunction(() =>
        document.querySelectorAll("[data-testid=sse-event]").length === 20
      );
      // Every sample and rule set open, as a reader who opened them all.
      await page.$$eval("details", (ds) =>
        ds.forEach((d) => (d as HTMLDetailsElement).open = true));
      // Both themes by the toggle: the system-preference path is the same
      // CSS and is audited on the other pages; /debug is the largest page.
      await auditPage(page, "/debug", { tabRequired: [] });
    }, { allowErrors: [/Failed to load resource/] }),
});
