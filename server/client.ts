/**
 * Browser boot script: finds every server-rendered island marker
 * (`data-island="Name"` with JSON props in `data-props`, plus the props
 * the islands of that name share, written once in a
 * `<script type="application/json" data-island-shared="Name">`: see
 * components/Island.tsx), loads the chunks
 * of all of them, then hydrates each in place, in page order and in one
 * task, and, once their effects have run, marks each root
 * `data-hydrated="true"` (the signal tests and scripts wait for: typing,
 * clicking and dropping will be heard). Hydrated together,
 * no island says it is ready while another of the page is not: the
 * header's small theme toggle used to be marked while the page's own tool
 * still loaded, and a script waiting for the first mark clicked too soon.
 */
import { type ComponentType, h, hydrate } from "preact";
import { isIslandName, ISLANDS } from "../islands/registry.ts";

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

const islands = await Promise.all(
  [...document.querySelectorAll<HTMLElement>("[data-island]")].map(load),
);
const shared = new Map<string, Record<string, unknown>>();
const hydrated: HTMLElement[] = [];
for (const island of islands) {
  if (!island) continue;
  try {
    const props = {
      ...sharedProps(island.el.dataset.island ?? "", shared),
      ...JSON.parse(island.el.dataset.props ?? "{}"),
    };
    hydrate(h(island.view, props), island.el);
    hydrated.push(island.el);
  } catch (err) {
    console.error("island failed to hydrate", err);
  }
}
await effectsRun();
for (const el of hydrated) el.dataset.hydrated = "true";

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
