/**
 * Server-side rendering of pages into the shared layout. Pages are plain
 * Preact components; islands inside them are marked by `components/Island.tsx`
 * and hydrated by the boot script whose URL comes from the build manifest.
 */
import type { VNode } from "preact";
import { renderToString } from "preact-render-to-string";
import { Layout } from "../components/Layout.tsx";
import { buildUrl } from "./assets.ts";

/** What a page needs to render. */
export interface PageProps {
  url: URL;
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
export function renderPage(page: PageModule, url: URL): string {
  const Page = page.default;
  const html = renderToString(
    <Layout
      title={page.meta.title}
      description={page.meta.description}
      path={url.pathname}
      styles={page.meta.styles ?? []}
      clientUrl={buildUrl("client.js")}
    >
      <Page url={url} />
    </Layout>,
  );
  return "<!DOCTYPE html>" + html;
}
