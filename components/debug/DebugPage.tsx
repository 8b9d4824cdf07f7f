/**
 * The /debug page body: intro, then one section per catalog entry, each
 * with its reference and a DebugRunner island (one island per endpoint, so
 * each hydrates on its own and carries only its own catalog entry).
 */
import type { DebugLimits, EndpointSpec } from "../../lib/debug/mod.ts";
import { Island } from "../Island.tsx";
import DebugRunner from "../../islands/debug/DebugRunner.tsx";
import { EndpointDoc } from "./EndpointDoc.tsx";
import { Intro } from "./Intro.tsx";
import type { Samples } from "./samples.ts";

/** Props of {@link DebugPage}. */
export interface DebugPageProps {
  /** The API's base path, e.g. `/api/debug`. */
  base: string;
  catalog: readonly EndpointSpec[];
  limits: DebugLimits;
  origin: string;
  samples: Samples;
}

/** Everything under the page's h1. */
export function DebugPage(
  { base, catalog, limits, origin, samples }: DebugPageProps,
) {
  return (
    <>
      <Intro base={base} catalog={catalog} limits={limits} />
      {catalog.map((ep) => (
        <EndpointDoc key={ep.id} ep={ep} samples={samples}>
          <Island
            name="DebugRunner"
            component={DebugRunner}
            props={{ spec: ep, maxBodyBytes: limits.maxBodyBytes, origin }}
          />
        </EndpointDoc>
      ))}
    </>
  );
}
