/**
 * A runner's configured request in the URL fragment, so it can be shared as
 * a link: `#status?code=503&sleep=1s`, `#echo?method=POST&body=...`. The
 * part before `?` is the endpoint id, which is also the id of its section,
 * so `#sse` alone is a plain anchor. Path parameters and what differs from
 * a fresh form are written. The fragment never reaches a server (RFC 3986 §3.5).
 * Pure and DOM-free; the reference's example links use it on the server.
 */
import {
  type EndpointSpec,
  type ExampleSpec,
  GET_METHODS,
  SAMPLE_BODY,
} from "../../lib/debug/core/catalog.ts";
import { formatFragment, fragmentTarget } from "../shared/fragment.ts";
import {
  initialState,
  methodFor,
  runnerKind,
  type RunnerState,
  takesQuery,
} from "./model.ts";

/**
 * The longest body a link keeps, counted percent-encoded. A fragment is no
 * place for a large body: Chromium spent 3-7 s per keystroke in
 * `history.replaceState` with a 0.97 MB JSON body (1.5 MB encoded), and
 * mail and chat cut long links anyway. A longer body is left out of the
 * link (the runner says so under the box); the other fields stay.
 */
export const LINK_BODY_MAX = 32 * 1024;

/** Whether `body` is short enough to be kept in a link ({@link LINK_BODY_MAX}). */
export function bodyFitsLink(body: string): boolean {
  // URLSearchParams encodes as the fragment does, a lone surrogate too.
  return body.length <= LINK_BODY_MAX &&
    new URLSearchParams([["", body]]).toString().length - 1 <= LINK_BODY_MAX;
}

/**
 * The fragment for `state`: `#id` alone when nothing differs, unless
 * `always` (example links), which gives `#id?` so following it loads the
 * state instead of only scrolling.
 */
export function formatHash(
  ep: EndpointSpec,
  state: RunnerState,
  always = false,
): string {
  const base = initialState(ep);
  const q = new URLSearchParams();
  for (const p of ep.params) {
    const v = state.values[p.name] ?? "";
    // Path parameters always: `#status?code=418` is a request, while a
    // bare `#status` is only an anchor (the contents links).
    if (p.in === "path" || v !== (base.values[p.name] ?? "")) q.set(p.name, v);
  }
  if (state.method !== base.method) q.set("method", state.method);
  if (state.headers !== "") q.set("headers", state.headers);
  if (state.body !== "" && bodyFitsLink(state.body)) {
    q.set("body", state.body);
  }
  if (!state.follow) q.set("follow", "0");
  if (state.query !== "") q.set("query", state.query);
  return formatFragment(q, ep.id, always);
}

/**
 * The state a fragment describes for `ep`, or null when the fragment is
 * about another endpoint. Unknown keys are ignored; missing ones keep their
 * fresh-form values. A bare `#id` is an anchor, not a state: following a
 * contents link must not reset a form the user has filled.
 */
export function parseHash(ep: EndpointSpec, hash: string): RunnerState | null {
  const { id, params: p } = fragmentTarget(hash);
  if (id !== ep.id || !p) return null;
  const s = initialState(ep);
  const values = { ...s.values };
  for (const spec of ep.params) {
    const v = p.get(spec.name);
    if (v !== null) values[spec.name] = v;
  }
  return {
    values,
    method: methodFor(ep, p.get("method") ?? "", s.method),
    headers: runnerKind(ep) === "fetch" ? p.get("headers") ?? "" : "",
    body: ep.acceptsBody ? p.get("body") ?? "" : "",
    follow: p.get("follow") !== "0",
    query: takesQuery(ep) ? p.get("query") ?? "" : "",
  };
}

/**
 * The runner state of a catalog example (`/api/debug/status/503?sleep=1s`):
 * path parameters read against the template, known query parameters into
 * their fields, the rest into the extra query where the endpoint has one.
 */
export function exampleState(ep: EndpointSpec, ex: ExampleSpec): RunnerState {
  const s = initialState(ep);
  const values = { ...s.values };
  const [path, qs = ""] = ex.url.split("?", 2);
  // The template's segments, then its optional ones (trailing, in order:
  // `/links/{n}[/{offset}]`), so `/links/5/2` fills both and `/links/5`
  // leaves `offset` empty, as the example is, not at the form's example.
  const tpl = ep.path.split("/");
  for (const p of ep.params) {
    if (p.in === "path" && !tpl.includes(`{${p.name}}`)) {
      tpl.push(`{${p.name}}`);
    }
  }
  const got = path.split("/");
  tpl.forEach((seg, i) => {
    const m = /^\{(\w+)\}$/.exec(seg);
    if (!m) return;
    if (got[i] !== undefined) values[m[1]] = decodeURIComponent(got[i]);
    else if (ep.params.some((p) => p.name === m[1] && !p.required)) {
      values[m[1]] = "";
    }
  });
  const extra = new URLSearchParams();
  for (const [k, v] of new URLSearchParams(qs)) {
    if (ep.params.some((p) => p.name === k && p.in === "query")) values[k] = v;
    else extra.append(k, v);
  }
  const method = methodFor(ep, ex.method ?? "", s.method);
  // An example that sends a body but names none gets a small JSON one, so
  // "Try" shows the body reflected rather than an empty request.
  const withBody = ep.acceptsBody && !GET_METHODS.includes(method);
  return {
    ...s,
    values,
    method,
    headers: withBody ? "Content-Type: application/json" : "",
    body: withBody ? SAMPLE_BODY : "",
    query: takesQuery(ep) ? extra.toString() : "",
  };
}
