/**
 * Browser boot script: finds every server-rendered island marker
 * (`data-island="Name"` with JSON props in `data-props`), loads the chunks
 * of all of them, then hydrates each in place, in page order and in one
 * task, and marks its root `data-hydrated="true"` (the signal tests and
 * scripts wait for: typing and clicking will be heard). Hydrated together,
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
for (const island of islands) {
  if (!island) continue;
  try {
    const props = JSON.parse(island.el.dataset.props ?? "{}");
    hydrate(h(island.view, props), island.el);
    island.el.dataset.hydrated = "true";
  } catch (err) {
    console.error("island failed to hydrate", err);
  }
}
