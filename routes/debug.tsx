/** Debug endpoints page: reference and one runner island per endpoint. */
import { DebugPage } from "../components/debug/DebugPage.tsx";
import type { PageProps } from "../server/render.tsx";

export const meta = {
  title: "Debug endpoints · Wirebench",
  description:
    "Predictable HTTP endpoints for client tests, with a Try it runner.",
  styles: ["/debug.css"],
};

/** The Debug endpoints page. */
export default function Page({ url, app }: PageProps) {
  return (
    <section class="tool debug-page">
      <h1>Debug endpoints</h1>
      <DebugPage
        base={app.debug.base}
        catalog={app.debug.catalog}
        limits={app.debug.limits}
        origin={url.origin}
        samples={app.debug.samples}
      />
    </section>
  );
}
