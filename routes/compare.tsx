/** Spec compare page: the CompareViewer island inside the shared layout. */
import { Island } from "../components/Island.tsx";
import CompareViewer from "../islands/compare/CompareViewer.tsx";
import { appHref } from "../components/app_path.ts";
import type { PageProps } from "./page.ts";

export const meta = {
  title: "Compare spec versions · Wirebench",
  description:
    "What changed between two versions of an OpenAPI or Swagger document, and what breaks its clients, in your browser.",
  // spec.css styles the rejection box the compare page shares with /spec.
  styles: ["/spec.css", "/compare.css"],
};

/** The spec compare page. */
export default function Page({ app, root }: PageProps) {
  return (
    <section class="tool">
      <h1>Compare spec versions</h1>
      <p class="lead cmp-lead">
        What changed between two versions of an API description, and what breaks
        a client written against the older one. Both documents are parsed in
        your browser and never uploaded. To browse one version, open it in the
        {" "}
        <a href={appHref(root, "/spec")}>spec viewer</a>.
      </p>
      <Island
        name="CompareViewer"
        component={CompareViewer}
        props={{
          workerUrl: app.buildUrl("compare_worker.js"),
          specUrl: appHref(root, "/spec"),
        }}
      />
    </section>
  );
}
