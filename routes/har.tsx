/** HAR viewer page: the HarViewer island inside the shared layout. */
import { Island } from "../components/Island.tsx";
import HarViewer from "../islands/HarViewer.tsx";

export const meta = {
  title: "HAR viewer · Wirebench",
  description: "Inspect HTTP Archive files from any browser, in your browser.",
};

/** The HAR viewer page. */
export default function Page() {
  return (
    <section class="tool">
      <h1>HAR viewer</h1>
      <Island name="HarViewer" component={HarViewer} props={{}} />
    </section>
  );
}
