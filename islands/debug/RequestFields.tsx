/**
 * The runner's request options beyond the catalog parameters: method,
 * extra query (where the endpoint reads any), redirect following, then the headers and body
 * editors ({@link TextFields}).
 */
import {
  canRedirect,
  queryHint,
  queryPlaceholder,
  runnerKind,
  runnerMethods,
  takesAnyMethod,
  takesQuery,
} from "./model.ts";
import { described, fieldId, FieldNotes } from "./ParamField.tsx";
import { TextFields, type TextFieldsProps } from "./TextFields.tsx";
import { MAX_METHOD_CHARS } from "./headers.ts";
import { useState } from "preact/hooks";

/** The select's value for a method name of one's own: no method's (RFC 9110 §5.6.2 tokens hold no parentheses). */
const OTHER = "(other)";
/** The name "Other…" starts with: a method a server may answer (WebDAV). */
const OTHER_EXAMPLE = "PROPFIND";

/** Method, extra query, follow, headers and body, as the endpoint allows. */
export function RequestFields(
  { ep, uid, state, errors, implicitType, update }: TextFieldsProps,
) {
  const methods = runnerMethods(ep);
  const any = takesAnyMethod(ep);
  // A method of one's own: the select says "Other…", a box holds the name.
  // Held apart from the name, so typing GETALL does not become GET and
  // take the box away on its third letter.
  const [other, setOther] = useState(false);
  const own = any && (other || !methods.includes(state.method));
  const id = (n: string) => fieldId(uid, n);
  return (
    <>
      {runnerKind(ep) !== "fetch"
        ? (
          <p class="field-note">
            {runnerKind(ep) === "events"
              ? (
                <>
                  EventSource always sends GET with{" "}
                  <code>Accept: text/event-stream</code>; it cannot add headers.
                </>
              )
              : "A browser's WebSocket sends the upgrade GET itself; it cannot add headers."}
          </p>
        )
        : (
          <div class="field field-method">
            <label for={own ? id("method-kind") : id("method")}>Method</label>
            <select
              id={own ? id("method-kind") : id("method")}
              data-param="method"
              value={own ? OTHER : state.method}
              {...(own ? {} : described(id("method"), errors.method))}
              onChange={(e) => {
                const v = e.currentTarget.value;
                setOther(v === OTHER);
                update({ method: v === OTHER ? OTHER_EXAMPLE : v });
              }}
            >
              {methods.map((m) => <option key={m} value={m}>{m}</option>)}
              {any && <option value={OTHER}>Other…</option>}
            </select>
            {own && (
              <>
                {/* The field a failed run focuses: `method`'s id. */}
                <label class="visually-hidden" for={id("method")}>
                  Method name
                </label>
                <input
                  type="text"
                  id={id("method")}
                  data-param="method-name"
                  class="method-name"
                  value={state.method}
                  spellcheck={false}
                  autocomplete="off"
                  maxLength={MAX_METHOD_CHARS}
                  {...described(id("method"), errors.method)}
                  onInput={(e) => update({ method: e.currentTarget.value })}
                />
              </>
            )}
            <FieldNotes
              id={id("method")}
              hint={any
                ? `This endpoint answers any method; Other… takes a name of your own (WebDAV's PROPFIND, a verb of your API).`
                : `This endpoint answers ${methods.join(", ")}.`}
              error={errors.method}
            />
          </div>
        )}
      {takesQuery(ep) && (
        <div class="field field-query">
          <label for={id("query")}>Extra query</label>
          <input
            id={id("query")}
            type="text"
            data-option="query"
            autoComplete="off"
            spellcheck={false}
            placeholder={queryPlaceholder(ep)}
            value={state.query}
            {...described(id("query"), errors.query)}
            onInput={(e) => update({ query: e.currentTarget.value })}
          />
          <FieldNotes
            id={id("query")}
            hint={queryHint(ep)}
            error={errors.query}
          />
        </div>
      )}
      {canRedirect(ep) && (
        <div class="field field-follow">
          <label class="check" for={id("follow")}>
            <input
              id={id("follow")}
              type="checkbox"
              data-option="follow"
              checked={state.follow}
              {...described(id("follow"))}
              onChange={(e) => update({ follow: e.currentTarget.checked })}
            />
            <span>Follow redirects</span>
          </label>
          <FieldNotes
            id={id("follow")}
            hint="On: like fetch's default, the browser follows each Location and the cURL gets -L. Off: the browser stops at the redirect but hides its status and Location from the page (an opaque redirect); the cURL command shows them."
          />
        </div>
      )}
      <TextFields
        ep={ep}
        uid={uid}
        state={state}
        errors={errors}
        implicitType={implicitType}
        update={update}
      />
    </>
  );
}
