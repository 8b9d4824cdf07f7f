/**
 * The /debug page's table of the limits in force: the per-request limits
 * of the catalog and the instance limits (long-request cap, rate limit),
 * each with its env variable (README "Reliability and limits").
 */
import type { DebugLimits } from "../../lib/debug/catalog.ts";
import {
  envServiceLimits,
  LIMIT_ENV,
  SERVICE_LIMIT_ENV,
  type ServiceLimits,
} from "../../lib/debug/limits.ts";

const LIMIT_TEXT: Record<keyof DebugLimits, string> = {
  maxSleepMs: "Longest sleep, ms",
  maxRedirects: "Longest redirect chain",
  maxBodyBytes: "Largest request body, bytes",
  maxSseCount: "Most SSE events",
  maxSseIntervalMs: "Longest SSE interval and retry, ms",
};

/** Limits of this server, as a table. */
export function LimitsTable({ limits }: { limits: DebugLimits }) {
  return (
    <table class="limits">
      <caption>Limits of this server</caption>
      <thead>
        <tr>
          <th scope="col">Limit</th>
          <th scope="col">Value</th>
          <th scope="col">Env variable</th>
        </tr>
      </thead>
      <tbody>
        {(Object.keys(LIMIT_ENV) as (keyof DebugLimits)[]).map((k) => (
          <tr key={k} data-limit={k}>
            <td>{LIMIT_TEXT[k]}</td>
            <td>{limits[k]}</td>
            <td>
              <code>{LIMIT_ENV[k]}</code>
            </td>
          </tr>
        ))}
        {(Object.keys(SERVICE_LIMIT_ENV) as (keyof ServiceLimits)[]).map(
          (k) => {
            const v = envServiceLimits()[k];
            return (
              <tr key={k} data-limit={k}>
                <td>
                  {k === "maxLongRequests"
                    ? "Sleeps and SSE streams held at once, per core (then 503)"
                    : "Requests per minute per client (then 429)"}
                </td>
                <td>{v === 0 ? "off" : v}</td>
                <td>
                  <code>{SERVICE_LIMIT_ENV[k]}</code>
                </td>
              </tr>
            );
          },
        )}
      </tbody>
    </table>
  );
}
