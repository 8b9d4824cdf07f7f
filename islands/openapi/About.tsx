import type { AboutInfo } from "../../lib/openapi/types.ts";
import { Markdown } from "./Markdown.tsx";
import { closeOnEscape } from "./disclosure.ts";
import { DocLink } from "./DocLink.tsx";
import { foldText } from "../../lib/shared/fold.ts";

/**
 * "About this API": the description, terms, contact, license and docs, and
 * the security schemes (where a client puts its credentials, each OAuth 2
 * flow's URLs and scopes), as Swagger UI's info block and Redoc's
 * "Authentication" section show them. Closed at first: the endpoints are
 * what a reader came for, and a description may run to pages.
 */
export function About(
  { about, onTag, pressedTags = [] }: {
    about: AboutInfo;
    /** A tag's name pressed: the list shows that tag's endpoints. */
    onTag?: (name: string) => void;
    /** Lower-case tags the filter's tag terms name: their names are pressed. */
    pressedTags?: readonly string[];
  },
) {
  const { description, links, schemes, schemeCount, tags } = about;
  if (
    !description.length && !links.length && !schemeCount && !tags.length
  ) return null;
  const parts = [
    description.length ? "description" : "",
    links.length ? links.map((l) => l.label.toLowerCase()).join(", ") : "",
    schemeCount
      ? `${schemeCount} security scheme${schemeCount === 1 ? "" : "s"}`
      : "",
    tags.length ? `${tags.length} tag${tags.length === 1 ? "" : "s"}` : "",
  ].filter(Boolean);
  return (
    <details
      class="sv-about"
      data-testid="spec-about"
      onKeyDown={closeOnEscape}
    >
      <summary>
        About this API <span class="muted">({parts.join("; ")})</span>
      </summary>
      <Markdown md={description} class="sv-md sv-about-description" />
      {links.length > 0 && (
        <dl class="sv-about-links">
          {links.map((l, k) => (
            <div key={k}>
              <dt>{l.label}</dt>
              <dd>
                <DocLink link={l.link} />
              </dd>
            </div>
          ))}
        </dl>
      )}
      {schemeCount > 0 && (
        <section aria-labelledby="sv-auth-h">
          <h3 id="sv-auth-h">Authentication</h3>
          <ul class="sv-plain-list sv-schemes">
            {schemes.map((s, k) => (
              <li
                key={k}
                data-testid="spec-security-scheme"
                data-name={s.name}
              >
                <p>
                  <code>{s.name}</code> {s.summary}
                  {s.openIdConnect && (
                    <>
                      {": "}
                      <DocLink link={s.openIdConnect} />
                    </>
                  )}
                  {s.deprecated && (
                    <>
                      {" "}
                      <span class="sv-deprecated">deprecated</span>
                    </>
                  )}
                </p>
                {s.metadata && (
                  <p>
                    Authorization server metadata: <DocLink link={s.metadata} />
                  </p>
                )}
                <Markdown md={s.description} />
                {s.flows.map((f, k) => (
                  <div class="sv-flow" key={k}>
                    <p>
                      {f.flow} flow{f.urls.map((u, i) => (
                        <span key={i}>
                          {i ? ", " : ": "}
                          <DocLink link={u} />
                        </span>
                      ))}
                    </p>
                    {f.scopes.length > 0 && (
                      <table class="sv-table sv-scopes">
                        <thead>
                          <tr>
                            <th scope="col">Scope</th>
                            <th scope="col">Grants</th>
                          </tr>
                        </thead>
                        <tbody>
                          {f.scopes.map(([scope, what], k) => (
                            <tr key={k}>
                              <td>
                                <code>{scope}</code>
                              </td>
                              <td>{what}</td>
                            </tr>
                          ))}
                        </tbody>
                      </table>
                    )}
                  </div>
                ))}
              </li>
            ))}
          </ul>
          {schemeCount > schemes.length && (
            <p class="muted">
              The first {schemes.length} of {schemeCount} schemes are listed.
            </p>
          )}
        </section>
      )}
      {tags.length > 0 && (
        // What Swagger UI heads each tag's group with; the name filters the
        // list to the tag, as a row's tag does.
        <section aria-labelledby="sv-tags-h">
          <h3 id="sv-tags-h">Tags</h3>
          <dl class="sv-about-tags">
            {tags.map((t, k) => (
              <div key={k} data-testid="spec-about-tag" data-name={t.name}>
                <dt>
                  <button
                    type="button"
                    class="sv-tag"
                    aria-pressed={pressedTags.includes(foldText(t.name))}
                    title={pressedTags.includes(foldText(t.name))
                      ? `Stop filtering by the tag ${t.name}`
                      : `Show only endpoints tagged ${t.name}`}
                    onClick={() =>
                      onTag?.(t.name)}
                  >
                    {t.name}
                  </button>
                </dt>
                <dd>
                  {(t.summary || t.parent || t.kind) && (
                    <p class="sv-tag-facts">
                      {t.summary && <strong>{t.summary}</strong>}
                      {t.parent && (
                        <span class="muted">
                          {t.summary ? " · " : ""}under <code>{t.parent}</code>
                        </span>
                      )}
                      {t.kind && (
                        <span class="muted">
                          {t.summary || t.parent ? " · " : ""}kind{" "}
                          <code>{t.kind}</code>
                        </span>
                      )}
                    </p>
                  )}
                  <Markdown md={t.description} />
                  {t.docs && <DocLink link={t.docs} />}
                </dd>
              </div>
            ))}
          </dl>
        </section>
      )}
    </details>
  );
}
