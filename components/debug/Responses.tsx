/** The documented responses of one endpoint, from the catalog. */
import { statusClass } from "../../lib/shared/status.ts";
import type { EndpointSpec, JsonSchema } from "../../lib/debug/core/catalog.ts";
import { Prose } from "./Prose.tsx";

function typeOf(s: JsonSchema): string {
  if ("const" in s) return JSON.stringify(s.const);
  if (Array.isArray(s.enum)) {
    return s.enum.map((v) => JSON.stringify(v)).join(" | ");
  }
  if (Array.isArray(s.type)) return s.type.join(" | ");
  if (typeof s.type === "string") {
    if (s.type === "array" && s.items) {
      return `${typeOf(s.items as JsonSchema)}[]`;
    }
    const lo = s.minimum, hi = s.maximum;
    const range = lo !== undefined && hi !== undefined
      ? ` ${lo}–${hi}`
      : lo !== undefined
      ? ` ≥ ${lo}`
      : hi !== undefined
      ? ` ≤ ${hi}`
      : "";
    return `${s.type}${s.format ? ` (${s.format})` : ""}${range}`;
  }
  if (Array.isArray(s.oneOf)) {
    return (s.oneOf as JsonSchema[]).map(typeOf).join(" | ");
  }
  return "any";
}

/** The top-level fields of a JSON body schema as a definition list. */
function Fields({ schema }: { schema: JsonSchema }) {
  const props = schema.properties as Record<string, JsonSchema> | undefined;
  if (!props) return null;
  const required = new Set((schema.required as string[] | undefined) ?? []);
  return (
    <dl class="fields">
      {Object.entries(props).map(([name, s]) => (
        <div key={name}>
          <dt>
            <code>{name}</code>
            {!required.has(name) && <span class="muted">optional</span>}
          </dt>
          <dd>
            <span class="type">{typeOf(s)}</span>
            {typeof s.description === "string" && (
              <>
                {" "}
                <Prose text={s.description} />
              </>
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** Status, description, media type, headers and body fields per response. */
export function Responses({ ep }: { ep: EndpointSpec }) {
  return (
    <ul class="responses">
      {ep.responses.map((r) => (
        <li key={r.status} class="response">
          <div class="response-head">
            <span class={`status status-${statusClass(r.status)}`}>
              {r.status}
            </span>
            <span>
              <Prose text={r.description} />
            </span>
            {r.contentType && <code class="ctype">{r.contentType}</code>}
          </div>
          {r.headers && r.headers.length > 0 && (
            <p class="response-headers">
              Headers: {r.headers.map((h, i) => (
                <span key={h.name}>
                  {i > 0 && ", "}
                  <code>{h.name}</code>{" "}
                  <span class="muted">({h.description})</span>
                </span>
              ))}
            </p>
          )}
          {r.schema && (r.contentType?.includes("problem")
            ? (
              // The same problem shape on every endpoint: folded away.
              <details class="problem-fields">
                <summary>Problem details fields</summary>
                <Fields schema={r.schema} />
              </details>
            )
            : <Fields schema={r.schema} />)}
        </li>
      ))}
    </ul>
  );
}
