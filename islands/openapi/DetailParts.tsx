import type {
  BodyDetail,
  ExampleDetail,
  LinkDetail,
  ParamDetail,
  ResponseDetail,
} from "../../lib/openapi/types.ts";
import { statusClass } from "../../lib/shared/status.ts";
import { EnumValues } from "./EnumValues.tsx";
import { Markdown } from "./Markdown.tsx";
import { apartId, linkTargetHref } from "./hash.ts";
import { askApartRow, openApartRow } from "./apart_open.ts";
import { rowsOf, useBudgeted } from "./use_budgeted.ts";
import {
  ItemFacts,
  NodeFacts,
  RefName,
  SchemaTree,
  typeText,
} from "./SchemaTree.tsx";
import type { NodeCache } from "./use_nodes.ts";
import { QuotedText } from "../shared/BidiText.tsx";

/**
 * The parameters table of an operation, or (`headers`) a response's
 * headers, which have no "In".
 */
export function Params(
  { list, headers = false, cache }: {
    list: ParamDetail[];
    headers?: boolean;
    /** The detail's nodes, for a parameter whose schema is a tree. */
    cache?: NodeCache;
  },
) {
  return (
    <table
      class={`sv-table sv-params${headers ? " sv-headers" : ""}`}
      data-testid={headers ? "response-headers" : undefined}
    >
      <thead>
        <tr>
          <th scope="col">{headers ? "Header" : "Name"}</th>
          {!headers && <th scope="col">In</th>}
          <th scope="col">Type</th>
          <th scope="col">Description</th>
        </tr>
      </thead>
      <tbody>
        {list.map((p) => [
          <tr key={`${p.in} ${p.name}`}>
            <td>
              <code>{p.name}</code>
              {p.required && <span class="sv-req" title="required">*</span>}
              {p.deprecated && <span class="sv-deprecated">deprecated</span>}
            </td>
            {!headers && (
              <td>
                {p.in}
                {p.fromPath && <span class="muted">(path item)</span>}
              </td>
            )}
            <td>
              <code>{p.type}</code>
              {p.enums.map((e) => (
                <EnumValues
                  key={e.on}
                  label={`${e.on ? `${e.on} ` : ""}one of`}
                  values={e.values}
                  descriptions={e.descriptions}
                  names={e.names}
                  more={e.more}
                  class="st-fact sv-param-fact"
                  testid="param-enum"
                />
              ))}
              {p.facts.map((f) => (
                <span class="st-fact sv-param-fact" key={f}>{f}</span>
              ))}
            </td>
            <td class="sv-desc">
              <Markdown md={p.description} />
            </td>
          </tr>,
          // Fields or alternatives: the schema as a tree, under its row.
          p.schema && cache && (
            <tr key={`${p.in} ${p.name} schema`} class="sv-param-schema">
              <td colSpan={headers ? 3 : 4}>
                <SchemaTree
                  root={p.schema}
                  cache={cache}
                  label={`${headers ? "Header" : "Parameter"} ${p.name}`}
                />
              </td>
            </tr>
          ),
        ])}
      </tbody>
    </table>
  );
}

/** Examples of a body: generated, then as written in the spec. */
function Examples({ list }: { list: ExampleDetail[] }) {
  if (!list.length) return null;
  return (
    <div class="sv-examples">
      {list.map((e, i) => <Example key={i} example={e} />)}
    </div>
  );
}

/**
 * One example, whole, once the detail's row budget reaches it
 * (use_budgeted.ts): Kubernetes' Pod examples, 25,000 characters each,
 * cost as much layout as 36 tree rows apiece, and with its 12,000-character
 * command they made the frame that opens the operation one task of 70 ms.
 * Its text is never shown in part (`op-example` is all of it).
 */
function Example({ example: e }: { example: ExampleDetail }) {
  const shown = useBudgeted(rowsOf(e.text.length));
  return (
    // Busy while its text is still to come (WAI-ARIA 1.2 aria-busy).
    <figure class="sv-example" aria-busy={shown ? undefined : "true"}>
      <figcaption class="muted">{e.label}</figcaption>
      <HeldPre text={e.text} testid="op-example" shown={shown} />
    </figure>
  );
}

/**
 * Preformatted text once `shown`; until then a box of its height holds its
 * place, so what follows stays put.
 */
export function HeldPre(
  { text, class: cls, testid, shown }: {
    text: string;
    class?: string;
    testid?: string;
    shown: boolean;
  },
) {
  return shown
    ? (
      <pre tabIndex={0} class={cls} data-testid={testid}>
        <code>
          <QuotedText text={text} />
        </code>
      </pre>
    )
    : (
      <div
        class={cls ? `${cls} sv-pre-wait` : "sv-pre-wait"}
        style={{ "--lines": lineCount(text) }}
        aria-hidden="true"
      />
    );
}

/** Lines of `text` (a placeholder's height), up to more than a box shows. */
function lineCount(text: string): number {
  let n = 1;
  for (
    let i = text.indexOf("\n");
    i >= 0 && n < 20;
    i = text.indexOf("\n", i + 1)
  ) {
    n++;
  }
  return n;
}

/** The media types of a body, each with its schema tree and examples. */
export function Bodies(
  { list, cache, label }: {
    list: BodyDetail[];
    cache: NodeCache;
    label: string;
  },
) {
  // Several media types often share one schema: show its tree once.
  const shared = list.length > 1 &&
    list.every((b) => b.schema?.node === list[0].schema?.node);
  return (
    <div class="sv-bodies">
      {list.map((b, i) => {
        const root = b.schema;
        const node = root ? cache.nodes.get(root.node) : undefined;
        // A union of one named schema and null, folded into the body: that
        // schema's name, as a tree row says it.
        const named = root && !root.ref && node?.nullOf?.ref
          ? node.nullOf
          : root;
        const last = i === list.length - 1;
        return (
          <div key={b.mediaType} class="sv-body">
            <p class="sv-media">
              {b.mediaType && <code>{b.mediaType}</code>}
              {root && b.mediaType && (
                <span class="sv-arrow" aria-hidden="true">→</span>
              )}
              {root && (
                <code>
                  {named?.ref && named.named
                    ? (
                      <>
                        <RefName edge={named} inTree={false} />
                        {" "}
                      </>
                    )
                    : named?.ref
                    ? `${named.ref} `
                    : ""}
                  {typeText(root, node, cache.nodes)}
                </code>
              )}
              {node && <NodeFacts node={node} />}
              {node?.items && <ItemFacts node={node} nodes={cache.nodes} />}
            </p>
            {(!shared || last) && node && node.description.length > 0 && (
              <Markdown md={node.description} />
            )}
            {root && (!shared || last) && (
              <SchemaTree
                root={root}
                cache={cache}
                label={`${label} ${b.mediaType}`}
              />
            )}
            {b.encoding.length > 0 && (
              <ul class="sv-encoding" data-testid="body-encoding">
                {b.encoding.map((e) => (
                  <li key={e.name}>
                    <code>{e.name}</code> sent as {e.facts.join(", ")}
                  </li>
                ))}
              </ul>
            )}
            <Examples list={b.examples} />
          </div>
        );
      })}
    </div>
  );
}

/**
 * A response's links: which operation each feeds and with what, as Swagger
 * UI's "Links" column shows them.
 */

/**
 * After a link's target opens (the fragment names it), the focus goes to
 * its row, as pressing a row leaves it there: the link, inside the detail
 * that closes, would leave it on the page (WCAG 2.4.3). Waits for the old
 * detail to go and the new row to open, two seconds at most.
 */
function focusOpened(ev: MouseEvent): void {
  const link = ev.currentTarget as HTMLElement;
  const until = performance.now() + 2000;
  const look = () => {
    const open = document.querySelector<HTMLElement>(
      ".sv-row-main[aria-expanded=true]",
    );
    if (!link.isConnected && open) {
      if (document.activeElement === document.body || !document.activeElement) {
        open.focus();
      }
      return;
    }
    if (performance.now() < until) requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
}

/**
 * Opens the Webhooks or Callbacks row a link names (its `href` is the
 * row's id), asking its list for it when it is not rendered yet; a row
 * not listed at all (past the first 500) is left to the browser's own jump.
 */
function openApart(ev: MouseEvent): void {
  const id = (ev.currentTarget as HTMLAnchorElement).hash.slice(1);
  // The fragment stays the viewer's state: no anchor written into it.
  if (openApartRow(id) || askApartRow(id)) ev.preventDefault();
}

function Links({ list }: { list: LinkDetail[] }) {
  return (
    <table class="sv-table sv-links" data-testid="response-links">
      <thead>
        <tr>
          <th scope="col">Link</th>
          <th scope="col">Operation</th>
          <th scope="col">Parameters</th>
          <th scope="col">Description</th>
        </tr>
      </thead>
      <tbody>
        {list.map((l) => (
          <tr key={l.name}>
            <td>
              <code>{l.name}</code>
            </td>
            <td>
              {(() => {
                // Swagger UI names the target; here it opens, unless it
                // names nothing in the document (a link to nowhere).
                if (l.missing) {
                  return (
                    <>
                      <code>{l.target}</code>
                      <span class="sv-link-missing" data-testid="link-missing">
                        {" names no operation in this document"}
                      </span>
                    </>
                  );
                }
                // A webhook's or a callback's operation, listed apart:
                // its row there opens.
                if (l.apart) {
                  return (
                    <a
                      href={`#${apartId(l.apart)}`}
                      data-testid="link-target"
                      onClick={openApart}
                    >
                      <code>{l.target}</code>
                      <span class="muted">
                        {l.apart.kind === "webhook"
                          ? " (webhook)"
                          : " (callback)"}
                      </span>
                    </a>
                  );
                }
                const href = linkTargetHref(l.target);
                return href
                  ? (
                    <a
                      href={href}
                      data-testid="link-target"
                      onClick={focusOpened}
                    >
                      <code>{l.target}</code>
                    </a>
                  )
                  : <code>{l.target}</code>;
              })()}
              {l.server && (
                <span class="sv-link-server">
                  {" on "}
                  <code>{l.server}</code>
                </span>
              )}
            </td>
            <td>
              {l.parameters.map((p) => (
                <code class="sv-link-param" key={p}>{p}</code>
              ))}
            </td>
            <td class="sv-desc">
              <Markdown md={l.description} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The responses of an operation. */
export function Responses(
  { list, cache }: { list: ResponseDetail[]; cache: NodeCache },
) {
  return (
    <ul class="sv-responses">
      {list.map((r) => (
        <li key={r.status}>
          <div class="sv-response-head">
            <span class={`sv-code sv-s${statusClass(r.status)}`}>
              {r.status}
            </span>
            {r.summary && (
              <strong class="sv-response-summary">{r.summary}</strong>
            )}
            <Markdown md={r.description} class="sv-md sv-desc" />
          </div>
          {r.headers.length > 0 && (
            <Params list={r.headers} headers cache={cache} />
          )}
          {r.links.length > 0 && <Links list={r.links} />}
          {r.bodies.length > 0 && (
            <Bodies
              list={r.bodies}
              cache={cache}
              label={`Response ${r.status}`}
            />
          )}
        </li>
      ))}
    </ul>
  );
}
