import type { ComponentType, JSX } from "preact";
import type { IslandName } from "../islands/registry.ts";

/** Props of {@link Island}. */
export interface IslandProps<P> {
  /** Name registered in `islands/registry.ts` (checked by the compiler). */
  name: IslandName;
  component: ComponentType<P>;
  props: P;
  /** Element to render as the island root. */
  as?: "div" | "span";
  class?: string;
}

/**
 * Server-side island marker, Fresh style: renders the component to HTML
 * inside a root carrying `data-island` and the JSON-serialised props, which
 * the boot script reads to hydrate the same tree in the browser.
 */
export function Island<P>(
  { name, component: C, props, as = "div", class: cls }: IslandProps<P>,
) {
  const Tag = as;
  return (
    <Tag
      class={cls}
      data-island={name}
      data-props={JSON.stringify(props)}
    >
      <C {...(props as P & JSX.IntrinsicAttributes)} />
    </Tag>
  );
}
