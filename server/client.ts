/**
 * Browser boot script: finds every server-rendered island marker
 * (`data-island="Name"` with JSON props in `data-props`, plus the props
 * the islands of that name share, written once in a
 * `<script type="application/json" data-island-shared="Name">`: see
 * components/Island.tsx), loads the chunks of all of them, then hydrates
 * each in place and, once their effects have run, marks every root
 * `data-hydrated="true"` (the signal tests and scripts wait for: typing,
 * clicking and dropping will be heard).
 *
 * Hydration goes in slices of about {@link SLICE_MS}, yielding to the
 * browser between them: `/debug` has some fifty runners, and hydrated in
 * one task they held the main thread for most of a second on a slow
 * phone, input and paint waiting. The order ({@link byPriority}): the
 * islands inside the section the URL fragment names (a shared runner
 * link), then the nearest to where the reader looks; an island the reader
 * touches before its turn goes next ({@link jumpTheQueue}).
 *
 * The marks still come together, after the last island, on every page:
 * no island says it is ready while another of the page is not. The
 * header's small theme toggle used to be marked while the page's own tool
 * still loaded, and a script waiting for the first mark clicked too soon;
 * on `/debug`, a script that saw the first runner marked would as soon
 * click a runner further down before it listened (when the runners were
 * forms, that submitted natively and reloaded the page). A reader gets
 * the runners in view early
 * (they listen from their slice on); a script waits a little longer for
 * a mark it can trust.
 */
import { type ComponentType, h, hydrate } from "preact";
import { isIslandName, ISLANDS } from "../islands/registry.ts";
import { fragmentTarget } from "../islands/shared/fragment.ts";
import { entersRun } from "../islands/debug/keys.ts";

/**
 * The main-thread time one slice of hydration may take before yielding:
 * under the 50 ms that makes a long task, with room for the island that
 * overruns it.
 */
const SLICE_MS = 30;

/**
 * Islands whose fields a reader may fill before they hydrate, and which
 * read them only through their input events: a runner's `code` typed as
 * 503 while the page loaded stayed 503 on screen, and Run sent the
 * default, 418. (The viewers read an early paste or file themselves.)
 */
const REPLAYS_INPUT = new Set(["DebugRunner"]);

type Loaded = { el: HTMLElement; view: ComponentType<unknown> } | null;

async function load(el: HTMLElement): Promise<Loaded> {
  const name = el.dataset.island ?? "";
  if (!isIslandName(name)) {
    console.error(`unknown island ${name}`);
    return null;
  }
  try {
    const mod = await ISLANDS[name]();
    return { el, view: mod.default as ComponentType<unknown> };
  } catch (err) {
    console.error("island failed to load", err);
    return null;
  }
}

const pending = [...document.querySelectorAll<HTMLElement>("[data-island]")];
const touched = new Set<HTMLElement>();
// The Run buttons a reader pressed (or Enter in a field) before their
// island listened, by island.
const submitted = new Map<HTMLElement, HTMLElement>();
const stopJumps = jumpTheQueue(pending, touched, submitted);
const loaded = new Map(
  await Promise.all(pending.map(async (el) => [el, await load(el)] as const)),
);
pending.splice(0, pending.length, ...byPriority(pending, touched));
const shared = new Map<string, Record<string, unknown>>();
const hydrated: HTMLElement[] = [];
let sliceStart = performance.now();
while (pending.length > 0) {
  const island = loaded.get(pending.shift() as HTMLElement);
  if (!island) continue;
  try {
    const props = {
      ...sharedProps(island.el.dataset.island ?? "", shared),
      ...JSON.parse(island.el.dataset.props ?? "{}"),
    };
    hydrate(h(island.view, props), island.el);
    if (REPLAYS_INPUT.has(island.el.dataset.island ?? "")) {
      replayTyped(island.el);
      // The press it missed, made again now that it listens (the island
      // is out of the queue, so the submit is no longer held back), once
      // the replayed values are rendered: Preact renders state after the
      // events, and the handler of the render before would send the
      // server-rendered value while the field shows the typed one.
      const run = submitted.get(island.el);
      if (run?.isConnected) {
        await yieldToBrowser();
        const group = run.closest<HTMLElement>("[role=form]");
        group?.removeAttribute("aria-busy");
        if (group) delete group.dataset.held;
        if (run.isConnected) run.click();
      }
    }
    hydrated.push(island.el);
  } catch (err) {
    console.error("island failed to hydrate", err);
  }
  if (pending.length > 0 && performance.now() - sliceStart >= SLICE_MS) {
    await yieldToBrowser();
    sliceStart = performance.now();
  }
}
stopJumps();
await effectsRun();
for (const el of hydrated) el.dataset.hydrated = "true";

/**
 * `els` in the order to hydrate them: those the reader touched (`first`),
 * then those inside the element the URL fragment names (`#sse`, or
 * `#sse?count=3`, whose runner loads that state and scrolls to its
 * section), then by distance from the window the reader will see: the
 * viewport, or the one opening at that element. Page order breaks ties
 * (the sort is stable). Asked once the chunks are in, when the browser has
 * laid the page out for its first paint: measured earlier, in the boot
 * script's first task, the whole layout of `/debug` ran there, a second
 * of it on a slow phone.
 */
function byPriority(els: HTMLElement[], first: Set<HTMLElement>) {
  const { id } = fragmentTarget(location.hash);
  const target = id ? document.getElementById(id) : null;
  const top = target ? target.getBoundingClientRect().top : 0;
  const bottom = top + innerHeight;
  const rank = new Map(els.map((el) => {
    if (first.has(el)) return [el, -2];
    if (target?.contains(el)) return [el, -1];
    const r = outerBox(el).getBoundingClientRect();
    return [el, Math.max(0, r.top - bottom, top - r.bottom)];
  }));
  return [...els].sort((a, b) => (rank.get(a) ?? 0) - (rank.get(b) ?? 0));
}

/**
 * The box to measure for `el`'s distance from the view: its parent when
 * that one skips its contents until near the view (`content-visibility:
 * auto`, as /debug's runner column does), whose own box is laid out where
 * the island's is not: measuring the island laid out its whole subtree
 * (CSS Containment 2 §4.1), one forced layout per runner.
 */
function outerBox(el: HTMLElement): HTMLElement {
  const parent = el.parentElement;
  return parent && getComputedStyle(parent).contentVisibility === "auto"
    ? parent
    : el;
}

/**
 * Until stopped, moves an island of `pending` that the reader presses or
 * focuses to the front (and into `touched`), so it is hydrated in the next
 * slice; and keeps a press of its Run button (`[data-runs]`, or Enter in a
 * field of its `role=form` group, as keys.ts runs it) in `submitted`, to be
 * pressed again once its island listens (a slice later).
 */
function jumpTheQueue(
  pending: HTMLElement[],
  touched: Set<HTMLElement>,
  submitted: Map<HTMLElement, HTMLElement>,
): () => void {
  const jump = (e: Event) => {
    const root = e.target instanceof Element
      ? e.target.closest<HTMLElement>("[data-island]")
      : null;
    const i = root ? pending.indexOf(root) : -1;
    if (i < 0) return;
    const run = pressedRun(e);
    if (run) {
      e.preventDefault();
      submitted.set(pending[i], run);
      // Said, not silent, until it runs: the press is kept.
      const group = run.closest<HTMLElement>("[role=form]");
      group?.setAttribute("aria-busy", "true");
      if (group) group.dataset.held = "";
    }
    touched.add(pending[i]);
    pending.unshift(...pending.splice(i, 1));
  };
  const types = ["pointerdown", "focusin", "click", "keydown"];
  for (const t of types) document.addEventListener(t, jump, true);
  return () => {
    for (const t of types) document.removeEventListener(t, jump, true);
  };
}

/** The Run button `e` presses: a click on it, or Enter in a field of its group. */
function pressedRun(e: Event): HTMLElement | null {
  if (!(e.target instanceof Element)) return null;
  if (e.type === "click") return e.target.closest<HTMLElement>("[data-runs]");
  if (e.type !== "keydown" || !entersRun(e as KeyboardEvent)) return null;
  return e.target.closest("[role=form]")?.querySelector<HTMLElement>(
    "[data-runs]",
  ) ?? null;
}

/**
 * Tells the island under `root` of every field whose value differs from
 * the one the server rendered (typed, picked or ticked before it
 * hydrated), by the events its handlers listen for.
 */
function replayTyped(root: HTMLElement): void {
  for (
    const el of root.querySelectorAll<
      HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement
    >("input, textarea, select")
  ) {
    const changed = el instanceof HTMLSelectElement
      ? [...el.options].some((o) => o.selected !== o.defaultSelected)
      : el instanceof HTMLInputElement &&
          (el.type === "checkbox" || el.type === "radio")
      ? el.checked !== el.defaultChecked
      : el.type !== "file" && el.type !== "hidden" &&
        el.value !== el.defaultValue;
    if (!changed) continue;
    el.dispatchEvent(new Event("input", { bubbles: true }));
    el.dispatchEvent(new Event("change", { bubbles: true }));
  }
}

/**
 * Lets the browser handle input and paint, then resumes: with
 * `scheduler.yield()` where there is one (Chromium 129+), ahead of other
 * queued tasks; else after a task of its own.
 */
function yieldToBrowser(): Promise<void> {
  const { scheduler } = globalThis as {
    scheduler?: { yield?: () => Promise<void> };
  };
  if (scheduler?.yield) return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve));
}

/**
 * The props the islands named `name` share, parsed once per page (kept in
 * `cache`): `/debug`'s runners read one catalog.
 */
function sharedProps(
  name: string,
  cache: Map<string, Record<string, unknown>>,
): Record<string, unknown> {
  const cached = cache.get(name);
  if (cached) return cached;
  const el = document.querySelector(
    `script[data-island-shared="${CSS.escape(name)}"]`,
  );
  const props = el ? JSON.parse(el.textContent ?? "{}") : {};
  cache.set(name, props);
  return props;
}

/**
 * Resolves once the effects the hydration scheduled have run: Preact runs
 * them after the next frame (or after 100 ms when no frame comes, as in a
 * hidden tab), in a task queued then. Page-wide listeners (a file dropped
 * anywhere, keyboard shortcuts) are attached in effects, so a mark set
 * before them promised a drop would be heard that was not: a test dropping
 * a file at once lost it on a slow machine. Scheduled after Preact's own
 * frame and timer, this task is queued after its flush.
 */
function effectsRun(): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      cancelAnimationFrame(frame);
      setTimeout(resolve);
    };
    const timer = setTimeout(done, 100);
    const frame = requestAnimationFrame(done);
  });
}
