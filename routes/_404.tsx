/** The 404 page for unknown paths outside the debug API. */
export const meta = {
  title: "Page not found · Wirebench",
  description: "There is no page at this address.",
};

/** Not-found page with links back to the tools. */
export default function NotFound({ url }: { url: URL }) {
  return (
    <section class="not-found">
      <h1>Page not found</h1>
      <p>
        There is no page at <code>{url.pathname}</code>. Try one of the tools:
      </p>
      <ul>
        <li>
          <a href="/spec">Spec viewer</a>
        </li>
        <li>
          <a href="/har">HAR viewer</a>
        </li>
        <li>
          <a href="/debug">Debug endpoints</a>
        </li>
      </ul>
    </section>
  );
}
