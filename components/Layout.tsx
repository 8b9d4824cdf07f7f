import type { ComponentChildren } from "preact";

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

/** The shared page shell: header with navigation, main content, footer. */
export function Layout(props: LayoutProps) {
  return (
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{props.title}</title>
        <meta name="description" content={props.description} />
        <meta name="color-scheme" content="light dark" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <link rel="stylesheet" href="/styles.css" />
        {props.styles.map((href) => (
          <link key={href} rel="stylesheet" href={href} />
        ))}
        <script src="/theme.js"></script>
        {props.clientUrl && (
          <script type="module" src={props.clientUrl}></script>
        )}
      </head>
      <body>
        <a class="skip" href="#main">Skip to content</a>
        <header class="site-header">
          <a class="brand" href="/">
            <img src="/favicon.svg" alt="" width="24" height="24" />
            Wirebench
          </a>
          <nav aria-label="Tools">
            {NAV.map((n) => (
              <a
                key={n.href}
                href={n.href}
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
            <a href={`${props.apiBase}/openapi.json`}>Debug API (OpenAPI)</a>
          </p>
        </footer>
      </body>
    </html>
  );
}
