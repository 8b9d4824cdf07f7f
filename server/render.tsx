/**
 * Server-side rendering of pages into the shared layout. Pages are plain
 * Preact components; islands inside them are marked by `components/Island.tsx`
 * and hydrated by the boot script whose URL comes from the build manifest.
 */
import { renderToString } from "preact-render-to-string";
import { Island } from "../components/Island.tsx";
import { Layout } from "../components/Layout.tsx";
import { appHref, rootFrom } from "../components/app_path.ts";
import ThemeToggle from "../islands/theme/ThemeToggle.tsx";
import type { PageContext, PageModule } from "../routes/page.ts";
import type { LayoutAssets } from "../components/Layout.tsx";

/**
 * Renders a page module to a complete HTML document; `assets` names the
 * static files and module scripts the layout links.
 */
export function renderPage(
  page: PageModule,
  url: URL,
  mount: string,
  app: PageContext,
  assets: LayoutAssets,
): string {
  const Page = page.default;
  const root = rootFrom(url.pathname);
  // The bundles too: a worker's URL is resolved against the page.
  const buildUrl = (entry: string) => {
    const path = app.buildUrl(entry);
    return path && appHref(root, path);
  };
  const html = renderToString(
    <Layout
      title={page.meta.title}
      description={page.meta.description}
      path={url.pathname}
      styles={page.meta.styles ?? []}
      clientUrl={app.buildUrl("client.js")}
      assets={assets}
      root={root}
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
      <Page
        url={url}
        root={root}
        mount={mount}
        app={{ ...app, buildUrl }}
      />
    </Layout>,
  );
  return "<!DOCTYPE html>" + html;
}
