import type {
  BodyDetail,
  FieldDetail,
  ParamDetail,
  ResponseDetail,
} from "../../lib/spec/types.ts";
import { plainText } from "./text.ts";

/** The parameters table of an operation. */
export function Params({ list }: { list: ParamDetail[] }) {
  return (
    <table class="sv-table sv-params">
      <thead>
        <tr>
          <th scope="col">Name</th>
          <th scope="col">In</th>
          <th scope="col">Type</th>
          <th scope="col">Description</th>
        </tr>
      </thead>
      <tbody>
        {list.map((p) => (
          <tr key={`${p.in} ${p.name}`}>
            <td>
              <code>{p.name}</code>
              {p.required && <span class="sv-req" title="required">*</span>}
              {p.deprecated && <span class="sv-deprecated">deprecated</span>}
            </td>
            <td>
              {p.in}
              {p.fromPath && <span class="muted">(path item)</span>}
            </td>
            <td>
              <code>{p.type}</code>
            </td>
            <td class="sv-desc">{plainText(p.description)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Top-level fields of a body schema. */
export function Fields({ list }: { list: FieldDetail[] }) {
  if (!list.length) return null;
  return (
    <table class="sv-table sv-fields">
      <tbody>
        {list.map((f) => (
          <tr key={f.name}>
            <td>
              <code>{f.name}</code>
              {f.required && <span class="sv-req" title="required">*</span>}
            </td>
            <td>
              <code>{f.type}</code>
            </td>
            <td class="sv-desc">{plainText(f.description)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The media types of a body, each with its schema summary and fields. */
export function Bodies({ list }: { list: BodyDetail[] }) {
  // Several media types often share one schema: show its fields once.
  const sameSchema = list.every((b) =>
    b.type === list[0].type && b.fields.length === list[0].fields.length
  );
  return (
    <div class="sv-bodies">
      {list.map((b, i) => (
        <div key={b.mediaType}>
          <p class="sv-media">
            <code>{b.mediaType}</code>
            {b.type && <span class="sv-arrow" aria-hidden="true">→</span>}
            {b.type && <code>{b.type}</code>}
          </p>
          {(!sameSchema || i === list.length - 1) && <Fields list={b.fields} />}
        </div>
      ))}
    </div>
  );
}

function statusClass(s: string): string {
  const c = s[0];
  return c === "2" || c === "3" || c === "4" || c === "5"
    ? `sv-s${c}`
    : "sv-sx";
}

/** The responses of an operation. */
export function Responses({ list }: { list: ResponseDetail[] }) {
  return (
    <ul class="sv-responses">
      {list.map((r) => (
        <li key={r.status}>
          <span class={`sv-code ${statusClass(r.status)}`}>{r.status}</span>
          <span class="sv-desc">{plainText(r.description)}</span>
          {r.bodies.length > 0 && <Bodies list={r.bodies} />}
        </li>
      ))}
    </ul>
  );
}
