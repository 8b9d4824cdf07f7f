/** Spec viewer page: the SpecViewer island inside the shared layout. */
import { Island } from "../components/Island.tsx";
import SpecViewer from "../islands/openapi/SpecViewer.tsx";
import type { PageProps } from "../server/render.tsx";

export const meta = {
  title: "Spec viewer · Wirebench",
  description: "Browse any OpenAPI or Swagger document in your browser.",
  styles: ["/spec.css"],
};

/** The Spec viewer page. */
export default function Page({ app }: PageProps) {
  const props = {
    workerUrl: app.buildUrl("spec_worker.js"),
    exampleUrl: `${app.debug.base}/openapi.json`,
  };
  return (
    <section class="tool">
      <h1>Spec viewer</h1>
      <Island name="SpecViewer" component={SpecViewer} props={props} />
    </section>
  );
}
