/**
 * Browser test harness: Debian's Chromium (or `CHROME_PATH`) driven by
 * playwright-core, against the real app on a loopback port.
 *
 * The flags keep Chromium off the network (this machine has none and refuses
 * its background connections) and let it run as root in CI.
 */
import assert from "node:assert/strict";
import {
  type Browser,
  type BrowserContext as PwContext,
  chromium,
  type ConsoleMessage,
  type Page,
} from "playwright-core";
import { startServer, type TestServer } from "./server.ts";
import { type App, createApp } from "../../server/app.ts";

const CHROME = Deno.env.get("CHROME_PATH") || "/usr/bin/chromium";

/**
 * Launches headless Chromium with `extraArgs` besides the offline flags;
 * throws a clear message when it is missing.
 */
export async function launchBrowser(
  extraArgs: string[] = [],
): Promise<Browser> {
  try {
    await Deno.stat(CHROME);
  } catch {
    throw new Error(
      `Chromium not found at ${CHROME}: apt-get install chromium, or set CHROME_PATH`,
    );
  }
  return await chromium.launch({
    executablePath: CHROME,
    headless: true,
    // Chromium keeps only the last --disable-features, so Playwright's own
    // is swapped for one that also lists ours (see DISABLED_FEATURES).
    ignoreDefaultArgs: [PLAYWRIGHT_DISABLED],
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-dev-shm-usage",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--disable-extensions",
      "--disable-default-apps",
      DISABLED_FEATURES,
      ...extraArgs,
    ],
  });
}

/**
 * The --disable-features switch playwright-core 1.65 passes (its
 * chromiumSwitches), word for word: `ignoreDefaultArgs` drops it by exact
 * match. When an upgrade changes it, Playwright's passes again beside ours
 * and the harness fixture (tests/fixtures/harness/opens_browser.ts), which
 * counts the switch on the launched command line, fails.
 */
const PLAYWRIGHT_DISABLED = "--disable-features=" + [
  "AvoidUnnecessaryBeforeUnloadCheckSync",
  "DestroyProfileOnBrowserClose",
  "HttpsUpgrades",
  "HttpsFirstBalancedModeAutoEnable",
  "LensOverlay",
  "MediaRouter",
  "PaintHolding",
  "ThirdPartyStoragePartitioning",
  "AvoidCorsURLLoaderRestartOnRedirect",
  "TcpPortRandomizationWin",
  "OptimizationHints",
  "NetworkTimeServiceQuerying",
  "AimEnabled",
  "PreconnectToSearch",
  "msForceBrowserSignIn",
  "msEdgeUpdateLaunchServicesPreferredVersion",
].join(",");

/**
 * Playwright's disabled features and ours in one switch, as Chromium reads
 * only the last of several: a second switch turned Playwright's back on
 * (PaintHolding among them, which holds a navigation's first paint).
 */
export const DISABLED_FEATURES = [
  PLAYWRIGHT_DISABLED,
  // Headless Chromium 156 still builds each window's omnibox popups,
  // two WebUI pages that spend about 250 ms of CPU 0.5-1 s after a page
  // opens: on two cores, time taken from the page under test.
  "WebUIOmniboxPopup",
  "WebUIOmniboxAimPopup",
  "WebUIOmniboxFullPopup",
].join(",");

/** What a browser test gets: a fresh page, the server, and collected errors. */
export interface BrowserContext {
  page: Page;
  server: TestServer;
  browser: Browser;
  /** Console errors, page errors and CSP violations seen so far. */
  errors: string[];
}

/**
 * Console lines that are not page errors: Chromium logs every 4xx/5xx
 * response a page fetches ("Failed to load resource"), which the debug
 * runner does on purpose.
 */
const DEFAULT_ALLOWED = [/^Failed to load resource: the server responded/];

/** Options of {@link withPage}. */
export interface WithPageOptions {
  /** Grant clipboard access (copy buttons). */
  clipboard?: boolean;
  /** Console errors containing one of these are expected by the test. */
  allowErrors?: RegExp[];
  /**
   * Emulate a phone of this viewport (CSS px): touch, `isMobile` (the
   * meta viewport applies, media queries see a coarse pointer and no
   * hover) and a device pixel ratio of 3, as DevTools' device mode does.
   * Those are fixed when a context is made, so the test gets a context of
   * its own, closed afterwards.
   */
  phone?: { width: number; height: number };
  /**
   * Tests of a file that give the same `keep` one after another share one
   * server (one origin) and the page as the last of them left it, its
   * document still loaded: a test that can set the page's state back in
   * place (the /debug runners, see tests/helpers/runner_browser.ts) needs
   * no load of its own, which costs Chromium the most of a test's CPU.
   * What a test added besides the document is still undone after it
   * (listeners, routes, other pages, cookies, permissions, emulation).
   */
  keep?: string;
}

/**
 * Runs `fn` with a page on a fresh server (a port, so an origin, of its
 * own: storage and caches never carry over), and tears the server down
 * afterwards. Fails the test when the page logged an error (a CSP
 * violation, an exception, a failed hydration) the test did not allow.
 *
 * The tests of a file take turns on one page of one browser context, reset
 * between them (blank document, no routes, listeners, cookies, permissions
 * or emulation left): a new context and page cost Chromium about a second
 * of CPU here, as much as many tests' own work. A test that fails, or
 * closes the page, leaves the next one a new context. Tests that share a
 * `keep` also share the server and the loaded document (see
 * {@link WithPageOptions.keep}).
 */
export async function withPage(
  fn: (ctx: BrowserContext) => Promise<void>,
  opts: WithPageOptions = {},
): Promise<void> {
  const keep = opts.phone ? undefined : opts.keep;
  if (kept && kept.key !== keep) await endKept();
  const server = kept?.server ??
    startServer((sharedApp ??= createApp()).fetch);
  kept = undefined;
  const browser = await sharedBrowser();
  let ok = false;
  let slot: Slot | undefined;
  try {
    slot = opts.phone
      ? await phoneSlot(browser, opts.phone)
      : await takeSlot(browser);
    const { context, page } = slot;
    if (opts.clipboard) {
      await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    }
    const errors: string[] = [];
    const onConsole = (m: ConsoleMessage) => {
      if (m.type() === "error") errors.push(m.text());
    };
    const onError = (e: Error) => errors.push(String(e));
    page.on("console", onConsole);
    page.on("pageerror", onError);
    try {
      await fn({ page, server, browser, errors });
    } finally {
      page.off("console", onConsole);
      page.off("pageerror", onError);
    }
    const allowed = [...DEFAULT_ALLOWED, ...(opts.allowErrors ?? [])];
    const unexpected = errors.filter((e) => !allowed.some((re) => re.test(e)));
    if (unexpected.length) {
      throw new Error(`page errors:\n${unexpected.join("\n")}`);
    }
    ok = true;
  } finally {
    if (slot && opts.phone) await slot.context.close().catch(() => {});
    else if (slot && keep && ok && await undoTest(slot)) {
      kept = { key: keep, server, slot };
    } else if (slot) await releaseSlot(slot, ok);
    if (kept?.server !== server) await server.close();
  }
}

/** The server and page the tests of a `keep` share, between two of them. */
let kept: { key: string; server: TestServer; slot: Slot } | undefined;

/** Leaves the kept page as a new one would be and closes its server. */
async function endKept(): Promise<void> {
  const { server, slot } = kept!;
  kept = undefined;
  await releaseSlot(slot, true);
  await server.close();
}

/** A context and page of their own that emulate a phone of `viewport`. */
async function phoneSlot(
  browser: Browser,
  viewport: { width: number; height: number },
): Promise<Slot> {
  const context = await browser.newContext({
    viewport,
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 3,
  });
  return { context, page: await context.newPage() };
}

/** The context and page the tests of a file take turns on. */
interface Slot {
  context: PwContext;
  page: Page;
}

let slot: Promise<Slot> | undefined;

/**
 * One app for every test of a file, each test on a server (a port) of its
 * own: the app holds no state a page can change (its counters are the
 * debug API's, which no browser test reads), and a fresh one read every
 * static file and recorded the debug page's samples again for each test.
 */
let sharedApp: App | undefined;

async function takeSlot(browser: Browser): Promise<Slot> {
  const current = await slot?.catch(() => undefined);
  if (current && !current.page.isClosed() && browser.isConnected()) {
    return current;
  }
  slot = (async () => {
    const context = await browser.newContext();
    return { context, page: await context.newPage() };
  })();
  return await slot;
}

/** Events tests listen to on the page or its context. */
const TEST_EVENTS = [
  "request",
  "response",
  "requestfailed",
  "requestfinished",
  "dialog",
  "download",
  "popup",
  "filechooser",
  "websocket",
  "worker",
] as const;

/**
 * Leaves the page as a new one would be, or drops the slot when the test
 * failed or anything of that does not work.
 */
async function releaseSlot(taken: Slot, ok: boolean): Promise<void> {
  const { context, page } = taken;
  try {
    if (!ok || page.isClosed()) throw new Error("not reused");
    // The blank document ends what the test's page still runs (streams,
    // sockets, workers), so the server's shutdown has nothing to wait for.
    await page.goto("about:blank");
    if (!await undoTest(taken)) throw new Error("not reused");
  } catch {
    slot = undefined;
    await context.close().catch(() => {});
  }
}

/**
 * Undoes what a test added to its page and context besides the document;
 * false (the slot dropped) when the page is closed or that does not work.
 */
async function undoTest({ context, page }: Slot): Promise<boolean> {
  try {
    if (page.isClosed()) throw new Error("not reused");
    for (const other of context.pages()) {
      if (other !== page) await other.close();
    }
    for (const name of TEST_EVENTS) {
      page.removeAllListeners(name);
      context.removeAllListeners(name as "request");
    }
    await page.unrouteAll({ behavior: "ignoreErrors" });
    await context.unrouteAll({ behavior: "ignoreErrors" });
    await context.clearPermissions();
    await context.clearCookies();
    await page.emulateMedia({
      colorScheme: null,
      media: null,
      reducedMotion: null,
      forcedColors: null,
    });
    await page.setViewportSize(VIEWPORT);
    return true;
  } catch {
    slot = undefined;
    await context.close().catch(() => {});
    return false;
  }
}

/** Playwright's default viewport, which every new page has. */
const VIEWPORT = { width: 1280, height: 720 };

let shared: Promise<Browser> | undefined;

/**
 * One Chromium for every test of a test file, each test in a fresh context
 * (its own cookies, storage and permissions): a launch per test cost about
 * a second of CPU, and the suite has a hundred browser tests. It ends with
 * the file (see {@link endWithFile}).
 */
function sharedBrowser(): Promise<Browser> {
  const current = shared;
  if (current) {
    return current.then((b) => b.isConnected() ? b : relaunch());
  }
  return relaunch();
}

/**
 * The tests' browser runs every page in one renderer process: a navigation
 * to a test's server (an origin of its own) otherwise starts a process,
 * which cost Chromium about half a second of CPU per page load here.
 * Benchmarks launch without these, as a person's browser runs.
 */
const TEST_ARGS = [
  "--renderer-process-limit=1",
  "--disable-site-isolation-trials",
];

function relaunch(): Promise<Browser> {
  shared = launchBrowser([...TEST_ARGS, endWithFile()]);
  return shared;
}

let marker: string | undefined;

/**
 * The switch this file's Chromium carries once launched (undefined before):
 * its own, where {@link FILE_MARKER} matches every file's.
 */
export function fileMarker(): string | undefined {
  return marker;
}

/**
 * A switch that marks this file's Chromium, which is ended with the file.
 *
 * `deno test --parallel` runs every test file in a worker of one process,
 * so a browser left to exit with the process outlived its file: by the
 * suite's end 22 idle browsers (each with its GPU and renderer processes)
 * took CPU from the files still running. A worker cannot wait for
 * `browser.close()` as it ends (its "unload" listeners run synchronously
 * and nothing after them), so the listener finds the marked browser in
 * /proc, terminates it and removes its profile folder. Elsewhere than
 * Linux it is left to exit with the process, as before.
 */
function endWithFile(): string {
  if (marker) return marker;
  marker = FILE_MARKER + crypto.randomUUID();
  const mark = marker;
  globalThis.addEventListener("unload", () => {
    for (const { pid, args } of processesWith(mark)) {
      // The browser process only: it takes its GPU and renderer processes
      // down with it (they carry no marker).
      if (args.some((a) => a.startsWith("--type="))) continue;
      try {
        Deno.kill(pid, "SIGKILL");
      } catch { /* gone already */ }
      const profile = args.find((a) => a.startsWith("--user-data-dir="));
      if (profile) {
        try {
          Deno.removeSync(profile.slice("--user-data-dir=".length), {
            recursive: true,
          });
        } catch { /* gone already, or not ours to remove */ }
      }
    }
  });
  return mark;
}

/** The switch every test file's Chromium carries, followed by its file's id. */
const FILE_MARKER = "--wirebench-test-file=";

/**
 * Processes with an argument `arg` starts with, and their arguments (none
 * where /proc is absent).
 */
export function processesWith(
  arg: string,
): { pid: number; args: string[] }[] {
  const found = [];
  try {
    for (const e of Deno.readDirSync("/proc")) {
      if (!/^\d+$/.test(e.name)) continue;
      try {
        const args = Deno.readTextFileSync(`/proc/${e.name}/cmdline`)
          .split("\0");
        if (args.some((a) => a.startsWith(arg))) {
          found.push({ pid: Number(e.name), args });
        }
      } catch { /* exited meanwhile */ }
    }
  } catch { /* no /proc */ }
  return found;
}

/** Opens `path` and waits until every island on it has hydrated. */
export async function gotoHydrated(
  page: Page,
  origin: string,
  path: string,
): Promise<void> {
  await page.goto(origin + path);
  await page.waitForFunction(() =>
    [...document.querySelectorAll("[data-island]")].every((el) =>
      (el as HTMLElement).dataset.hydrated === "true"
    )
  );
}

/**
 * Scrolls the scroll box `sel` to its end or its top, as a reader would,
 * and waits two frames: a virtualised list has rendered what is in view.
 */
async function scrollBox(
  page: Page,
  sel: string,
  to: "end" | "top",
): Promise<void> {
  await page.locator(sel).evaluate(async (el, end) => {
    el.scrollTop = end ? el.scrollHeight : 0;
    el.dispatchEvent(new Event("scroll"));
    for (let i = 0; i < 2; i++) {
      await new Promise((r) => requestAnimationFrame(r));
    }
  }, to === "end");
}

/**
 * Scrolls the virtualised list `list` to its end and back to the top, two
 * frames each way: `kept` (what was opened in it) must stay in the page
 * all along (`why` says what it is), and `back` must show again once
 * scrolled back.
 */
export async function scrollFarAndBack(
  page: Page,
  list: string,
  { kept, why, back }: { kept: string; why: string; back: string },
): Promise<void> {
  await scrollBox(page, list, "end");
  assert.equal(await page.locator(kept).count(), 1, why);
  await scrollBox(page, list, "top");
  await page.waitForSelector(back);
}

/** Options that browser tests pass to `Deno.test` (Chromium keeps pipes). */
export const BROWSER_TEST = { sanitizeOps: false, sanitizeResources: false };

/**
 * Waits until every island of the page is marked hydrated (§2's
 * `data-hydrated`), at most `timeout` ms.
 */
export async function allHydrated(page: Page, timeout = 15_000): Promise<void> {
  await page.waitForFunction(
    () =>
      [...document.querySelectorAll("[data-island]")].every((el) =>
        (el as HTMLElement).dataset.hydrated === "true"
      ),
    undefined,
    { timeout },
  );
}

/**
 * Where the focus is 300, 550 and 800 ms after `press`: the focused
 * element's test id (or id, or role, or tag), "body" when it fell to the
 * page (a control pressed and then disabled or removed drops it there).
 */
export async function focusAfter(
  page: Page,
  press: () => Promise<void>,
): Promise<string[]> {
  await press();
  const t0 = Date.now();
  const seen: string[] = [];
  for (const at of [300, 550, 800]) {
    await page.waitForTimeout(Math.max(0, at - (Date.now() - t0)));
    seen.push(
      await page.evaluate(() => {
        const a = document.activeElement;
        if (!a || a === document.body) return "body";
        return a.getAttribute("data-testid") || a.id ||
          a.getAttribute("role") || a.tagName;
      }),
    );
  }
  return seen;
}
