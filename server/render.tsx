/**
 * Server-side rendering of pages into the shared layout. Pages are plain
 * Preact components; islands inside them are marked by `components/Island.tsx`
 * and hydrated by the boot script whose URL comes from the build manifest.
 */
import type { VNode } from "preact";
import { renderToString } from "preact-render-to-string";
import { Island } from "../components/Island.tsx";
import { Layout } from "../components/Layout.tsx";
import ThemeToggle from "../islands/theme/ThemeToggle.tsx";
import type { DebugLimits, EndpointSpec } from "../lib/debug/mod.ts";
import type { Samples } from "../components/debug/samples.ts";

/** What the app gives pages besides the URL. */
export interface PageContext {
  /** URL of a built bundle (`spec_worker.js`), null when not built. */
  buildUrl(entry: string): string | null;
  /** The debug API the app mounts, for its reference page. */
  debug: {
    /** Its base path, e.g. `/api/debug`. */
    base: string;
    catalog: readonly EndpointSpec[];
    limits: DebugLimits;
    /** Example exchanges recorded from the real handlers. */
    samples: Samples;
  };
}

/** What a page needs to render. */
export interface PageProps {
  url: URL;
  app: PageContext;
}

/** A module under `routes/` that renders a page. */
export interface PageModule {
  meta: {
    title: string;
    description: string;
    /** Extra stylesheets of this page (e.g. `/spec.css`). */
    styles?: string[];
  };
  default: (props: PageProps) => VNode;
}

/** Renders a page module to a complete HTML document. */
export function renderPage(
  page: PageModule,
  url: URL,
  app: PageContext,
): string {
  const Page = page.default;
  const html = renderToString(
    <Layout
      title={page.meta.title}
      description={page.meta.description}
      path={url.pathname}
      styles={page.meta.styles ?? []}
      clientUrl={app.buildUrl("client.js")}
      apiBase={app.debug.base}
      headerEnd={
        <Island
          name="ThemeToggle"
          component={ThemeToggle}
          props={{}}
          as="span"
          class="theme-slot"
        />
      }
    >
      <Page url={url} app={app} />
    </Layout>,
  );
  return "<!DOCTYPE html>" + html;
}
