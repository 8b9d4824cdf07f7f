/**
 * Random block-style YAML documents, read in pieces and through the view,
 * against js-yaml's whole read: the same value, or left to the whole read
 * (null, or a throw where the view looks). Seeded: a failure names its seed.
 */
import assert from "node:assert/strict";
import { isDeepStrictEqual } from "node:util";
import { CORE_SCHEMA, load, mergeTag } from "js-yaml";
import { readPieces, YamlPieces } from "./yaml_pieces.ts";
import { loadPiece } from "./load.ts";
import { YAML_MAX_DEPTH } from "./yaml_text.ts";

const SCHEMA = CORE_SCHEMA.withTags(mergeTag);

/** mulberry32: a small seeded generator. */
function generator(seed: number) {
  let s = seed >>> 0;
  const next = () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
  const int = (n: number) => Math.floor(next() * n);
  const one = <T>(xs: readonly T[]): T => xs[int(xs.length)];
  return { next, int, one };
}

type Gen = ReturnType<typeof generator>;

const KEYS = [
  "a",
  "b",
  "paths",
  "/p/{id}",
  "get",
  "$ref",
  "__proto__",
  "true",
  "True",
  "null",
  "~",
  "7",
  "007",
  "0x1f",
  "1.0",
  "a b",
  "x-y.z",
  '"a"',
  '"\\x62"',
  '"a#b"',
  "'c''d'",
  "'a'",
] as const;

/** Values on the key's line: scalars, flow collections, nodes' properties. */
function inline(g: Gen, ind: number, anchors: string[]): string {
  const more = " ".repeat(ind + 2);
  switch (g.int(12)) {
    case 0:
      return g.one(["1", "x", "null", "~", "yes", "-2", ".inf", "'q'", '""']);
    case 1:
      return `"one\n${more}two"`;
    case 2:
      return `plain\n${more}more`;
    case 3:
      return g.one(["[1, 2]", "{a: 1}", "[]", "{}", `{a: 1,\n${more}b: 2}`]);
    case 4: {
      const head = g.one(["|", ">", "|+", "|-", ">-", "|2", "|1+"]);
      const lines = Array.from(
        { length: 1 + g.int(3) },
        () => g.next() < 0.2 ? "" : more + g.one(["t", "# x", "k: v", "- y"]),
      );
      const tail = g.next() < 0.3 ? "\n" : "";
      return `${head}\n${lines.join("\n")}${tail}`;
    }
    case 5:
      if (anchors.length) return `*${g.one(anchors)}`;
      return "z";
    case 6: {
      const a = `n${g.int(4)}`;
      anchors.push(a);
      return `&${a} ${g.one(["1", "{v: 1}", "[w]"])}`;
    }
    case 7:
      return g.one(["!!str 1", "!!int '3'", "!!merge ''"]);
    case 8:
      return `text # comment`;
    default:
      return `s${g.int(100)}`;
  }
}

/** A blank, comment or tab line, now and then. */
function filler(g: Gen, ind: number): string {
  if (g.next() > 0.15) return "";
  return g.one(["", " ".repeat(g.int(ind + 3)), "\t", " \t"]) +
    g.one(["", "# c", "#"]) + "\n";
}

function mapping(
  g: Gen,
  ind: number,
  depth: number,
  anchors: string[],
): string {
  let out = "";
  const pad = " ".repeat(ind);
  for (let i = 0, n = 1 + g.int(depth ? 4 : 7); i < n; i++) {
    out += filler(g, ind);
    const key = g.next() < 0.5 ? `k${g.int(30)}` : g.one(KEYS);
    const r = g.next();
    if (depth < 4 && r < 0.4) {
      const step = g.one([1, 2, 2, 4]);
      out += `${pad}${key}:${g.next() < 0.1 ? " # c" : ""}\n` +
        mapping(g, ind + step, depth + 1, anchors);
    } else if (depth < 4 && r < 0.5) {
      const at = g.next() < 0.5 ? ind : ind + 2;
      out += `${pad}${key}:\n`;
      for (let j = 0, m = 1 + g.int(3); j < m; j++) {
        out += `${" ".repeat(at)}- ${inline(g, at + 2, anchors)}\n`;
      }
    } else if (r < 0.55) {
      out += `${pad}${key}:\n`;
    } else out += `${pad}${key}: ${inline(g, ind, anchors)}\n`;
  }
  return out;
}

function documentText(g: Gen): string {
  const anchors: string[] = [];
  const head = g.next() < 0.15
    ? g.one([
      "---\n",
      "--- # x\n",
      "---\n---\n",
      "--- !!map\n",
      "%YAML 1.2\n---\n",
    ])
    : "";
  let text = head + mapping(g, g.next() < 0.1 ? 2 : 0, 0, anchors);
  if (g.next() < 0.05) text += g.one(["...\n", "---\nb: 1\n"]);
  if (g.next() < 0.1) text = text.replace(/\n$/, "");
  if (g.next() < 0.05) text = text.replaceAll("\n", "\r\n");
  return text;
}

function whole(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return {
      ok: true,
      value: load(text, { schema: SCHEMA, maxDepth: YAML_MAX_DEPTH }),
    };
  } catch {
    return { ok: false };
  }
}

/**
 * Every key of `want` looked up in `view` (cut mappings are views too):
 * the mappings looked into, or -1 where the view differs. A member that
 * throws is left to the whole read.
 */
function sameThroughView(view: unknown, want: unknown): number {
  if (!isObject(want) || !isObject(view)) return -1;
  let keys: string[];
  try {
    keys = Object.keys(view);
  } catch {
    return 0;
  }
  if (!isDeepStrictEqual(keys, Object.keys(want))) return -1;
  let seen = 1;
  for (const k of keys) {
    let got: unknown;
    try {
      got = view[k];
    } catch {
      continue;
    }
    if (isObject(want[k]) && isObject(got)) {
      const n = sameThroughView(got, want[k]);
      if (n < 0) return -1;
      seen += n;
    } else if (!isDeepStrictEqual(got, want[k])) return -1;
  }
  return seen;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

Deno.test("yaml pieces: random block documents read in pieces and through the view as whole", () => {
  let read = 0, viewed = 0;
  for (let seed = 1; seed <= 3000; seed++) {
    const g = generator(seed);
    const text = documentText(g);
    const w = whole(text);
    for (const pieceChars of [1, 40]) {
      const opts = { pieceChars, maxDepth: 2 };
      const got = readPieces(text, loadPiece, opts);
      if (!w.ok) {
        assert.equal(got, null, `seed ${seed}: whole read fails`);
        continue;
      }
      if (got !== null) {
        read++;
        assert.deepStrictEqual(got, w.value, `seed ${seed}, ${pieceChars}`);
      }
      const plan = YamlPieces.plan(text, opts);
      if (!plan) continue;
      const n = sameThroughView(plan.view(loadPiece), w.value);
      assert.ok(n >= 0, `seed ${seed}, ${pieceChars}: the view differs`);
      viewed += n;
    }
  }
  // The generator reaches both outcomes often.
  assert.ok(read > 1000, `${read} read in pieces`);
  assert.ok(viewed > 1000, `${viewed} cut mappings looked into`);
});
