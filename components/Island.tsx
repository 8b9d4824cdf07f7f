import type { ComponentType, JSX } from "preact";
import type { IslandName } from "../islands/registry.ts";

/** Props of {@link Island}. */
export interface IslandProps<P, S> {
  /** Name registered in `islands/registry.ts` (checked by the compiler). */
  name: IslandName;
  component: ComponentType<P & S>;
  /** This island's own props: what its marker carries. */
  props: P;
  /**
   * Props every island of this name on the page has alike, sent once in
   * the page's {@link IslandShared} element rather than in every marker
   * (`/debug` has dozens of runners reading one catalog); the boot script
   * puts them back under `props`. The page must render that element.
   */
  shared?: S;
  /** Element to render as the island root. */
  as?: "div" | "span";
  class?: string;
}

/**
 * Server-side island marker, Fresh style: renders the component to HTML
 * inside a root carrying `data-island` and the JSON-serialised props, which
 * the boot script reads to hydrate the same tree in the browser.
 */
export function Island<P, S = Record<never, never>>(
  { name, component: C, props, shared, as = "div", class: cls }: IslandProps<
    P,
    S
  >,
) {
  const Tag = as;
  const all = { ...shared, ...props } as P & S & JSX.IntrinsicAttributes;
  return (
    <Tag
      class={cls}
      data-island={name}
      data-props={JSON.stringify(props)}
    >
      <C {...all} />
    </Tag>
  );
}

/** Props of {@link IslandShared}. */
export interface IslandSharedProps<S> {
  /** The islands these props are shared by. */
  name: IslandName;
  /** The `shared` value every {@link Island} of `name` was given. */
  value: S;
}

/**
 * The props the islands named `name` share (see {@link IslandProps.shared}),
 * once for the page, as JSON in a script element that never runs (its type
 * is data, so the page's CSP, which allows no inline script, is moot).
 */
export function IslandShared<S>({ name, value }: IslandSharedProps<S>) {
  // `<` escaped as JSON allows: a "</script>" in some text must not end
  // the element (HTML's script data state knows nothing of JSON strings).
  const json = JSON.stringify(value).replaceAll("<", "\\u003c");
  return (
    <script
      type="application/json"
      data-island-shared={name}
      dangerouslySetInnerHTML={{ __html: json }}
    />
  );
}
