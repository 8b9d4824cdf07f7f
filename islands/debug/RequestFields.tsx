/**
 * The runner's request options beyond the catalog parameters: method,
 * extra query (echo), redirect following, headers editor and body editor.
 * In the text boxes Enter makes a new line; Ctrl+Enter (⌘+Enter) runs.
 */
import type { EndpointSpec } from "../../lib/debug/catalog.ts";
import {
  canRedirect,
  reflectsQuery,
  runnerMethods,
  type RunnerState,
} from "./model.ts";
import { described, fieldId, FieldNotes } from "./ParamField.tsx";
import type { StatePatch } from "./use_runner_state.ts";

/** Props of {@link RequestFields}. */
export interface RequestFieldsProps {
  ep: EndpointSpec;
  uid: string;
  state: RunnerState;
  errors: Record<string, string>;
  /** The Content-Type the runner adds because the headers name none. */
  implicitType?: string;
  update: (patch: StatePatch) => void;
}

const HEADERS_EXAMPLE = "X-Request-Id: 42\nAccept: application/json";
const BODY_EXAMPLE = '{"hello": "world"}';

function bytes(s: string): number {
  return new TextEncoder().encode(s).byteLength;
}

/** Method, extra query, follow, headers and body, as the endpoint allows. */
export function RequestFields(
  { ep, uid, state, errors, implicitType, update }: RequestFieldsProps,
) {
  const methods = runnerMethods(ep);
  const id = (n: string) => fieldId(uid, n);
  const jsonBody = (() => {
    try {
      return state.body.trim() !== "" && JSON.parse(state.body) !== undefined;
    } catch {
      return false;
    }
  })();
  return (
    <>
      {ep.streaming
        ? (
          <p class="field-note">
            EventSource always sends GET with{" "}
            <code>Accept: text/event-stream</code>; it cannot add headers.
          </p>
        )
        : (
          <div class="field field-method">
            <label for={id("method")}>Method</label>
            <select
              id={id("method")}
              data-param="method"
              value={state.method}
              {...described(id("method"), errors.method)}
              onChange={(e) => update({ method: e.currentTarget.value })}
            >
              {methods.map((m) => <option key={m} value={m}>{m}</option>)}
            </select>
            <FieldNotes
              id={id("method")}
              hint={`This endpoint answers ${methods.join(", ")}.`}
              error={errors.method}
            />
          </div>
        )}
      {reflectsQuery(ep) && (
        <div class="field field-query">
          <label for={id("query")}>Extra query</label>
          <input
            id={id("query")}
            type="text"
            data-option="query"
            autoComplete="off"
            spellcheck={false}
            placeholder="a=1&a=2&b=x"
            value={state.query}
            {...described(id("query"), errors.query)}
            onInput={(e) => update({ query: e.currentTarget.value })}
          />
          <FieldNotes
            id={id("query")}
            hint="Any name=value pairs to reflect; repeated names become arrays."
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
      {!ep.streaming && (
        <div class="field field-wide">
          <label for={id("headers")}>Headers</label>
          <textarea
            id={id("headers")}
            data-param="headers"
            rows={3}
            spellcheck={false}
            placeholder={HEADERS_EXAMPLE}
            value={state.headers}
            {...described(id("headers"), errors.headers)}
            onInput={(e) => update({ headers: e.currentTarget.value })}
          />
          <FieldNotes
            id={id("headers")}
            hint="One Name: value per line. Browsers own some headers (Cookie, Host, Origin, Sec-*...) and refuse to send them from a page."
            error={errors.headers}
          />
        </div>
      )}
      {ep.acceptsBody && (
        <div class="field field-wide">
          <label for={id("body")}>Body</label>
          <textarea
            id={id("body")}
            data-param="body"
            rows={4}
            spellcheck={false}
            placeholder={BODY_EXAMPLE}
            value={state.body}
            {...described(id("body"), errors.body)}
            onInput={(e) => update({ body: e.currentTarget.value })}
          />
          <FieldNotes
            id={id("body")}
            hint={state.body === ""
              ? "Empty: no body is sent."
              : `${bytes(state.body)} bytes${jsonBody ? ", valid JSON" : ""}. ${
                implicitType
                  ? `No Content-Type header given: the runner sends ${implicitType}, as browsers do (shown in the cURL).`
                  : "Sent as typed, UTF-8."
              }`}
            error={errors.body}
          />
        </div>
      )}
    </>
  );
}
