/**
 * Which header names each entry's request and response carry, for the
 * search's `has-response-header:` (DevTools' Network filter) and
 * `has-request-header:`: each distinct name once, lower-cased (RFC 9110
 * §5.1: field names are case-insensitive), entries holding indices. Built
 * after the first rows are shown, so a large file lists as soon as before.
 */
import { obj } from "./normalize.ts";

/** One side's names: entry i's are `ids[off[i]..off[i+1])`, each once. */
export interface NameLists {
  /** Start of each entry's names in `ids`, then the end (n + 1 values). */
  off: Uint32Array;
  /** Indices into {@link HeaderNames.names}. */
  ids: Uint32Array;
}

/** The header names of a file's entries (see the module comment). */
export interface HeaderNames {
  /** Each distinct lower-cased name once. */
  names: string[];
  /** The names each request sent. */
  request: NameLists;
  /** The names each response carried. */
  response: NameLists;
}

/** Growable list of ids, the names of one side. */
class IdList {
  ids = new Uint32Array(1024);
  length = 0;
  push(id: number): void {
    if (this.length === this.ids.length) {
      const more = new Uint32Array(this.ids.length * 2);
      more.set(this.ids);
      this.ids = more;
    }
    this.ids[this.length++] = id;
  }
}

/** The header names of `raw`, the file's `log.entries` (each an object). */
export function headerNamesOf(raw: readonly unknown[]): HeaderNames {
  const names: string[] = [];
  const byLower = new Map<string, number>();
  // Names as written: a file repeats a few dozen spellings millions of
  // times, so each is lower-cased once.
  const byName = new Map<string, number>();
  // The entry (plus one) that last listed each name: a repeat is skipped
  // without a set per entry.
  let stamp = new Uint32Array(64);
  const idOf = (name: string): number => {
    let id = byName.get(name);
    if (id !== undefined) return id;
    const lower = name.toLowerCase();
    id = byLower.get(lower);
    if (id === undefined) {
      id = names.length;
      byLower.set(lower, id);
      names.push(lower);
      if (id === stamp.length) {
        const more = new Uint32Array(stamp.length * 2);
        more.set(stamp);
        stamp = more;
      }
    }
    byName.set(name, id);
    return id;
  };
  const side = (key: "request" | "response"): NameLists => {
    const off = new Uint32Array(raw.length + 1);
    const list = new IdList();
    stamp.fill(0);
    for (let i = 0; i < raw.length; i++) {
      off[i] = list.length;
      const headers = obj(obj(raw[i])[key]).headers;
      if (!Array.isArray(headers)) continue;
      for (let k = 0; k < headers.length; k++) {
        const h = headers[k];
        const name = h !== null && typeof h === "object" ? h.name : undefined;
        if (typeof name !== "string") continue;
        const id = idOf(name);
        if (stamp[id] !== i + 1) {
          stamp[id] = i + 1;
          list.push(id);
        }
      }
    }
    off[raw.length] = list.length;
    return { off, ids: list.ids.slice(0, list.length) };
  };
  return { names, request: side("request"), response: side("response") };
}

/** The buffers to transfer with a `HeaderNames`. */
export function headerTransferables(h: HeaderNames): ArrayBuffer[] {
  return [h.request, h.response].flatMap((s) => [
    s.off.buffer as ArrayBuffer,
    s.ids.buffer as ArrayBuffer,
  ]);
}
