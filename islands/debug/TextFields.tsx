/**
 * The headers editor (one `Name: value` per line) and the body editor. In
 * these boxes Enter makes a new line; Ctrl+Enter (⌘+Enter) runs.
 */
import { trimEndOf } from "../../lib/shared/value.ts";
import { described, fieldId, FieldNotes } from "./ParamField.tsx";
import type { EndpointSpec } from "../../lib/debug/core/catalog.ts";
import {
  credentialsHeader,
  runnerKind,
  type RunnerState,
  withCredentials,
} from "./model.ts";
import type { StatePatch } from "./use_runner_state.ts";
import { parseHeaders } from "./headers.ts";
import { bodyFitsLink, LINK_BODY_MAX } from "./hash.ts";
import { formatBytes } from "../../lib/shared/format.ts";
import { isJsonType } from "../../lib/shared/json_pretty.ts";
import { jsonSyntaxFault, located } from "../../lib/shared/parse_error.ts";

const HEADERS_EXAMPLE = "X-Request-Id: 42\nAccept: application/json";
const BODY_EXAMPLE = '{"hello": "world"}';

function bytes(s: string): number {
  return new TextEncoder().encode(s).byteLength;
}

/** The body parsed as JSON, or undefined when it is not JSON. */
function asJson(body: string): unknown {
  try {
    return body.trim() === "" ? undefined : JSON.parse(body);
  } catch {
    return undefined;
  }
}

/**
 * Why a body sent with a JSON Content-Type is no JSON, with its place
 * (`… (line 1, column 9)`), or null. Said, not refused: a body that is
 * not what its type says is a test worth sending (the server reflects it
 * with `json: null`); Postman and Hoppscotch flag it the same way.
 */
function jsonFault(headers: string, body: string): string | null {
  const type = parseHeaders(headers).headers.find((h) =>
    h.name.toLowerCase() === "content-type"
  );
  if (!type || !isJsonType(type.value) || body.trim() === "") return null;
  try {
    JSON.parse(body);
    return null;
  } catch (e) {
    const f = jsonSyntaxFault(body, e);
    return located(f.message.replace(/^Not/, "not"), f);
  }
}

/** Props of {@link TextFields} (and of the request fields around them). */
export interface TextFieldsProps {
  ep: EndpointSpec;
  uid: string;
  state: RunnerState;
  errors: Record<string, string>;
  /** The Content-Type the runner adds because the headers name none. */
  implicitType?: string;
  update: (patch: StatePatch) => void;
}

/** One of the two text boxes, bound to its field of the state. */
function Editor(
  { field, rows, placeholder, uid, state, errors, update }:
    & Pick<TextFieldsProps, "uid" | "state" | "errors" | "update">
    & { field: "headers" | "body"; rows: number; placeholder: string },
) {
  const id = fieldId(uid, field);
  return (
    <textarea
      id={id}
      data-param={field}
      rows={rows}
      spellcheck={false}
      placeholder={placeholder}
      value={state[field]}
      {...described(id, errors[field])}
      onInput={(e) => update({ [field]: e.currentTarget.value })}
    />
  );
}

/** Headers (not for streams: EventSource cannot send any) and body. */
export function TextFields(
  { ep, uid, state, errors, implicitType, update }: TextFieldsProps,
) {
  const id = (n: string) => fieldId(uid, n);
  const json = asJson(state.body);
  const fault = json === undefined
    ? jsonFault(state.headers, state.body)
    : null;
  const credentials = credentialsHeader(ep, state.values);
  const bodyHint = state.body === ""
    ? "Empty: no body is sent."
    : `${bytes(state.body)} bytes${
      json !== undefined ? ", valid JSON" : fault ? `; ${fault}` : ""
    }. ${
      implicitType
        ? `No Content-Type given, so the runner sends ${implicitType} as browsers do (and says so in the cURL).`
        : "Sent as typed, UTF-8."
    }${
      state.body !== "" && !bodyFitsLink(state.body)
        ? ` It is too long for the page's link (over ${
          formatBytes(LINK_BODY_MAX)
        } in a URL): a reload or a copied link keeps the other fields, not this body.`
        : ""
    }`;
  return (
    <>
      {runnerKind(ep) === "fetch" && (
        <div class="field field-wide">
          <div class="label-row">
            <label for={id("headers")}>Headers</label>
            {credentials && (
              <button
                type="button"
                class="small"
                data-testid="add-credentials"
                onClick={() =>
                  update({
                    headers: withCredentials(state.headers, credentials),
                  })}
              >
                {!credentials.value.startsWith("Basic ")
                  ? "Add a sample bearer token"
                  : state.values.user
                  ? `Add Authorization for ${state.values.user}`
                  : "Add Authorization"}
              </button>
            )}
          </div>
          <Editor
            field="headers"
            rows={3}
            placeholder={HEADERS_EXAMPLE}
            {...{ uid, state, errors, update }}
          />
          <FieldNotes
            id={id("headers")}
            hint="One Name: value per line. Browsers keep some headers to themselves (Cookie, Host, Origin, Sec-*…) and refuse to send them from a page."
            error={errors.headers}
          />
        </div>
      )}
      {ep.acceptsBody && (
        <div class="field field-wide">
          <div class="label-row">
            <label for={id("body")}>Body</label>
            {json !== undefined && (
              <button
                type="button"
                class="small"
                onClick={() => update({ body: JSON.stringify(json, null, 2) })}
              >
                Format JSON
              </button>
            )}
          </div>
          <Editor
            field="body"
            rows={4}
            placeholder={BODY_EXAMPLE}
            {...{ uid, state, errors, update }}
          />
          <FieldNotes id={id("body")} hint={bodyHint} error={errors.body} />
          {implicitType && json !== undefined && (
            <button
              type="button"
              class="small add-type"
              onClick={() =>
                update({
                  headers: trimEndOf(state.headers, "\n") +
                    (state.headers.trim() ? "\n" : "") +
                    "Content-Type: application/json",
                })}
            >
              Send it as Content-Type: application/json
            </button>
          )}
        </div>
      )}
    </>
  );
}
