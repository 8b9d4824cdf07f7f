/**
 * The /debug page body: intro, then one section per catalog entry, each
 * with its reference and a DebugRunner island (one island per endpoint, so
 * each hydrates on its own and carries only its id and the limits).
 */
import { debugCatalog, type DebugLimits } from "../../lib/debug/catalog.ts";
import { Island } from "../Island.tsx";
import DebugRunner from "../../islands/DebugRunner.tsx";
import { EndpointDoc } from "./EndpointDoc.tsx";
import { Intro } from "./Intro.tsx";
import type { Samples } from "./samples.ts";

/** Props of {@link DebugPage}. */
export interface DebugPageProps {
  limits: DebugLimits;
  origin: string;
  samples: Samples;
}

/** Everything under the page's h1. */
export function DebugPage({ limits, origin, samples }: DebugPageProps) {
  const catalog = debugCatalog(limits);
  return (
    <>
      <Intro catalog={catalog} limits={limits} />
      {catalog.map((ep) => (
        <EndpointDoc key={ep.id} ep={ep} samples={samples}>
          <Island
            name="DebugRunner"
            component={DebugRunner}
            props={{ id: ep.id, limits, origin }}
          />
        </EndpointDoc>
      ))}
    </>
  );
}
