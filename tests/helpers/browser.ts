/**
 * Browser test harness: Debian's Chromium (or `CHROME_PATH`) driven by
 * playwright-core, against the real app on a loopback port.
 *
 * The flags keep Chromium off the network (this machine has none and refuses
 * its background connections) and let it run as root in CI.
 */
import { type Browser, chromium, type Page } from "playwright-core";
import { startServer, type TestServer } from "./server.ts";

const CHROME = Deno.env.get("CHROME_PATH") || "/usr/bin/chromium";

/** Launches headless Chromium; throws a clear message when it is missing. */
export async function launchBrowser(): Promise<Browser> {
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
    ],
  });
}

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
}

/**
 * Runs `fn` with a new page (in a fresh browser context) on a fresh
 * server, and tears both down afterwards. Fails the test when the page logged an error (a CSP
 * violation, an exception, a failed hydration) the test did not allow.
 */
export async function withPage(
  fn: (ctx: BrowserContext) => Promise<void>,
  opts: WithPageOptions = {},
): Promise<void> {
  const server = startServer();
  const browser = await sharedBrowser();
  const context = await browser.newContext({
    permissions: opts.clipboard ? ["clipboard-read", "clipboard-write"] : [],
  });
  try {
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("console", (m) => {
      if (m.type() === "error") errors.push(m.text());
    });
    page.on("pageerror", (e) => errors.push(String(e)));
    await fn({ page, server, browser, errors });
    const allowed = [...DEFAULT_ALLOWED, ...(opts.allowErrors ?? [])];
    const unexpected = errors.filter((e) => !allowed.some((re) => re.test(e)));
    if (unexpected.length) {
      throw new Error(`page errors:\n${unexpected.join("\n")}`);
    }
  } finally {
    await context.close().catch(() => {});
    await server.close();
  }
}

let shared: Promise<Browser> | undefined;

/**
 * One Chromium for every test of a test file, each test in a fresh context
 * (its own cookies, storage and permissions): a launch per test cost about
 * a second of CPU, and the suite has a hundred browser tests. Chromium
 * exits with the test process (its pipe closes).
 */
function sharedBrowser(): Promise<Browser> {
  const current = shared;
  if (current) {
    return current.then((b) => b.isConnected() ? b : relaunch());
  }
  return relaunch();
}

function relaunch(): Promise<Browser> {
  shared = launchBrowser();
  return shared;
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

/** Options that browser tests pass to `Deno.test` (Chromium keeps pipes). */
export const BROWSER_TEST = { sanitizeOps: false, sanitizeResources: false };
