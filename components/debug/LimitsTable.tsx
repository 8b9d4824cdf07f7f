/**
 * The /debug page's table of the limits in force, each with the env
 * variable `deno task start` reads it from.
 */
import {
  type DebugLimits,
  LIMIT_NAMES,
  LIMITS,
} from "../../lib/debug/core/limits.ts";

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
        {LIMIT_NAMES.map((k) => {
          const info = LIMITS[k];
          const v = limits[k];
          return (
            <tr key={k} data-limit={k}>
              <td>{info.text}</td>
              <td>{v === 0 && info.zero ? info.zero : v}</td>
              <td>
                <code>{info.env}</code>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
