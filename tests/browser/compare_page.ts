/**
 * What the compare page's browser tests share: the fixtures, giving each
 * side a file, reading the summary and the rows, and timing a second file
 * pick to the listed changes (the Stripe pair's budget, contract §9).
 */
import type { Page } from "playwright-core";
import type { CompareResult } from "../../lib/openapi/compare/types.ts";
import { gotoHydrated } from "../helpers/browser.ts";
import {
  pickTimed as specPickTimed,
  type PickTiming,
} from "../helpers/spec_open.ts";

export type { PickTiming };

/** The hand-written spec pairs. */
export const FIX = new URL("../fixtures/compare/", import.meta.url);

/** A fixture's path on disk. */
export function fixturePath(name: string): string {
  return new URL(name, FIX).pathname;
}

/** A fixture's text. */
export function fixture(name: string): string {
  return Deno.readTextFileSync(new URL(name, FIX));
}

/** Opens /spec/compare and waits for the island. */
export async function openCompare(
  page: Page,
  origin: string,
  hash = "",
): Promise<void> {
  await gotoHydrated(page, origin, "/spec/compare" + hash);
}

/** Picks `path` as the file of `side`. */
export async function pick(
  page: Page,
  side: "base" | "revision",
  path: string,
): Promise<void> {
  await page.setInputFiles(`[data-testid=compare-${side}-file]`, path);
}

/** Pastes `base` and `revision` into the two boxes and waits for the list. */
export async function pasteBoth(
  page: Page,
  base: string,
  revision: string,
): Promise<void> {
  await page.fill("[data-testid=compare-base-input]", base);
  await page.fill("[data-testid=compare-revision-input]", revision);
  await waitCompared(page);
}

/**
 * Waits until the summary shows, the list has its first rows, and no
 * comparison is running (`data-busy`): a side given again while one ran
 * is compared anew, and its result replaces what is shown.
 */
export async function waitCompared(page: Page): Promise<void> {
  await page.waitForSelector("[data-testid=compare-summary]");
  await page.waitForFunction(() => {
    const l = document.querySelector("[data-testid=change-list]");
    return !document.querySelector(".cmp[data-busy]") && !!l &&
      (l.getAttribute("data-count") === "0" ||
        !!l.querySelector("[data-testid=change-row]"));
  });
}

/** Waits until the list shows `n` changes (the worker answered a filter). */
export async function waitCount(page: Page, n: number): Promise<void> {
  await page.waitForFunction(
    (n) =>
      document.querySelector("[data-testid=change-list]")?.getAttribute(
        "data-count",
      ) === String(n),
    n,
  );
}

/** The summary's counts. */
export async function summary(page: Page) {
  const s = page.locator("[data-testid=compare-summary]");
  return {
    breaking: await s.getAttribute("data-breaking"),
    warning: await s.getAttribute("data-warning"),
    info: await s.getAttribute("data-info"),
  };
}

/** One rendered row's hooks. */
export interface RowHooks {
  level: string;
  id: string;
  method: string;
  path: string;
  operations: number;
  text: string;
}

/** The rendered rows, in order. */
export async function rows(page: Page): Promise<RowHooks[]> {
  return await page.$$eval(
    "[data-testid=change-row]",
    (els) =>
      els.map((e) => ({
        level: e.getAttribute("data-level") ?? "",
        id: e.getAttribute("data-id") ?? "",
        method: e.getAttribute("data-method") ?? "",
        path: e.getAttribute("data-path") ?? "",
        operations: Number(e.getAttribute("data-operations")),
        text: (e.querySelector(".cmp-row-main")?.textContent ?? "").trim(),
      })),
  );
}

/**
 * Picks `path` for `side` and times it from the input's `change` event to
 * the end of the first frame painted with a change row, with the longest
 * main-thread task meanwhile and until `settleMs` later: the spec
 * viewer's timing ({@link specPickTimed}) on the compare page's hooks.
 */
export function pickTimed(
  page: Page,
  side: "base" | "revision",
  path: string,
  settleMs = 500,
): Promise<PickTiming> {
  return specPickTimed(page, path, {
    input: `[data-testid=compare-${side}-file]`,
    shown: "[data-testid=change-row]",
    settleMs,
  });
}

/** The rows a comparison lists with documentation changes hidden (or not). */
export function expectedRows(
  r: CompareResult,
  doc = false,
): Omit<RowHooks, "text">[] {
  return r.changes.filter((c) => doc || c.level !== "doc").map((c) => ({
    level: c.level,
    id: c.id,
    method: c.method,
    path: c.path,
    operations: c.operations.length,
  }));
}

/** `rows` without their text, to compare with {@link expectedRows}. */
export function hooksOnly(list: RowHooks[]): Omit<RowHooks, "text">[] {
  return list.map(({ text: _t, ...rest }) => rest);
}

/**
 * Drops a file named `name` holding `text` on the element `selector`, as
 * a drag from the desktop does (dragenter, dragover, drop, bubbling).
 */
export async function dropFile(
  page: Page,
  selector: string,
  name: string,
  text: string,
): Promise<void> {
  await page.evaluate(([selector, name, text]) => {
    const dt = new DataTransfer();
    dt.items.add(new File([text], name, { type: "application/yaml" }));
    const target = document.querySelector(selector)!;
    for (const type of ["dragenter", "dragover", "drop"]) {
      target.dispatchEvent(
        new DragEvent(type, {
          dataTransfer: dt,
          bubbles: true,
          cancelable: true,
        }),
      );
    }
  }, [selector, name, text] as const);
}
