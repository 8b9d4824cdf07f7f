/**
 * Browser boot script: finds every server-rendered island marker
 * (`data-island="Name"` with JSON props in `data-props`), loads that island's
 * chunk and hydrates it in place, then marks the root `data-hydrated="true"`
 * (the signal tests and scripts wait for: typing and clicking will be heard).
 */
import { type ComponentType, h, hydrate } from "preact";

type Loader = () => Promise<{ default: ComponentType<unknown> }>;

/** Every island the pages may render, each in its own chunk. */
const ISLANDS: Record<string, Loader> = {
  ThemeToggle: () => import("../islands/ThemeToggle.tsx") as ReturnType<Loader>,
  SpecViewer: () => import("../islands/SpecViewer.tsx") as ReturnType<Loader>,
  HarViewer: () => import("../islands/HarViewer.tsx") as ReturnType<Loader>,
  DebugRunner: () => import("../islands/DebugRunner.tsx") as ReturnType<Loader>,
};

async function boot(el: HTMLElement): Promise<void> {
  const name = el.dataset.island ?? "";
  const load = ISLANDS[name];
  if (!load) {
    console.error(`unknown island ${name}`);
    return;
  }
  const props = JSON.parse(el.dataset.props ?? "{}");
  const mod = await load();
  hydrate(h(mod.default, props), el);
  el.dataset.hydrated = "true";
}

for (const el of document.querySelectorAll<HTMLElement>("[data-island]")) {
  boot(el).catch((err) => console.error("island failed to hydrate", err));
}
