import type { ComponentChildren } from "preact";
import { renderToString } from "preact-render-to-string";
import { appHref } from "./app_path.ts";

/** What the layout asks of the app's static files (server/assets.ts). */
export interface LayoutAssets {
  /** A static file's URL pinned to its bytes (`/styles.css?v=…`). */
  fileUrl(path: string): string;
  /** The module scripts a page rendering `islands` loads at once. */
  modulePreloads(islands: readonly string[]): string[];
}

/** Props of {@link Layout}. */
export interface LayoutProps {
  title: string;
  description: string;
  /** Path of the current page, to mark its navigation link. */
  path: string;
  /** Page-specific stylesheets. */
  styles: string[];
  /** URL of the island boot script, or null when the page has no island. */
  clientUrl: string | null;
  /** Static file URLs and module preloads. */
  assets: LayoutAssets;
  /**
   * The reference from the page to the app's root (components/app_path.ts):
   * every URL below is written through it.
   */
  root: string;
  /** Base path of the debug API, for the footer's OpenAPI link. */
  apiBase: string;
  /** The header's end: the theme toggle island, given by the server. */
  headerEnd: ComponentChildren;
  children: ComponentChildren;
}

const NAV = [
  { href: "/spec", label: "Spec viewer" },
  { href: "/spec/compare", label: "Spec compare" },
  { href: "/har", label: "HAR viewer" },
  { href: "/debug", label: "Debug endpoints" },
];

/**
 * The islands in rendered HTML, by their markers' `data-island` (a `"` in
 * text or in another attribute's value is escaped, so only a marker
 * matches).
 */
function islandsIn(html: string): string[] {
  return [...html.matchAll(/ data-island="([A-Za-z0-9_]+)"/g)].map((m) => m[1]);
}

/**
 * The shared page shell: header with navigation, main content, footer.
 *
 * The body is rendered first, here, so the head can name the module
 * scripts of the islands it holds (`modulepreload`): the browser then
 * fetches every one at once, not one level of imports per round trip.
 * Static files are linked by their content version, which the server
 * sends `immutable`: a warm load asks for none of them again.
 */
export function Layout(props: LayoutProps) {
  const { assets, root } = props;
  const to = (path: string) => appHref(root, path);
  // One URL for the icon link and the header's image: the browser's own
  // icon fetch then finds the image's response in its cache.
  const icon = to(assets.fileUrl("/favicon.svg"));
  const body = renderToString(<Body {...props} icon={icon} />);
  const preloads = props.clientUrl
    ? assets.modulePreloads(islandsIn(body)).map(to)
    : [];
  return (
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{props.title}</title>
        <meta name="description" content={props.description} />
        <meta name="color-scheme" content="light dark" />
        <link rel="icon" href={icon} type="image/svg+xml" />
        <link rel="stylesheet" href={to(assets.fileUrl("/styles.css"))} />
        {props.styles.map((href) => (
          <link key={href} rel="stylesheet" href={to(assets.fileUrl(href))} />
        ))}
        <script src={to(assets.fileUrl("/theme.js"))}></script>
        {preloads.map((href) => (
          <link key={href} rel="modulepreload" href={href} />
        ))}
        {props.clientUrl && (
          <script type="module" src={to(props.clientUrl)}></script>
        )}
      </head>
      <body dangerouslySetInnerHTML={{ __html: body }} />
    </html>
  );
}

/** The body of {@link Layout}, with the icon's URL. */
function Body(props: LayoutProps & { icon: string }) {
  return (
    <>
      <a class="skip" href="#main">Skip to content</a>
      <header class="site-header">
        <a class="brand" href={appHref(props.root, "/")}>
          <img src={props.icon} alt="" width="24" height="24" />
          Wirebench
        </a>
        <nav aria-label="Tools">
          {NAV.map((n) => (
            <a
              key={n.href}
              href={appHref(props.root, n.href)}
              aria-current={props.path === n.href ? "page" : undefined}
            >
              {n.label}
            </a>
          ))}
        </nav>
        {props.headerEnd}
      </header>
      <main id="main">{props.children}</main>
      <footer class="site-footer">
        <p>
          Wirebench: free tools for people who build and test HTTP APIs. Specs
          and HAR files are parsed in your browser and never uploaded.
        </p>
        <p>
          <a href={appHref(props.root, `${props.apiBase}/openapi.json`)}>
            Debug API (OpenAPI)
          </a>
        </p>
      </footer>
    </>
  );
}
