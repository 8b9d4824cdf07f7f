/**
 * A handful of changes at every level, under one or two operations, for
 * the tests of what the compare page (and `deno task diff --filter`)
 * shows of them.
 */
import type { Change } from "../../lib/openapi/compare/types.ts";

/** A change of `level` to `ops` (the first names its method and path). */
export function change(
  level: Change["level"],
  ops: string[],
  text: string,
  id = `${level}-thing`,
): Change {
  const [m, p] = ops[0]?.split(" ") ?? ["", ""];
  return {
    id,
    level,
    method: m.toLowerCase(),
    path: p,
    operations: ops,
    where: "request body",
    pointer: { base: "/a", revision: null },
    text,
  };
}

/** Breaking, info, warning and doc: two operations, one change reaching both. */
export const CHANGES: Change[] = [
  change(
    "breaking",
    ["POST /pets", "PUT /pets/{id}"],
    "property `name` removed",
  ),
  change("info", ["POST /pets"], "operation deprecated"),
  change("warning", ["GET /pets"], "enum value `x` added"),
  change("doc", ["GET /pets"], "description changed"),
];
