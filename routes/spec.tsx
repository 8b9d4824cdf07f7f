/** Spec viewer page: the SpecViewer island inside the shared layout. */
import { Island } from "../components/Island.tsx";
import SpecViewer from "../islands/SpecViewer.tsx";

export const meta = {
  title: "Spec viewer · Wirebench",
  description: "Browse any OpenAPI or Swagger document in your browser.",
};

/** The Spec viewer page. */
export default function Page() {
  return (
    <section class="tool">
      <h1>Spec viewer</h1>
      <Island name="SpecViewer" component={SpecViewer} props={{}} />
    </section>
  );
}
