/**
 * The /debug page body: intro, then one section per catalog entry, each
 * with its reference and its "Try it" runner. The runner is an island the
 * route hands in ({@link DebugPageProps.renderRunner}: one island per
 * endpoint, so each hydrates on its own and carries only its own catalog
 * entry); this markup knows nothing of its code.
 */
import type { ComponentChildren } from "preact";
import type { DebugLimits } from "../../lib/debug/mod.ts";
import type {
  EndpointSpec,
  ExampleSpec,
} from "../../lib/debug/core/catalog.ts";
import { EndpointDoc } from "./EndpointDoc.tsx";
import { Intro } from "./Intro.tsx";
import type { Samples } from "./samples.ts";

/** Props of {@link DebugPage}. */
export interface DebugPageProps {
  /** The API's base path, e.g. `/api/debug`. */
  base: string;
  /** The reference from the page to the app's root (components/app_path.ts). */
  root: string;
  catalog: readonly EndpointSpec[];
  limits: DebugLimits;
  samples: Samples;
  /** The runner of `ep`, shown beside its reference. */
  renderRunner: (ep: EndpointSpec) => ComponentChildren;
  /** The link that loads example `ex` into `ep`'s runner ("Try"). */
  exampleHref: (ep: EndpointSpec, ex: ExampleSpec) => string;
}

/** Everything under the page's h1. */
export function DebugPage(
  {
    base,
    root,
    catalog,
    limits,
    samples,
    renderRunner,
    exampleHref,
  }: DebugPageProps,
) {
  return (
    <>
      <Intro base={base} root={root} catalog={catalog} limits={limits} />
      {catalog.map((ep) => (
        <EndpointDoc
          key={ep.id}
          ep={ep}
          samples={samples}
          root={root}
          exampleHref={exampleHref}
        >
          {renderRunner(ep)}
        </EndpointDoc>
      ))}
    </>
  );
}
