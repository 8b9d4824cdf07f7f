/** Debug endpoints page: the DebugRunner island inside the shared layout. */
import { Island } from "../components/Island.tsx";
import DebugRunner from "../islands/DebugRunner.tsx";

export const meta = {
  title: "Debug endpoints · Wirebench",
  description:
    "Predictable HTTP endpoints for client tests, with a Try it runner.",
};

/** The Debug endpoints page. */
export default function Page() {
  return (
    <section class="tool">
      <h1>Debug endpoints</h1>
      <Island name="DebugRunner" component={DebugRunner} props={{}} />
    </section>
  );
}
