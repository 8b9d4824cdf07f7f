/** The parameter table of one endpoint, from the catalog. */
import type { EndpointSpec } from "../../lib/debug/core/catalog.ts";
import { constraintText, defaultText } from "../../lib/debug/core/describe.ts";
import { Prose } from "./Prose.tsx";

/**
 * Name, in, type, default, accepted values and description per parameter.
 * The region and the table are named by one caption, whose path shows the
 * mount the page is under as the endpoint's own path does
 * (islands/debug/app_paths.ts), where an aria-label kept the server's.
 */
export function ParamTable({ ep }: { ep: EndpointSpec }) {
  const caption = `params-${ep.id}`;
  return (
    // Wide tables scroll sideways on narrow screens: the box takes focus so
    // the keyboard can scroll it too.
    <div
      class="table-wrap"
      tabIndex={0}
      role="region"
      aria-labelledby={caption}
    >
      <table class="params">
        <caption class="visually-hidden" id={caption}>
          Parameters of <span data-app-path={ep.path}>{ep.path}</span>
        </caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">In</th>
            <th scope="col">Type</th>
            <th scope="col">Default</th>
            <th scope="col">Accepts</th>
            <th scope="col">Description</th>
          </tr>
        </thead>
        <tbody>
          {ep.params.map((p) => (
            <tr key={p.name} data-param-doc={p.name}>
              <th scope="row">
                <code>{p.name}</code>
                {p.required && <span class="req" title="required">*</span>}
              </th>
              <td data-label="In">{p.in}</td>
              <td data-label="Type">{p.type}</td>
              <td data-label="Default">
                {defaultText(p) ? <code>{defaultText(p)}</code> : "—"}
              </td>
              <td data-label="Accepts">{constraintText(p)}</td>
              <td class="param-desc">
                <Prose text={p.description} />
                {(p.explain ?? []).map((e) => (
                  <span key={e.min} class="explain">
                    Refused with 400: {p.name} {e.min}–{e.max} {e.reason}
                  </span>
                ))}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
