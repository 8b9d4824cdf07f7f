/**
 * The accessibility audit the `a11y_*` browser tests share: WCAG 2 colour
 * maths, the theme cases, axe-core run in the page, the method badge check
 * and the keyboard walk to every scrolling region.
 *
 * The theme is set both ways a person sets it: the system preference
 * (`prefers-color-scheme`, emulated) with the toggle on "auto", and the
 * toggle pinning the opposite of the system preference. Both only switch
 * `color-scheme`, which every colour follows through `light-dark()`; `/`
 * is audited all four ways, the other pages with the toggle pinned light
 * and dark (and the system path must paint every element alike).
 */
import assert from "node:assert/strict";
import axeCore from "axe-core";
import type { Page } from "playwright-core";
import { gotoHydrated } from "./browser.ts";
import { openTimed, specSettled } from "./spec_open.ts";
import { SAY_AFTER_MS } from "../../islands/shared/use_settled_say.ts";

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
export function hueDistance(a: number, b: number): number {
  const d = Math.abs(a - b) % 360;
  return d > 180 ? 360 - d : d;
}

// ---------------------------------------------------------------------------
// Themes.

export type Scheme = "light" | "dark";

/** One way of showing a theme: the system preference, maybe a pinned toggle. */
export interface ThemeCase {
  name: string;
  theme: Scheme;
  system: Scheme;
  toggle: "auto" | Scheme;
}

export const THEMES: ThemeCase[] = [
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
export const PINNED = THEMES.filter((t) => t.toggle !== "auto");

/**
 * Puts the page in `t`: emulates the system preference, clicks the theme
 * toggle until it shows the wanted choice, and checks that the page really
 * is light or dark (the body's background luminance).
 */
export async function applyTheme(page: Page, t: ThemeCase): Promise<void> {
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
 * Moderate rules that fail the test too: a skipped heading level hides
 * sections from a screen reader's list of headings.
 */
const BLOCKING_RULES = new Set(["heading-order"]);

/**
 * The rules whose outcome depends on colours. A theme changes nothing but
 * colours (the same DOM, the same CSS rules, another `color-scheme`), so
 * after a full run in one theme the others need only these: on /debug a
 * full run costs twice what these do.
 */
const COLOUR_RULES = ["color-contrast", "link-in-text-block"];

/**
 * Rules axe leaves off by default that WCAG 2.2 AA asks for: target size
 * (2.5.8), 24 CSS px or that much room around a small target.
 */
const OFF_BY_DEFAULT = ["target-size"];

/**
 * Runs axe: its default rules (WCAG 2.x A/AA and best practices) and
 * {@link OFF_BY_DEFAULT}, or only `rules` when given.
 */
export async function axeViolations(
  page: Page,
  rules?: string[],
): Promise<Violation[]> {
  await ensureHelpers(page);
  return await page.evaluate(async (rules) => {
    const r = await globalThis.axe.run(document, {
      resultTypes: ["violations"],
      ...(rules.only ? { runOnly: { type: "rule", values: rules.only } } : {
        rules: Object.fromEntries(
          rules.on.map((id) => [id, { enabled: true }]),
        ),
      }),
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
  }, { only: rules, on: OFF_BY_DEFAULT });
}

/** A violation list as text that says what to fix, where. */
function report(where: string, vs: Violation[]): string {
  const max = Deno.env.get("A11Y_VERBOSE") ? Infinity : 10;
  const lines = [`${where}: ${vs.length} blocking rule(s) fail`];
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
export const HUED = ["get", "post", "put", "patch", "delete", "query", "extra"];

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
export interface AuditOptions {
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
export async function auditPage(
  page: Page,
  where: string,
  opts: AuditOptions = {},
): Promise<void> {
  const faults: string[] = [];
  const counts: string[] = [];
  for (const [i, t] of (opts.themes ?? PINNED).entries()) {
    await applyTheme(page, t);
    const all = await axeViolations(page, i === 0 ? undefined : COLOUR_RULES);
    const vs = all.filter((v) =>
      BLOCKING.has(v.impact) || BLOCKING_RULES.has(v.id)
    );
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

export async function loadSpec(page: Page, origin: string, file: string) {
  await gotoHydrated(page, origin, "/spec");
  await page.setInputFiles("[data-testid=spec-file]", file);
  await page.waitForSelector("[data-testid=endpoint-row]");
  await specSettled(page);
}

/**
 * Opens the row `method path` by clicking it; waits for its detail with
 * every tree filled in (an audit sees all the rows a reader will).
 */
export async function openOperation(page: Page, method: string, path: string) {
  await openTimed(
    page,
    `[data-testid=endpoint-row][data-method="${method}"][data-path="${path}"] .sv-row-main`,
    { settle: true },
  );
}

/** Loads a HAR and opens the entry at `index` in `log.entries`. */
export async function loadHar(
  page: Page,
  origin: string,
  file: string,
  index = 0,
) {
  await gotoHydrated(page, origin, "/har");
  await page.setInputFiles("[data-testid=har-file]", file);
  await page.waitForSelector("[data-testid=har-row]");
  // The secret count's banner comes after the rows and moves them.
  await page.waitForSelector("[data-testid=har-secrets][data-cookies]");
  await page.click(`[data-testid=har-row][data-index='${index}']`);
  await page.waitForSelector(`[data-testid=har-detail][data-index='${index}']`);
}

/**
 * Types `text` into `box` a key every 100 ms, as a person does, and fails
 * if any live region changed within {@link SAY_AFTER_MS} of a key (a
 * screen reader would read a count per key); then waits until one says
 * what `said` matches. Judged by the page's own times of each key and each
 * change, so a loaded machine that delays a key past the wait (when a
 * count is rightly said) does not fail it.
 */
export async function typedThenSaidOnce(
  page: Page,
  box: string,
  text: string,
  said: RegExp,
): Promise<void> {
  await page.evaluate(() => {
    const w = globalThis as unknown as {
      __keys: number[];
      __said: [number, string][];
    };
    w.__keys = [];
    w.__said = [];
    addEventListener("keydown", () => w.__keys.push(performance.now()), {
      capture: true,
    });
    const live =
      "[role=status], [role=alert], [role=log], [aria-live=polite], [aria-live=assertive]";
    for (const e of document.querySelectorAll(live)) {
      (e as HTMLElement & { __was?: string }).__was = (e.textContent ?? "")
        .trim();
    }
    new MutationObserver(() => {
      // A region whose text became another, not empty: something said
      // (a region emptied while typing says nothing).
      for (const e of document.querySelectorAll(live)) {
        const t = (e.textContent ?? "").trim();
        const el = e as HTMLElement & { __was?: string };
        if (el.__was === undefined) el.__was = t;
        if (t !== el.__was && t) w.__said.push([performance.now(), t]);
        el.__was = t;
      }
    }).observe(document.body, {
      subtree: true,
      childList: true,
      characterData: true,
    });
  });
  await page.focus(box);
  for (const ch of text) {
    await page.keyboard.type(ch);
    await page.waitForTimeout(100);
  }
  const { keys, changes } = await page.evaluate(() => {
    const w = globalThis as unknown as {
      __keys: number[];
      __said: [number, string][];
    };
    return { keys: w.__keys, changes: w.__said };
  });
  // Each change of a live region's text, after the first key: none may
  // come sooner than the wait after the key before it (a small margin for
  // the timer's own lateness the other way is not needed: it only fires
  // later).
  for (const [at, texts] of changes) {
    const before = keys.filter((k) => k <= at);
    if (!before.length) continue;
    const since = at - before[before.length - 1];
    assert.ok(
      since >= SAY_AFTER_MS - 5,
      `said ${since.toFixed(0)} ms after a key: ${texts}`,
    );
  }
  await page.waitForFunction(
    ([sel, src]) =>
      [...document.querySelectorAll(sel)].some((e) =>
        new RegExp(src).test((e.textContent ?? "").trim())
      ),
    [
      "[role=status], [aria-live=polite]",
      said.source,
    ] as const,
    { timeout: 10_000 },
  );
}
