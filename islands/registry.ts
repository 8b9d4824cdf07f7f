/**
 * Every island the pages may render, by the name its server-rendered marker
 * carries (`data-island`). The boot script loads each from here in its own
 * chunk, and `components/Island.tsx` accepts only these names, so a
 * misspelt or unregistered island fails `deno check` instead of staying
 * silently unhydrated in the browser.
 */
import type { ComponentType } from "preact";

/** Loads an island's module (a chunk of its own in the bundle). */
export type IslandLoader = () => Promise<{ default: ComponentType<never> }>;

/** The islands, by name. */
export const ISLANDS = {
  ThemeToggle: () => import("./theme/ThemeToggle.tsx"),
  SpecViewer: () => import("./openapi/SpecViewer.tsx"),
  CompareViewer: () => import("./compare/CompareViewer.tsx"),
  HarViewer: () => import("./har/HarViewer.tsx"),
  DebugRunner: () => import("./debug/DebugRunner.tsx"),
} satisfies Record<string, IslandLoader>;

/** The name of a registered island. */
export type IslandName = keyof typeof ISLANDS;

/** True when `name` (read from the page) is a registered island. */
export function isIslandName(name: string): name is IslandName {
  return Object.hasOwn(ISLANDS, name);
}
