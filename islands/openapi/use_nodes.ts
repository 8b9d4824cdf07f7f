/**
 * The schema nodes an open operation has on the page: those sent with its
 * detail, plus what the tree asks the worker for when a branch opens past
 * them. One cache per detail; node ids are the worker's, stable for the
 * life of the parsed spec.
 */
import { createContext } from "preact";
import { useContext, useMemo, useState } from "preact/hooks";
import type { SchemaNode } from "../../lib/openapi/types.ts";

/** Asks the engine for nodes `ids` and what they link to, `depth` down. */
export type FetchNodes = (ids: number[], depth: number) => Promise<
  SchemaNode[]
>;

/** Provided by the SpecViewer: how trees reach the worker. */
export const NodesContext = createContext<FetchNodes>(() =>
  Promise.resolve([])
);

/** What a tree reads and asks. */
export interface NodeCache {
  nodes: ReadonlyMap<number, SchemaNode>;
  /** Bumped when nodes arrive (trees re-walk). */
  version: number;
  /** Fetches what is missing of `ids`; resolves once they arrived. */
  fetch(ids: number[], depth: number): Promise<void>;
}

/** The node cache of one operation's (or named schema's) detail. */
export function useNodes(detail: { nodes: SchemaNode[] }): NodeCache {
  const fetchNodes = useContext(NodesContext);
  const [version, setVersion] = useState(0);
  const store = useMemo(() => ({
    map: new Map(detail.nodes.map((n) => [n.id, n])),
    pending: new Set<number>(),
    // Asked for and not answered (the worker is gone): not asked again.
    gone: new Set<number>(),
  }), [detail]);
  return {
    nodes: store.map,
    version,
    async fetch(ids, depth) {
      const want = ids.filter((id) =>
        !store.map.has(id) && !store.pending.has(id) && !store.gone.has(id)
      );
      if (!want.length) return;
      for (const id of want) store.pending.add(id);
      try {
        for (const n of await fetchNodes(want, depth)) store.map.set(n.id, n);
      } finally {
        for (const id of want) {
          store.pending.delete(id);
          if (!store.map.has(id)) store.gone.add(id);
        }
      }
      setVersion((v) => v + 1);
    },
  };
}
