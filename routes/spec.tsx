/** Spec viewer page: the SpecViewer island inside the shared layout. */
import { Island } from "../components/Island.tsx";
import SpecViewer from "../islands/SpecViewer.tsx";
import { buildUrl } from "../server/assets.ts";

export const meta = {
  title: "Spec viewer · Wirebench",
  description: "Browse any OpenAPI or Swagger document in your browser.",
  styles: ["/spec.css"],
};

/** The Spec viewer page. */
export default function Page() {
  const props = {
    workerUrl: buildUrl("spec_worker.js"),
    exampleUrl: "/api/debug/openapi.json",
  };
  return (
    <section class="tool">
      <h1>Spec viewer</h1>
      <Island name="SpecViewer" component={SpecViewer} props={props} />
    </section>
  );
}
