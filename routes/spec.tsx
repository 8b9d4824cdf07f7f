/** Spec viewer page: the SpecViewer island inside the shared layout. */
import { Island } from "../components/Island.tsx";
import SpecViewer from "../islands/openapi/SpecViewer.tsx";
import { appHref } from "../components/app_path.ts";
import type { PageProps } from "./page.ts";

export const meta = {
  title: "Spec viewer · Wirebench",
  description: "Browse any OpenAPI or Swagger document in your browser.",
  styles: ["/spec.css"],
};

/** The Spec viewer page. */
export default function Page({ app, root }: PageProps) {
  const props = {
    workerUrl: app.buildUrl("spec_worker.js"),
    exampleUrl: appHref(root, `${app.debug.base}/openapi.json`),
  };
  return (
    <section class="tool">
      {/* Inline layout: spec.css belongs to the viewer's island. */}
      <div style="display:flex;flex-wrap:wrap;align-items:baseline;justify-content:space-between;gap:0 1rem">
        <h1>Spec viewer</h1>
        <a
          class="button"
          href={appHref(root, "/spec/compare")}
          data-testid="spec-compare-link"
        >
          Compare versions
        </a>
      </div>
      <Island name="SpecViewer" component={SpecViewer} props={props} />
    </section>
  );
}
