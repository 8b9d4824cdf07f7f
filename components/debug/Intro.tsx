/**
 * The top of the /debug page: what the endpoints are for, the rules every
 * endpoint follows, the limits in force (with their env variables), and a
 * table of contents. Values come from the catalog and the live limits.
 */
import type { DebugLimits, EndpointSpec } from "../../lib/debug/mod.ts";
import { LimitsTable } from "./LimitsTable.tsx";
import { appHref } from "../app_path.ts";

/** Props of {@link Intro}. */
export interface IntroProps {
  /** The API's base path. */
  base: string;
  /** The reference from the page to the app's root (components/app_path.ts). */
  root: string;
  catalog: readonly EndpointSpec[];
  limits: DebugLimits;
}

/** Lead, rules, limits and contents. */
export function Intro({ base, root, catalog, limits }: IntroProps) {
  return (
    <div class="debug-intro">
      <p class="lead">
        Predictable HTTP endpoints for testing clients, proxies and retry logic,
        under{" "}
        <code data-app-path={base}>{base}</code>. Each has a runner: set the
        parameters, send the request from your browser, and copy the same
        request as a URL or a cURL command. The machine-readable description is
        {" "}
        <a
          href={appHref(root, `${base}/openapi.json`)}
          data-app-path={`${base}/openapi.json`}
        >
          {base}/openapi.json
        </a>{" "}
        (OpenAPI 3.1).
      </p>
      <nav class="toc" aria-label="Endpoints">
        <ul>
          {catalog.map((ep) => (
            <li key={ep.id}>
              <a href={`#${ep.id}`}>
                <code>{ep.path.slice(base.length)}</code>
                <span class="muted">{ep.summary}</span>
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <details class="rules">
        <summary>Rules every endpoint follows, and the limits</summary>
        <ul>
          <li>
            Stateless: the same request always gets the same behaviour.
          </li>
          <li>
            <code>sleep</code> on every endpoint delays the response:{" "}
            <code>250</code>, <code>250ms</code> or <code>1.5s</code>.
          </li>
          <li>
            Bad input gets a 4xx <code>application/problem+json</code>{" "}
            (RFC 9457) naming the parameter in{" "}
            <code>param</code>, before anything else happens; values are never
            clamped. The runner checks with the same parser and shows the same
            message before sending.
          </li>
          <li>
            CORS is open (<code>Access-Control-Allow-Origin: *</code>, no
            credentials); <code>HEAD</code> works wherever <code>GET</code>{" "}
            does; responses are{" "}
            <code>Cache-Control: no-store, no-transform</code>; unknown paths
            get a 404 problem.
          </li>
        </ul>
        <LimitsTable limits={limits} />
      </details>
      <details class="rules">
        <summary>How the runner sends requests</summary>
        <ul>
          <li>
            From this page with{" "}
            <code>fetch</code>, without cookies (so a 401 cannot open a login
            dialog); streams with{" "}
            <code>EventSource</code>. The duration runs from sending to the last
            body byte.
          </li>
          <li>
            The cURL command repeats the request exactly: method, your headers,
            the body (<code>--data-raw</code>), <code>--compressed</code>{" "}
            where the server compresses, <code>-N</code> for streams, and{" "}
            <code>-L</code> when the runner follows redirects.
          </li>
          <li>
            A body without a Content-Type goes as{" "}
            <code>text/plain;charset=UTF-8</code>{" "}
            (what browsers send), written into the cURL too. Headers a page may
            not set (Cookie, Host, Origin, Sec-*, and User-Agent in Chromium)
            are refused rather than silently dropped.
          </li>
          <li>
            Redirects are followed by default. Unfollowed, a browser hides the
            redirect's status and Location from the page; the cURL command shows
            them.
          </li>
          <li>
            The form lives in the address bar's{" "}
            <code>#fragment</code>: copy the page URL to share a configured
            request. Enter runs it (Ctrl+Enter inside the headers and body
            boxes).
          </li>
        </ul>
      </details>
    </div>
  );
}
