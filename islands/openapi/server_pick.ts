/**
 * The server the reader chose among the document's (Swagger UI's and
 * Scalar's server picker): its variables' values as typed, and the URL
 * they make, which the open operation's Server line and cURL command use
 * in place of the default when the operation is called on the document's
 * servers.
 */
import { createContext } from "preact";
import { useMemo, useState } from "preact/hooks";
import { fillServer } from "../../lib/openapi/servers.ts";
import type { ServerChoice } from "../../lib/openapi/types.ts";

/**
 * The chosen server's URL, or null while it is the default (each
 * operation's own command stands).
 */
export const ServerContext = createContext<string | null>(null);

/** True when a document's servers offer a choice (more than one, or variables). */
export function offersChoice(choices: readonly ServerChoice[]): boolean {
  return choices.length > 1 || choices.some((c) => c.variables.length > 0);
}

/**
 * Each variable of `c` at its default (the first enum value without one);
 * one with neither stays `{name}` in the URL, as operations show it.
 */
export function defaultsOf(c: ServerChoice): Record<string, string> {
  const out: Record<string, string> = { ...c.fixed };
  for (const v of c.variables) if (v.default !== null) out[v.name] = v.default;
  return out;
}

/** What the picker shows and changes. */
export interface ServerPick {
  /** Index into the choices. */
  at: number;
  /** The chosen server's variables as typed. */
  values: Record<string, string>;
  /** The URL they make. */
  url: string;
  /** The chosen URL when it is not the default one; else null. */
  chosen: string | null;
  choose(at: number): void;
  setValue(name: string, value: string): void;
}

/**
 * The reader's server choice among `choices`, back to the default when a
 * document with other servers is read.
 */
export function useServerPick(choices: readonly ServerChoice[]): ServerPick {
  // Keyed by the servers' content: the preview's index and the whole
  // parse's carry equal lists, and a choice made between them stays.
  const key = useMemo(() => JSON.stringify(choices), [choices]);
  const [state, setState] = useState({
    key,
    at: 0,
    values: choices[0] ? defaultsOf(choices[0]) : {},
  });
  const current = state.key === key
    ? state
    : { key, at: 0, values: choices[0] ? defaultsOf(choices[0]) : {} };
  const choice = choices[current.at];
  const url = choice ? fillServer(choice.url, current.values) : "";
  const first = choices[0];
  const standard = first ? fillServer(first.url, defaultsOf(first)) : "";
  return {
    at: current.at,
    values: current.values,
    url,
    chosen: choice && url !== standard ? url : null,
    choose: (at) =>
      setState({
        key,
        at,
        values: choices[at] ? defaultsOf(choices[at]) : {},
      }),
    setValue: (name, value) =>
      setState((s) => ({
        ...(s.key === key ? s : current),
        values: { ...(s.key === key ? s : current).values, [name]: value },
      })),
  };
}
