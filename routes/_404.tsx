/** The 404 page for unknown paths outside the debug API. */
import { appHref } from "../components/app_path.ts";
import type { PageProps } from "./page.ts";

export const meta = {
  title: "Page not found · Wirebench",
  description: "There is no page at this address.",
};

/** Not-found page with links back to the tools. */
export default function NotFound({ url, root }: PageProps) {
  return (
    <section class="not-found">
      <h1>Page not found</h1>
      <p>
        There is no page at <code>{url.pathname}</code>. Try one of the tools:
      </p>
      <ul>
        <li>
          <a href={appHref(root, "/spec")}>Spec viewer</a>
        </li>
        <li>
          <a href={appHref(root, "/har")}>HAR viewer</a>
        </li>
        <li>
          <a href={appHref(root, "/debug")}>Debug endpoints</a>
        </li>
      </ul>
    </section>
  );
}
