/**
 * The fact a tuple closed to further items carries (`items: false` beside
 * `prefixItems`, or `additionalItems: false`): written by the schema graph,
 * read by the tree's type text. A module of its own so the page's island
 * need not load the graph to read it.
 */
export const CLOSED_TUPLE = "no items past the tuple";
