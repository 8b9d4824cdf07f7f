/**
 * The catalog's example requests: a link to the raw response, a "Try" link
 * that loads the example into the runner (a URL fragment, so it also works
 * as a shareable link), and the response recorded from the real handler.
 */
import type {
  EndpointSpec,
  ExampleSpec,
} from "../../lib/debug/core/catalog.ts";
import { isJsonType } from "../../lib/shared/json_pretty.ts";
import type { Samples } from "./samples.ts";
import { appHref } from "../app_path.ts";
import { CodeBlock } from "./Prose.tsx";
import { methodClass } from "../../lib/shared/method_class.ts";
import { statusClass } from "../../lib/shared/status.ts";

/** Props of {@link Examples}. */
export interface ExamplesProps {
  ep: EndpointSpec;
  samples: Samples;
  /** The reference from the page to the app's root (components/app_path.ts). */
  root: string;
  /** The link that loads `ex` into `ep`'s runner. */
  exampleHref: (ep: EndpointSpec, ex: ExampleSpec) => string;
}

/** One block per example. */
export function Examples(
  { ep, samples, root, exampleHref }: ExamplesProps,
) {
  return (
    <ul class="examples">
      {ep.examples.map((ex, i) => {
        const method = ex.method ?? "GET";
        const sample = samples.get(`${ep.id}#${i}`);
        return (
          <li key={i} class="example">
            <div class="example-head">
              <span class={methodClass(method)}>{method}</span>
              {method === "GET"
                ? (
                  <a class="example-url" href={appHref(root, ex.url)}>
                    <code data-app-path={ex.url}>{ex.url}</code>
                  </a>
                )
                : (
                  <code class="example-url" data-app-path={ex.url}>
                    {ex.url}
                  </code>
                )}
              <span class="muted">{ex.description}</span>
              <a
                class="button try"
                href={exampleHref(ep, ex)}
              >
                Try<span class="visually-hidden">{ex.description}</span>
              </a>
            </div>
            {sample && (
              <details class="sample">
                <summary>
                  Response{" "}
                  <span class={`status status-${statusClass(sample.status)}`}>
                    {sample.status}
                  </span>
                  {sample.note && <span class="muted">({sample.note})</span>}
                </summary>
                {sample.headers.length > 0 && (
                  <pre class="sample-headers">
                    {sample.headers.map(([k, v]) => `${k}: ${v}`).join("\n")}
                  </pre>
                )}
                {sample.body && (
                  <CodeBlock
                    text={sample.body}
                    json={isJsonType(sample.contentType)}
                  />
                )}
              </details>
            )}
          </li>
        );
      })}
    </ul>
  );
}
