import {
  useCallback,
  useContext,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from "preact/hooks";
import type { SchemaEdge, SchemaNode } from "../../lib/openapi/types.ts";
import { CLOSED_TUPLE } from "../../lib/openapi/tuple_facts.ts";
import { enumFolds, EnumValues } from "./EnumValues.tsx";
import { Markdown } from "./Markdown.tsx";
import { type SchemaJump, SchemaJumpContext } from "./schema_jump.ts";
import { writeHash } from "./hash.ts";
import { memo } from "../shared/memo.ts";
import { type TreeRow, visibleRows } from "./tree_rows.ts";
import type { NodeCache } from "./use_nodes.ts";
import { DETAIL_ROWS, RowBudget, RowBudgetContext } from "./row_budget.ts";

/** Levels open when a schema is first shown (levels 1 and 2 visible). */
const OPEN_LEVELS = 1;
/** Rows "expand all" opens at most; deeper levels then open on click. */
export const EXPAND_ALL_ROWS = 4_000;
/** Levels of nodes fetched per round while expanding everything. */
const FETCH_DEPTH = 24;
/** Indentation stops growing here (a 10,000-level chain stays on screen). */
const MAX_INDENT = 24;

/** The type of a node as one short text: `array<Pet>`, `string (uuid) | null`. */
export function typeText(
  edge: SchemaEdge,
  node: SchemaNode | undefined,
  nodes: ReadonlyMap<number, SchemaNode>,
  depth = 0,
): string {
  if (!node) return edge.ref || "…";
  let t = node.type;
  // Four levels say enough; deeper ones (a 100,000-level file) stay "…".
  const inner = (e: SchemaEdge) => {
    const n = depth < 4 ? nodes.get(e.node) : undefined;
    return e.ref || (n ? typeText(e, n, nodes, depth + 1) : "…");
  };
  if (node.tuple.length) {
    // A tuple: its positions, then what may follow (none when closed).
    const shown = node.tuple.slice(0, 4).map(inner);
    if (node.tuple.length > 4) shown.push("…");
    if (node.items) shown.push(`...${inner(node.items)}`);
    else if (!node.constraints.includes(CLOSED_TUPLE)) shown.push("...any");
    t = `[${shown.join(", ")}]`;
  } else if (node.items) t = `array<${inner(node.items)}>`;
  if (!t && node.alts) {
    // A nullable union (one of null folded in) reads by its alternatives'
    // types, `string | array<…> | null`, where "one of | null" said little.
    const few = node.alts.list.length <= 4;
    t = node.nullable && few
      ? node.alts.list.map(inner).join(" | ")
      : node.alts.kind === "oneOf"
      ? "one of"
      : "any of";
  }
  if (node.format) t += ` (${node.format})`;
  // A type read off an enum that lists null says it already.
  if (node.nullable && !/(^|\| )null( \||$)/.test(node.type)) t += " | null";
  return t;
}

/** A tree row's unfolded state of its enum lists, kept by the tree. */
interface EnumFold {
  open: boolean;
  onToggle: () => void;
  /** The row is the tree's tab stop: its controls are in the tab order. */
  tabbable: boolean;
}

/**
 * Details of a node shown beside its type (flags, constraints, values), as
 * a list: {@link ItemFacts} shows an item's only when it has any.
 */
function factsOf(node: SchemaNode, fold?: EnumFold) {
  const a = node.alts;
  const out = [];
  if (node.deprecated) {
    out.push(<span class="st-flag sv-deprecated" key="d">deprecated</span>);
  }
  if (node.readOnly) out.push(<span class="st-flag" key="r">read-only</span>);
  if (node.writeOnly) out.push(<span class="st-flag" key="w">write-only</span>);
  for (const c of node.constraints) {
    out.push(<span class="st-fact" key={`c ${c}`}>{c}</span>);
  }
  if (node.const !== null) {
    out.push(
      <span class="st-fact" key="const">
        const <code>{node.const}</code>
      </span>,
    );
  }
  if (node.default !== null) {
    out.push(
      <span class="st-fact" key="default">
        default <code>{node.default}</code>
      </span>,
    );
  }
  if (node.example !== null) {
    out.push(
      <span class="st-fact" key="example">
        example <code>{node.example}</code>
      </span>,
    );
  }
  if (node.enum.length > 0) {
    out.push(
      <EnumValues
        key="enum"
        label="enum"
        values={node.enum}
        descriptions={node.enumDescriptions}
        names={node.enumNames}
        more={node.enumMore}
        class="st-fact st-enum"
        open={fold?.open}
        onToggle={fold?.onToggle}
        inTree={!!fold && !fold.tabbable}
      />,
    );
  }
  // 3.2's defaultMapping: what a value naming no mapped schema is.
  const otherwise = node.defaultMapping && (
    <span key="default">{` otherwise → ${node.defaultMapping}`}</span>
  );
  if (a && a.discriminator) {
    out.push(
      <span class="st-fact" key="disc">
        discriminator <code>{a.discriminator}</code>
        {a.mapping.map(([v, to]) => (
          <span key={v}>
            {" "}
            <code>{v}</code> → {to}
          </span>
        ))}
        {otherwise}
      </span>,
    );
  }
  if (!a && node.discriminator) {
    out.push(
      <span class="st-fact" key="disc">
        discriminator <code>{node.discriminator}</code>
        {otherwise}
      </span>,
    );
  }
  const docs = node.externalDocs;
  if (docs) {
    out.push(
      <span class="st-fact" key="docs">
        docs {docs.href
          ? (
            <a
              href={docs.href}
              rel="noopener noreferrer"
              target="_blank"
              // In a tree row not the tree's tab stop: out of the tab order,
              // as a description's links are (the row keeps one stop).
              tabIndex={fold && !fold.tabbable ? -1 : undefined}
            >
              {docs.text}{" "}
              <span class="visually-hidden">(opens in a new tab)</span>
            </a>
          )
          : docs.text}
      </span>,
    );
  }
  if (node.note) {
    out.push(<span class="st-fact st-note" key="note">{node.note}</span>);
  }
  if (node.propsMore > 0) {
    out.push(
      <span class="st-fact" key="more">
        …and {node.propsMore} more properties
      </span>,
    );
  }
  return out;
}

/**
 * Details of a node shown beside its type: flags, constraints, values;
 * `fold`, in a tree row, holds its long enums' state.
 */
export function NodeFacts(
  { node, fold }: { node: SchemaNode; fold?: EnumFold },
) {
  return <>{factsOf(node, fold)}</>;
}

/** Whether row `r` shows a long enum that folds (its own or its items'). */
function rowFolds(r: TreeRow, nodes: ReadonlyMap<number, SchemaNode>): boolean {
  let n = r.node;
  for (let d = 0; n && d < 5; d++) {
    if (enumFolds(n.enum.length)) return true;
    n = n.items ? nodes.get(n.items.node) : undefined;
  }
  return false;
}

/**
 * The facts of an array's items, through arrays of arrays (`items`,
 * `items[]`, up to four levels as {@link typeText}): items that are not
 * objects have no row of their own, and an array of enum strings showed
 * only `array<string>` (enum values and constraints are shown at any
 * depth).
 */
export function ItemFacts(
  { node, nodes, fold }: {
    node: SchemaNode;
    nodes: ReadonlyMap<number, SchemaNode>;
    fold?: EnumFold;
  },
) {
  const out = [];
  let cur = node;
  for (let d = 0; d < 4 && cur.items; d++) {
    const it = nodes.get(cur.items.node);
    if (!it) break;
    const facts = factsOf(it, fold);
    if (facts.length) {
      out.push(
        <span class="st-items" key={d}>
          <span class="st-fact">items{"[]".repeat(d)}:</span> {facts}
        </span>,
      );
    }
    cur = it;
  }
  return <>{out}</>;
}

/** Props of one tree row. */
interface RowProps {
  r: TreeRow;
  focus: boolean;
  nodes: ReadonlyMap<number, SchemaNode>;
  /** Its DOM id when a recursive row links back to it, else undefined. */
  id: string | undefined;
  /** Where its link back points (`#id`) when it repeats an ancestor. */
  back: string | undefined;
  /** Its long enums unfolded (→ and ← on the row, or their button). */
  enumOpen: boolean;
  onEnum: (key: string) => void;
}

/** The DOM id of row `key` of the tree `uid` (the tree's own for ""). */
function rowId(uid: string, key: string): string {
  return key ? `${uid}-${encodeURIComponent(key)}` : uid;
}

/** The named schema `edge` links to in `jump`'s Schemas section, or "". */
function linkedSchema(edge: SchemaEdge, jump: SchemaJump | null): string {
  return edge.ref && edge.named && jump?.has(edge.ref) ? edge.ref : "";
}

/**
 * The edge whose component a row names: its own, else, for a union of one
 * schema and null folded into the row, that schema's.
 */
function refEdge(r: TreeRow): SchemaEdge {
  return !r.edge.ref && r.node?.nullOf?.ref ? r.node.nullOf : r.edge;
}

/** The key that opens a row's named schema (the row's own Enter toggles). */
const OPEN_SCHEMA_KEYS = "Shift+Enter";

/**
 * A component's name: a link to it in the Schemas section when it is one
 * of the document's named schemas, as Redoc and Scalar link a model. In
 * a tree, out of the tab order, as the link back is: the tree keeps one
 * tab stop, and Shift+Enter on the row follows it. Outside one (`inTree`
 * false: a body's root schema, which has no row), a tab stop itself.
 */
export function RefName(
  { edge, inTree = true }: {
    edge: SchemaEdge;
    /**
     * False outside a tree (a body's root schema beside its media type):
     * no row carries it there, so it is a tab stop of its own.
     */
    inTree?: boolean;
  },
) {
  const jump = useContext(SchemaJumpContext);
  const name = linkedSchema(edge, jump);
  if (!name || !jump) {
    return <span class="st-ref">{edge.ref}</span>;
  }
  return (
    <a
      class="st-ref st-ref-link"
      // The schema's own address: copied, or opened in a new tab, it opens
      // the schema there (the fragment's `schema`).
      href={writeHash({ filter: "", op: "", schema: name })}
      // In a tree, its row is the tab stop and Shift+Enter on the row
      // opens the schema; outside one, Tab reaches the link itself.
      tabIndex={inTree ? -1 : 0}
      title={inTree
        ? `Open schema ${name} (${OPEN_SCHEMA_KEYS} on its row)`
        : `Open schema ${name}`}
      data-testid="schema-ref"
      onClick={(ev) => {
        // The row's own click (open or close) is not this one's.
        ev.stopPropagation();
        // A click with a modifier opens the address in a new tab or window.
        if (ev.ctrlKey || ev.metaKey || ev.shiftKey || ev.altKey) return;
        ev.preventDefault();
        jump.open(name);
      }}
    >
      {name}
    </a>
  );
}

/**
 * One row, re-rendered only when its row, its focus or the node map
 * changes.
 */
const Row = memo(function RowView(
  { r, focus, nodes, id, back, enumOpen, onEnum }: RowProps,
) {
  const isProp = r.kind === "prop";
  const n = r.node;
  const jump = useContext(SchemaJumpContext);
  const named = refEdge(r);
  const type = typeText(r.edge, n, nodes);
  const links = r.kind !== "alt" && !!linkedSchema(named, jump);
  const fold = {
    open: enumOpen,
    onToggle: () => onEnum(r.key),
    tabbable: focus,
  };
  return (
    <div
      role="treeitem"
      class={`st-row st-row-${r.kind}`}
      style={`--lvl:${Math.min(r.level - 1, MAX_INDENT)}`}
      aria-level={r.level}
      aria-setsize={r.size}
      aria-posinset={r.pos}
      aria-expanded={r.expandable ? r.open : undefined}
      aria-keyshortcuts={links ? OPEN_SCHEMA_KEYS : undefined}
      tabIndex={focus ? 0 : -1}
      id={id}
      data-key={r.key}
      data-testid={isProp ? "schema-prop" : "schema-node"}
      data-path={isProp ? r.path : undefined}
      data-required={isProp ? String(r.required) : undefined}
    >
      <div class="st-row-head">
        <span class="st-twist" aria-hidden="true">
          {r.expandable ? (r.open ? "▾" : "▸") : ""}
        </span>
        {r.kind === "prop"
          ? <code class="st-name">{r.label}</code>
          : r.kind === "alt"
          ? <span class="st-alt">{r.label}</span>
          : <span class="st-alt">{r.label}</span>}
        {r.required && <span class="sv-req">required</span>}
        {named.ref && r.kind !== "alt" && <RefName edge={named} />}
        {
          // An alternative named by its type (`string`) says it once.
          (r.kind !== "alt" || r.label !== type) && (
            <span class="st-type">{type}</span>
          )
        }
        {back !== undefined && (
          // A link back to the row it repeats (never expanded again), out of the
          // tab order: the tree keeps one tab stop, and Enter on the row
          // follows it as a click does.
          <a class="st-loop" href={back} tabIndex={-1}>
            ↺ recursive: shown above
          </a>
        )}
        {r.edge.deprecated && !n?.deprecated && (
          <span class="st-flag sv-deprecated">deprecated</span>
        )}
        {n && <NodeFacts node={n} fold={fold} />}
        {n?.items && <ItemFacts node={n} nodes={nodes} fold={fold} />}
      </div>
      {(r.edge.description ?? n?.description ?? []).length > 0 && (
        // The words beside a `$ref` describe this use: they come first.
        <Markdown
          md={r.edge.description ?? n!.description}
          class="sv-md st-row-desc"
          tabbable={focus}
        />
      )}
    </div>
  );
});

/** Rows per {@link Block}. */
const BLOCK_ROWS = 100;

/** Props of one block of rows. */
interface BlockProps {
  rows: TreeRow[];
  /** Rows `from` to `to` (excluded) of `rows`. */
  from: number;
  to: number;
  /** Key of the focusable row when it is in this block, else "". */
  focusKey: string;
  nodes: ReadonlyMap<number, SchemaNode>;
  /** The tree's DOM id, and the keys of rows a recursive row repeats. */
  uid: string;
  targets: ReadonlySet<string>;
  /** Keys of the rows whose long enums are unfolded. */
  enums: ReadonlySet<string>;
  onEnum: (key: string) => void;
}

/**
 * Up to {@link BLOCK_ROWS} rows in one presentational box, re-rendered only
 * when its rows, range, focus or the node map change. A tree filling in a
 * frame at a time diffs the block it grows and skips the full ones: diffing
 * every row of a 3,700-row tree each frame made the last frames of its
 * fill-in the slowest.
 *
 * The box, not each row, skips its rendering off screen (`content-visibility:
 * auto`): Chromium checks every such element against the viewport in every
 * frame, and for Stripe's 6,500 open rows that check took more time than
 * rendering them (2.0 of 6.2 s). A tree's first block is always laid out
 * (static/spec.css says why). `role="none"` keeps the rows the tree's
 * own items for assistive technology (WAI-ARIA 1.2, 5.3.3: an element of
 * no role passes its children to its parent).
 */
const Block = memo(function BlockView(
  { rows, from, to, focusKey, nodes, uid, targets, enums, onEnum }: BlockProps,
) {
  const out = [];
  for (let i = from; i < to; i++) {
    const r = rows[i];
    out.push(
      <Row
        key={r.key}
        r={r}
        focus={r.key === focusKey}
        nodes={nodes}
        id={targets.has(r.key) ? rowId(uid, r.key) : undefined}
        back={r.loopTo === null ? undefined : `#${rowId(uid, r.loopTo)}`}
        enumOpen={enums.has(r.key)}
        onEnum={onEnum}
      />,
    );
  }
  return (
    <div
      role="none"
      class="st-block"
      style={`--rows:${to - from}`}
    >
      {out}
    </div>
  );
});

/** Props of {@link SchemaTree}. */
export interface SchemaTreeProps {
  root: SchemaEdge;
  cache: NodeCache;
  /** Accessible name of the tree (`Request body application/json`). */
  label: string;
}

/**
 * One schema as a WAI-ARIA tree (a flat list of treeitems with levels):
 * arrow keys move and open, Home/End jump, Enter and Space toggle, a
 * recursive row's Enter goes to the row it repeats, Shift+Enter opens the
 * named schema a row names. Only open rows are
 * walked and rendered.
 */
export function SchemaTree({ root, cache, label }: SchemaTreeProps) {
  const [toggled, setToggled] = useState<ReadonlySet<string>>(new Set());
  // Rows whose long enums are unfolded; their buttons, out of the tab
  // order (the tree keeps one stop), and → and ← on the row flip them.
  const [enums, setEnums] = useState<ReadonlySet<string>>(new Set());
  const onEnum = useCallback((key: string) => {
    setEnums((s) => {
      const n = new Set(s);
      if (n.has(key)) n.delete(key);
      else n.add(key);
      return n;
    });
  }, []);
  const [allDepth, setAllDepth] = useState(OPEN_LEVELS);
  const [focusKey, setFocusKey] = useState("");
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState("");
  const box = useRef<HTMLDivElement>(null);
  const expandButton = useRef<HTMLButtonElement>(null);
  const wantFocus = useRef(false);
  const uid = `st-${useId()}`;
  /** The rendered row of `key`, if any. */
  const rowEl = (key: string) =>
    box.current?.querySelector<HTMLElement>(
      `[data-key="${CSS.escape(key)}"]`,
    ) ?? null;

  // Rows come from the detail's shared budget (one of its own outside one).
  const shared = useContext(RowBudgetContext);
  const jump = useContext(SchemaJumpContext);
  const budget = useMemo(() => shared ?? new RowBudget(DETAIL_ROWS), [shared]);
  const me = useMemo(() => ({}), []);

  const isOpen = (key: string, level: number) =>
    (level <= allDepth) !== toggled.has(key);
  const walk = useMemo(
    () => visibleRows(root, cache.nodes, isOpen),
    [root, cache.version, toggled, allDepth],
  );
  const { rows } = walk;
  // Rows a recursive row links back to: they carry a DOM id.
  const targets = useMemo(() => {
    const out = new Set<string>();
    for (const r of rows) if (r.loopTo) out.add(r.loopTo);
    return out;
  }, [rows]);

  useEffect(() => {
    if (walk.missing.length) cache.fetch(walk.missing, 3);
  }, [walk]);

  // Rows rendered so far: what the budget gave at first, then more as it
  // hands them out a frame at a time (each frame's rendering and layout
  // stay short); a collapse lowers the count again.
  const [limit, setLimit] = useState(() => budget.claimFirst(rows.length));
  const pending = rows.length > limit;
  useEffect(() => {
    const step = budget.perFrame;
    if (rows.length + step < limit) {
      setLimit(Math.max(step, rows.length));
    } else if (pending) {
      budget.ask(me, rows.length - limit, (n) => setLimit((l) => l + n));
    } else budget.drop(me);
  }, [rows.length, limit, budget]);
  useEffect(() => () => budget.drop(me), [budget]);
  const end = pending ? limit : rows.length;

  const current = rows.find((r) => r.key === focusKey) ?? rows[0];
  // Focus follows the roving tabindex in the same frame, or, for a row not
  // rendered yet (End on a tree still filling in), in the frame the fill-in
  // brings it: rendering every row up to it at once was one 765 ms task
  // for Stripe's 3,700. Focus that left the tree meanwhile stays where it
  // went.
  useLayoutEffect(() => {
    if (!wantFocus.current || !current || !box.current) return;
    const away = document.activeElement;
    if (away && away !== document.body && !box.current.contains(away)) {
      wantFocus.current = false;
      return;
    }
    const el = rowEl(current.key);
    if (!el) return;
    wantFocus.current = false;
    el.focus();
  }, [current?.key, rows, limit]);

  const moveTo = (key: string) => {
    wantFocus.current = true;
    setFocusKey(key);
  };
  const toggle = (r: TreeRow) => {
    if (r.loopTo !== null) {
      // The row this one repeats (the tree's root has no row: the first),
      // focused now: it is on the page (above), and when the focus key
      // stays the same (a link back clicked, the row never focused) no
      // render would move it.
      const key = r.loopTo || rows[0].key;
      const el = rowEl(key);
      if (!el) return moveTo(key);
      setFocusKey(key);
      el.focus();
      return;
    }
    if (!r.expandable) return;
    // What one click opens shows at once (its rows follow the clicked one,
    // which is shown), up to a frame's worth; the rest fills in. A tree
    // still filling in grows by that much, not to its end.
    setLimit((l) => Math.max(l, Math.min(l, rows.length) + budget.perFrame));
    setToggled((t) => {
      const n = new Set(t);
      if (n.has(r.key)) n.delete(r.key);
      else n.add(r.key);
      return n;
    });
  };
  const setOpen = (r: TreeRow, open: boolean) => {
    if (r.expandable && r.open !== open) toggle(r);
  };

  const onKey = (ev: KeyboardEvent) => {
    if (!current) return;
    const el = ev.target as HTMLElement;
    // Keys on a link, a code block or a button in a row (an enum's
    // "more") are theirs, not the tree's.
    if (
      el.closest("a, pre, button") && el.getAttribute("role") !== "treeitem"
    ) return;
    const i = rows.indexOf(current);
    let handled = true;
    switch (ev.key) {
      case "ArrowDown":
        if (i < rows.length - 1) moveTo(rows[i + 1].key);
        break;
      case "ArrowUp":
        if (i > 0) moveTo(rows[i - 1].key);
        break;
      case "Home":
        moveTo(rows[0].key);
        break;
      case "End":
        moveTo(rows[rows.length - 1].key);
        break;
      case "ArrowRight":
        if (current.expandable && !current.open) setOpen(current, true);
        else if (
          !enums.has(current.key) && rowFolds(current, cache.nodes)
        ) onEnum(current.key);
        else if (current.open && rows[i + 1]?.parent === current.key) {
          moveTo(rows[i + 1].key);
        }
        break;
      case "ArrowLeft":
        if (enums.has(current.key)) onEnum(current.key);
        else if (current.open) setOpen(current, false);
        else if (current.parent) moveTo(current.parent);
        break;
      case "Enter":
        if (ev.shiftKey) {
          // The row's named schema, opened as its link's click opens it.
          const name = current.kind === "alt"
            ? ""
            : linkedSchema(refEdge(current), jump);
          if (name) jump!.open(name);
          else handled = false;
          break;
        }
        toggle(current);
        wantFocus.current = true;
        break;
      case " ":
        toggle(current);
        wantFocus.current = true;
        break;
      default:
        handled = false;
    }
    if (handled) ev.preventDefault();
  };

  const onClick = (ev: MouseEvent) => {
    const t = ev.target as HTMLElement;
    const link = t.closest("a");
    // A link back is followed as the row's Enter follows it (focus on the
    // row it repeats); a link in a description is left to the browser.
    if (link?.classList.contains("st-loop")) ev.preventDefault();
    else if (link || t.closest("button")) return;
    const el = t.closest<HTMLElement>("[role=treeitem]");
    const r = el && rows.find((x) => x.key === el.dataset.key);
    if (!r) return;
    setFocusKey(r.key);
    toggle(r);
  };

  /**
   * Opens every level, breadth first: as many whole levels as fit in
   * {@link EXPAND_ALL_ROWS} rows (levels double, then a binary search),
   * fetching nodes from the worker as the walk needs them.
   */
  async function expandAll() {
    setBusy(true);
    setNote("");
    try {
      const fits = async (d: number) => {
        // Each try walks up to 4,000 rows: one task apiece, so the page
        // answers between them (with every node at hand, the whole search
        // ran as one task of a few hundred ms on a slow laptop).
        await new Promise((r) => setTimeout(r));
        for (let round = 0; round < 1_000; round++) {
          const w = visibleRows(
            root,
            cache.nodes,
            (_k, l) => l <= d,
            EXPAND_ALL_ROWS + 1,
          );
          if (w.cut) return { ok: false, full: false };
          if (!w.missing.length) {
            const full = !w.rows.some((r) => r.expandable && !r.open);
            return { ok: true, full };
          }
          const before = cache.nodes.size;
          await cache.fetch(w.missing, FETCH_DEPTH);
          if (cache.nodes.size === before) return { ok: true, full: false };
        }
        return { ok: true, full: false };
      };
      let lo = 1, hi = 0, full = false;
      for (let d = 2;; d *= 2) {
        const f = await fits(d);
        if (!f.ok) {
          hi = d;
          break;
        }
        lo = d;
        if (f.full) {
          full = true;
          break;
        }
      }
      while (hi && hi - lo > 1) {
        const mid = (lo + hi) >> 1;
        if ((await fits(mid)).ok) lo = mid;
        else hi = mid;
      }
      setToggled(new Set());
      setAllDepth(full ? Infinity : lo);
      if (!full) {
        setNote(
          `Opened the first ${lo} levels; deeper ones open on click or Enter.`,
        );
      }
    } finally {
      setBusy(false);
    }
  }

  const at = current ? rows.indexOf(current) : -1;
  const blocks = [];
  for (let from = 0; from < end; from += BLOCK_ROWS) {
    const to = Math.min(from + BLOCK_ROWS, end);
    blocks.push(
      <Block
        key={from}
        rows={rows}
        from={from}
        to={to}
        focusKey={at >= from && at < to ? current!.key : ""}
        nodes={cache.nodes}
        uid={uid}
        targets={targets}
        enums={enums}
        onEnum={onEnum}
      />,
    );
  }
  // "Expand all" waits for its own rows; the first levels still filling in
  // when the detail opens do not hold it.
  const opening = busy || (pending && allDepth > OPEN_LEVELS);
  // A scalar body (`text/plain → string`) has no level to open: its
  // button (every schema has one, a stable test hook) says so and does
  // nothing.
  const nothing = rows.length === 0 && !pending && !busy;
  return (
    <div class="st-schema">
      <div class="st-schema-tools">
        <button
          type="button"
          class="sv-btn-small"
          data-testid="schema-expand-all"
          ref={expandButton}
          // Not disabled while it opens: a disabled button drops the focus
          // of the person who pressed it to the page (WCAG 2.4.3). A press
          // meanwhile, or with nothing to open, does nothing.
          aria-disabled={opening || nothing ? "true" : undefined}
          title={nothing ? "Nothing to open: no levels below" : undefined}
          onClick={() => {
            if (!opening && !nothing) void expandAll();
          }}
        >
          {opening ? "Opening…" : "Expand all"}
        </button>
        {(allDepth > OPEN_LEVELS || toggled.size > 0) && (
          <button
            type="button"
            class="sv-btn-small"
            onClick={() => {
              // This button goes: the focus goes to the one beside it
              // that opens the levels again, not to the page.
              expandButton.current?.focus();
              setToggled(new Set());
              setAllDepth(0);
              setNote("");
            }}
          >
            Collapse all
          </button>
        )}
        {note && <span class="muted st-schema-note">{note}</span>}
      </div>
      {rows.length > 0 && (
        // Rendered while it waits for its first rows too, busy: a page
        // waiting for no busy tree waits for this one.
        <div
          role="tree"
          id={uid}
          aria-label={label}
          class="st-tree"
          // Busy while rows fill in, and while "Expand all" still asks the
          // worker which levels fit: a page waiting for no busy tree waits
          // for both.
          aria-busy={pending || busy || undefined}
          ref={box}
          onKeyDown={onKey}
          onClick={onClick}
          onFocusCapture={(ev) => {
            // Focus that arrived by Tab, a click or a script moves the
            // roving tabindex too.
            const key = (ev.target as HTMLElement).dataset?.key;
            if (key !== undefined && key !== focusKey) setFocusKey(key);
          }}
        >
          {blocks}
        </div>
      )}
    </div>
  );
}
