/** Home: what the three tools are, with a link to each. */
import { appHref } from "../components/app_path.ts";
import type { PageProps } from "./page.ts";

export const meta = {
  title: "Wirebench: tools for building and testing HTTP APIs",
  description:
    "Spec viewer, HTTP debug endpoints and HAR viewer: free, fast, private.",
};

const TOOLS = [
  {
    href: "/spec",
    name: "Spec viewer",
    cta: "Open the spec viewer",
    text:
      "Paste, pick or drop an OpenAPI 3.0/3.1/3.2 or Swagger 2.0 document (JSON or YAML) and filter every endpoint instantly, even on 3 MB specs.",
    more: {
      href: "/spec/compare",
      label: "Compare two versions",
      text: "what changed, and what breaks a client of the older one",
    },
  },
  {
    href: "/debug",
    name: "HTTP debug endpoints",
    cta: "Try the debug endpoints",
    text:
      "Stateless URLs with predictable behaviour (status codes, delays, redirect chains, echo, gzip, deflate, brotli, server-sent events) for your HTTP client tests, with a Try it runner.",
  },
  {
    href: "/har",
    name: "HAR viewer",
    cta: "Open the HAR viewer",
    text:
      "Load an HTTP Archive from any browser or proxy: filter, sort, inspect each request, read the timing waterfall and summary metrics, without freezing the tab.",
  },
];

/** The home page. */
export default function Home({ root }: PageProps) {
  return (
    <div class="home">
      <section class="hero">
        <h1>Tools for people who build and test HTTP APIs</h1>
        <p class="lead">
          Three tools, one page away. The viewers parse everything in your
          browser: no spec or HAR byte ever leaves it.
        </p>
      </section>
      <ul class="tool-cards">
        {TOOLS.map((t) => (
          <li class="card" key={t.href}>
            <h2>
              <a href={appHref(root, t.href)}>{t.name}</a>
            </h2>
            <p>{t.text}</p>
            {t.more && (
              <p>
                <a href={appHref(root, t.more.href)}>{t.more.label}</a>:{" "}
                {t.more.text}.
              </p>
            )}
            <a class="button" href={appHref(root, t.href)}>{t.cta}</a>
          </li>
        ))}
      </ul>
    </div>
  );
}
