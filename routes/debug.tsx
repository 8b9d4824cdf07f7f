/** Debug endpoints page: reference and one runner island per endpoint. */
import { DebugPage } from "../components/debug/DebugPage.tsx";
import { recordSamples } from "../components/debug/samples.ts";
import { envLimits } from "../lib/debug/limits.ts";
import { debugFetch } from "./api/debug/mod.ts";
import type { PageProps } from "../server/render.tsx";

export const meta = {
  title: "Debug endpoints · Wirebench",
  description:
    "Predictable HTTP endpoints for client tests, with a Try it runner.",
  styles: ["/debug.css"],
};

// Recorded once per process from the real handlers (a few ms).
const samples = await recordSamples(debugFetch, envLimits());

/** The Debug endpoints page. */
export default function Page({ url }: PageProps) {
  return (
    <section class="tool debug-page">
      <h1>Debug endpoints</h1>
      <DebugPage limits={envLimits()} origin={url.origin} samples={samples} />
    </section>
  );
}
