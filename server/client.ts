/**
 * Browser boot script: finds every server-rendered island marker
 * (`data-island="Name"` with JSON props in `data-props`), loads that island's
 * chunk and hydrates it in place, then marks the root `data-hydrated="true"`
 * (the signal tests and scripts wait for: typing and clicking will be heard).
 */
import { type ComponentType, h, hydrate } from "preact";
import { isIslandName, ISLANDS } from "../islands/registry.ts";

async function boot(el: HTMLElement): Promise<void> {
  const name = el.dataset.island ?? "";
  if (!isIslandName(name)) {
    console.error(`unknown island ${name}`);
    return;
  }
  const props = JSON.parse(el.dataset.props ?? "{}");
  const mod = await ISLANDS[name]();
  hydrate(h(mod.default as ComponentType<unknown>, props), el);
  el.dataset.hydrated = "true";
}

for (const el of document.querySelectorAll<HTMLElement>("[data-island]")) {
  boot(el).catch((err) => console.error("island failed to hydrate", err));
}
