/**
 * The rows a schema tree shows: a walk of the schema graph from one root,
 * descending only into open rows, so a schema of thousands of nodes costs
 * what is on screen. A schema already open on the same branch becomes a
 * link back to its row instead of being walked again. Array items are
 * walked in place (`lines[].amount` sits under `lines`), as Redoc and
 * Scalar show them.
 */
import type { SchemaEdge, SchemaNode } from "../../lib/openapi/types.ts";

/** One row of a schema tree. */
export interface TreeRow {
  /** Unique within the tree, stable across renders. */
  key: string;
  /** 1-based depth (`aria-level`). */
  level: number;
  /**
   * A property, an alternative of `oneOf`/`anyOf`, `additionalProperties`,
   * a `patternProperties` pattern, a `prefixItems` position, or the
   * `contentSchema` of the document a string carries.
   */
  kind: "prop" | "alt" | "additional" | "pattern" | "tuple" | "content";
  label: string;
  /** Property path (`lines[].amount`); the parent's for other kinds. */
  path: string;
  required: boolean;
  edge: SchemaEdge;
  /** Undefined while the worker has not sent it. */
  node: SchemaNode | undefined;
  expandable: boolean;
  open: boolean;
  /** Key of the parent row, "" at the top. */
  parent: string;
  /** Key of the ancestor row showing this same schema ("" = the root), or null. */
  loopTo: string | null;
  /** Position among its siblings, 1-based, and their count. */
  pos: number;
  size: number;
}

/** Result of {@link visibleRows}. */
export interface Walk {
  rows: TreeRow[];
  /** Node ids needed to show the open rows that the cache lacks. */
  missing: number[];
  /** True when `max` rows were reached before the end. */
  cut: boolean;
}

/** True when `n` has rows of its own, array items aside. */
function hasEntries(n: SchemaNode): boolean {
  return !!(n.alts || n.props.length || n.additional || n.patterns.length ||
    n.tuple.length || n.content);
}

/** True when a node has anything to show under it. */
export function hasChildren(
  n: SchemaNode,
  nodes: ReadonlyMap<number, SchemaNode>,
): boolean {
  // Arrays of arrays: looked through, up to a bound (a hostile spec nests
  // 100,000 of them).
  let cur = n;
  for (let i = 0; i < 64; i++) {
    if (hasEntries(cur)) return true;
    if (!cur.items) return false;
    const it = nodes.get(cur.items.node);
    // Unknown yet: offer to open, the worker answers on the click.
    if (!it) return true;
    cur = it;
  }
  return false;
}

/**
 * What an array holds at the bottom (through arrays of arrays), when it is
 * walked in place; null when `n` is not such an array.
 */
function itemsTarget(
  n: SchemaNode,
  nodes: ReadonlyMap<number, SchemaNode>,
): SchemaNode | null {
  let cur = n;
  for (let i = 0; i < 64 && cur.items; i++) {
    if (hasEntries(cur)) return null;
    const it = nodes.get(cur.items.node);
    if (!it) return null;
    cur = it;
  }
  return cur === n ? null : cur;
}

/** Joins a path and a property name. */
export function joinPath(path: string, name: string): string {
  return path ? `${path}.${name}` : name;
}

interface Entry {
  kind: TreeRow["kind"];
  edge: SchemaEdge;
  label: string;
  path: string;
  seg: string;
}

/**
 * Rows of the tree under `root`, walking open rows only. `isOpen(key,
 * depth)` says whether an expandable row is open, `depth` counting property
 * levels (an alternative is at its property's); at most `max` rows.
 */
export function visibleRows(
  root: SchemaEdge,
  nodes: ReadonlyMap<number, SchemaNode>,
  isOpen: (key: string, level: number) => boolean,
  max = Infinity,
): Walk {
  const rows: TreeRow[] = [];
  const missing = new Set<number>();
  // Node id → key of the row (on the current branch) that opened it.
  const branch = new Map<number, string>();
  let cut = false;

  /** Children entries of `n` at `path`, array items walked in place. */
  const entries = (
    n: SchemaNode,
    path: string,
    seg: string,
    out: Entry[],
    flattened: number[],
  ): void => {
    n.alts?.list.forEach((e, i) =>
      out.push({
        kind: "alt",
        edge: e,
        label: e.name,
        path,
        seg: `${seg}a${i}`,
      })
    );
    n.props.forEach((e, i) =>
      out.push({
        kind: "prop",
        edge: e,
        label: e.name,
        path: joinPath(path, e.name),
        seg: `${seg}p${i}`,
      })
    );
    n.tuple.forEach((e, i) =>
      out.push({
        kind: "tuple",
        edge: e,
        label: `item ${e.name}`,
        path: path + "[]",
        seg: `${seg}t${i}`,
      })
    );
    if (n.items && n.tuple.length) {
      // What follows a tuple's positions: a row of its own, as they are.
      out.push({
        kind: "tuple",
        edge: n.items,
        label: `items after ${n.tuple.length - 1}`,
        path: path + "[]",
        seg: `${seg}r`,
      });
    } else if (n.items) {
      const it = nodes.get(n.items.node);
      if (!it) missing.add(n.items.node);
      else if (!branch.has(it.id) && hasChildren(it, nodes)) {
        flattened.push(it.id);
        entries(it, path + "[]", seg + "i", out, flattened);
      }
    }
    if (n.additional) {
      out.push({
        kind: "additional",
        edge: n.additional,
        // Named for what its keys stand for where the schema says (as
        // Redoc and Scalar name it: `header name*`).
        label: n.additional.keyName
          ? `${n.additional.keyName}*`
          : "additional properties",
        path: joinPath(path, "*"),
        seg: `${seg}x`,
      });
    }
    n.patterns.forEach((e, i) =>
      out.push({
        kind: "pattern",
        edge: e,
        label: `properties matching ${e.name}`,
        path: joinPath(path, "*"),
        seg: `${seg}r${i}`,
      })
    );
    if (n.content) {
      // The document inside the string: its fields sit under the string's
      // path, as the string's value is that document once decoded.
      out.push({
        kind: "content",
        edge: n.content,
        label: "content schema",
        path,
        seg: `${seg}c`,
      });
    }
  };

  /**
   * `level` is the row's nesting (`aria-level`); `depth` the property
   * depth its fields are at, which opening counts: an alternative opens
   * with the property holding it, so `pet.petType` under `pet: oneOf[Cat,
   * Dog]` is two levels down, as `address.city` is.
   */
  const walk = (
    n: SchemaNode,
    path: string,
    key: string,
    level: number,
    depth: number,
  ): void => {
    const list: Entry[] = [];
    const flattened: number[] = [];
    entries(n, path, "", list, flattened);
    // Items walked in place are on the branch too (an item that contains
    // its own array is recursion).
    for (const id of flattened) if (!branch.has(id)) branch.set(id, key);
    list.forEach((e, i) => {
      if (rows.length >= max) {
        cut = true;
        return;
      }
      const child = nodes.get(e.edge.node);
      if (!child) missing.add(e.edge.node);
      let loopTo: string | null = null;
      if (child) {
        // An array of an ancestor (`children: Node[]`) links back too.
        const target = itemsTarget(child, nodes);
        loopTo = branch.get(child.id) ??
          (target ? branch.get(target.id) : undefined) ??
          (child.nullOf ? branch.get(child.nullOf.node) : undefined) ?? null;
      }
      const rowKey = key ? `${key}/${e.seg}` : e.seg;
      const expandable = !!child && loopTo === null &&
        hasChildren(child, nodes);
      const alt = e.kind === "alt";
      const open = expandable && isOpen(rowKey, alt ? depth - 1 : depth);
      rows.push({
        key: rowKey,
        level,
        kind: e.kind,
        label: e.label,
        path: e.path,
        required: e.edge.required,
        edge: e.edge,
        node: child,
        expandable,
        open,
        parent: key,
        loopTo,
        pos: i + 1,
        size: list.length,
      });
      if (open && child) {
        branch.set(child.id, rowKey);
        // A union of one schema and null, folded into this row, shows that
        // schema: it is on the branch too (`parent: Node | null` inside
        // Node links back).
        const folded = child.nullOf?.node;
        const mine = folded !== undefined && !branch.has(folded);
        if (mine) branch.set(folded, rowKey);
        walk(child, e.path, rowKey, level + 1, alt ? depth : depth + 1);
        if (mine) branch.delete(folded);
        branch.delete(child.id);
      }
    });
    for (const id of flattened) if (branch.get(id) === key) branch.delete(id);
  };

  const top = nodes.get(root.node);
  if (!top) missing.add(root.node);
  else {
    branch.set(top.id, "");
    if (top.nullOf && !branch.has(top.nullOf.node)) {
      branch.set(top.nullOf.node, "");
    }
    walk(top, "", "", 1, 1);
  }
  return { rows, missing: [...missing], cut };
}
