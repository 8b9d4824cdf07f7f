/** HAR viewer page: the HarViewer island inside the shared layout. */
import { Island } from "../components/Island.tsx";
import HarViewer from "../islands/har/HarViewer.tsx";
import type { PageProps } from "./page.ts";

export const meta = {
  title: "HAR viewer · Wirebench",
  description:
    "Open HAR files from any browser or proxy: waterfall, filters, details and a sanitized copy, all in your browser.",
  styles: ["/har.css"],
};

/** The HAR viewer page. */
export default function Page({ app }: PageProps) {
  return (
    <section class="tool har-page">
      <h1>HAR viewer</h1>
      <Island
        name="HarViewer"
        component={HarViewer}
        props={{
          workerUrl: app.buildUrl("har_worker.js"),
          patternWorkerUrl: app.buildUrl("pattern_worker.js"),
        }}
      />
    </section>
  );
}
