/**
 * One endpoint's section of the /debug page: the server-rendered reference
 * (summary, methods, description, parameters, request headers, examples,
 * responses) beside its "Try it" runner island. Readable without scripts.
 */
import type { ComponentChildren } from "preact";
import type {
  EndpointSpec,
  ExampleSpec,
} from "../../lib/debug/core/catalog.ts";
import { ParamTable } from "./ParamTable.tsx";
import { Responses } from "./Responses.tsx";
import { Examples } from "./Examples.tsx";
import { Prose } from "./Prose.tsx";
import { methodClass } from "../../lib/shared/method_class.ts";
import type { Samples } from "./samples.ts";
import { referenceHeightRem } from "./reference_size.ts";

/** Props of {@link EndpointDoc}. */
export interface EndpointDocProps {
  ep: EndpointSpec;
  samples: Samples;
  /** The reference from the page to the app's root (components/app_path.ts). */
  root: string;
  /** The link that loads an example into the runner. */
  exampleHref: (ep: EndpointSpec, ex: ExampleSpec) => string;
  /** The runner island. */
  children: ComponentChildren;
}

/** Method badges. */
function Methods({ ep }: { ep: EndpointSpec }) {
  return (
    <span class="methods">
      {ep.methods.map((m) => <span key={m} class={methodClass(m)}>{m}</span>)}
    </span>
  );
}

/** The section of one endpoint. */
export function EndpointDoc(
  { ep, samples, root, exampleHref, children }: EndpointDocProps,
) {
  const title = `${ep.id}-title`;
  return (
    <section class="endpoint" id={ep.id} aria-labelledby={title}>
      <header class="endpoint-head">
        <h2 id={title}>
          <a class="anchor" href={`#${ep.id}`}>{ep.summary}</a>
        </h2>
        <p class="endpoint-path">
          <Methods ep={ep} />
          <code data-app-path={ep.path}>{ep.path}</code>
        </p>
      </header>
      <div class="endpoint-body">
        <div
          class="endpoint-doc"
          style={{ "--doc-guess": `${referenceHeightRem(ep)}rem` }}
        >
          <p>
            <Prose text={ep.description} />
          </p>
          <h3>Parameters</h3>
          <ParamTable ep={ep} />
          {ep.requestHeaders && ep.requestHeaders.length > 0 && (
            <>
              <h3>Request headers</h3>
              <ul class="req-headers">
                {ep.requestHeaders.map((h) => (
                  <li key={h.name}>
                    <code>{h.name}</code>: <Prose text={h.description} />
                  </li>
                ))}
              </ul>
            </>
          )}
          <h3>Examples</h3>
          <Examples
            ep={ep}
            samples={samples}
            root={root}
            exampleHref={exampleHref}
          />
          <h3>Responses</h3>
          <Responses ep={ep} />
        </div>
        <div class="endpoint-try">
          <h3>Try it</h3>
          {children}
        </div>
        {
          /* What scroll anchoring holds still below a reference laid out
           late (debug.css, .endpoint-end). */
        }
        <div class="endpoint-end" />
      </div>
    </section>
  );
}
