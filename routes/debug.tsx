/**
 * Debug endpoints page: the reference, with one DebugRunner island per
 * endpoint handed to it, and the fragment links that load an example into
 * a runner.
 */
import { Island, IslandShared } from "../components/Island.tsx";
import { DebugPage } from "../components/debug/DebugPage.tsx";
import DebugRunner from "../islands/debug/DebugRunner.tsx";
import { exampleState, formatHash } from "../islands/debug/hash.ts";
import { runnerCatalog } from "../islands/debug/runner_catalog.ts";
import type { PageProps } from "./page.ts";

export const meta = {
  title: "Debug endpoints · Wirebench",
  description:
    "Predictable HTTP endpoints for client tests, with a Try it runner.",
  styles: ["/debug.css"],
};

/** The Debug endpoints page. */
export default function Page({ app, root, mount }: PageProps) {
  const { base, catalog, limits, samples } = app.debug;
  // Once for every runner: each marker names only its endpoint.
  const shared = {
    catalog: runnerCatalog(catalog),
    maxBodyBytes: limits.maxBodyBytes,
    root,
    mount,
  };
  return (
    <section class="tool debug-page">
      <h1>Debug endpoints</h1>
      <IslandShared name="DebugRunner" value={shared} />
      <DebugPage
        base={base}
        root={root}
        catalog={catalog}
        limits={limits}
        samples={samples}
        renderRunner={(ep) => (
          <Island
            name="DebugRunner"
            component={DebugRunner}
            props={{ endpoint: ep.id }}
            shared={shared}
          />
        )}
        exampleHref={(ep, ex) => formatHash(ep, exampleState(ep, ex), true)}
      />
    </section>
  );
}
