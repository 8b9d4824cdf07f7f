/**
 * A generated sample written as XML, for a body whose media type is XML
 * (`application/xml`, `text/xml`, `…+xml`): sending the sample's JSON text
 * under that Content-Type, as the cURL command did, is no XML at all. An
 * object's members become child elements, an array's items repeat the
 * element they stand in, scalars are text (XML 1.0 §2.4, escaped), as
 * Swagger UI writes an XML sample.
 *
 * Given the body's schema, each member is written as its schema's XML
 * Object says (OpenAPI 3.2 §4.26): its `name`, its `nodeType` (`element`,
 * `attribute`, `text`, `cdata`, or `none`: no node, its content written
 * in its parent's), its `prefix` and `namespace` (declared with `xmlns` or
 * `xmlns:prefix` on the element that uses it). 3.0 and 3.1's `attribute:
 * true` is an attribute and `wrapped: true` an array's wrapping element;
 * an array is otherwise unwrapped (3.2: `nodeType` defaults to `none` for
 * an array, §4.26.1), its items repeated under their own name.
 */
import { mergedProperties, mergeParts } from "./merge.ts";
import { isObject, type RefResolver } from "./refs.ts";

/** Whether `type` (a media type) is XML. */
export function isXml(type: string): boolean {
  return /^(application|text)\/([\w.-]+\+)?xml(\s*;|$)/i.test(type.trim());
}

/** `name` as an XML element name (XML 1.0 §2.3): other characters as `_`. */
function elementName(name: string): string {
  const n = name.replace(/[^A-Za-z0-9_.:-]/g, "_");
  return !n ? "item" : /^[A-Za-z_:]/.test(n) ? n : `_${n}`;
}

/** A name without a colon (XML Namespaces §3 NCName), for a prefix. */
function ncName(name: string): string {
  return elementName(name).replace(/:/g, "_");
}

/** Character data (XML 1.0 §2.4): `&`, `<` and `>` as references. */
function escape(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/**
 * Text content: {@link escape}d, a carriage return as a reference, which
 * a parser would otherwise read as a line feed (XML 1.0 §2.11).
 */
function escapeText(s: string): string {
  return escape(s).replace(/\r/g, "&#13;");
}

/**
 * An attribute value in double quotes (XML 1.0 §2.3 AttValue): `"` too,
 * and tab, line feed and carriage return as character references, which
 * attribute-value normalization (§3.3.3) would otherwise turn to spaces.
 */
function escapeAttribute(s: string): string {
  return escape(s).replace(/"/g, "&quot;").replace(/\t/g, "&#9;")
    .replace(/\n/g, "&#10;").replace(/\r/g, "&#13;");
}

/**
 * A CDATA section (XML 1.0 §2.7) holding `s`: a `]]>` inside, which would
 * end it, is split across two sections.
 */
function cdata(s: string): string {
  return `<![CDATA[${s.replace(/]]>/g, "]]]]><![CDATA[>")}]]>`;
}

/** A scalar's text: `null` as nothing, anything else as written. */
function scalarText(v: unknown): string {
  if (v === null || v === undefined) return "";
  if (typeof v === "object") return JSON.stringify(v) ?? "";
  return String(v);
}

/** Levels of elements written at most: deeper ones are left empty. */
const MAX_DEPTH = 64;
/** Nodes written at most: past them, members are left out. */
const MAX_NODES = 20_000;
/** Items of one array written at most. */
const MAX_ITEMS = 1_000;

type NodeType = "element" | "attribute" | "text" | "cdata" | "none";
const NODE_TYPES: ReadonlySet<string> = new Set([
  "element",
  "attribute",
  "text",
  "cdata",
  "none",
]);

/** What a schema's XML Object says of the node its value is. */
interface XmlNode {
  type: NodeType;
  /** `name`, when written (it names an element or an attribute). */
  name: string;
  prefix: string;
  namespace: string;
  /** The schema, resolved (its `$ref` followed), or null. */
  schema: Record<string, unknown> | null;
}

/** What `s` holds at `key` when it is a string, else "". */
function text(s: Record<string, unknown> | null, key: string): string {
  const v = s?.[key];
  return typeof v === "string" ? v : "";
}

/** Whether schema `s` describes an array (its type, or its items). */
function isArraySchema(s: Record<string, unknown>): boolean {
  const t = s.type;
  return t === "array" || (Array.isArray(t) && t.includes("array")) ||
    (t === undefined && (s.items !== undefined || s.prefixItems !== undefined));
}

/**
 * The schema `raw`'s XML node (OpenAPI 3.2 §4.26.1): its own `xml`, else
 * the one of the schema its `$ref` names (3.2: a `$ref` is no node of its
 * own, its target is). `nodeType` as written; else 3.0's `attribute:
 * true`; else an array is `none` unless `wrapped: true` makes it an
 * element; anything else an element.
 */
function xmlNode(raw: unknown, r: RefResolver): XmlNode {
  const d = raw === undefined ? null : r.schemas.deref(raw);
  const s = d && !d.error && isObject(d.value) ? d.value : null;
  const own = isObject(raw) && isObject(raw.xml) ? raw.xml : null;
  const xml = own ?? (s && isObject(s.xml) ? s.xml : null);
  const written = text(xml, "nodeType");
  const type: NodeType = NODE_TYPES.has(written)
    ? written as NodeType
    : xml?.attribute === true
    ? "attribute"
    : s && isArraySchema(s)
    ? xml?.wrapped === true ? "element" : "none"
    : "element";
  return {
    type,
    name: text(xml, "name"),
    prefix: text(xml, "prefix"),
    namespace: text(xml, "namespace"),
    schema: s,
  };
}

/** One element: its name, attributes (written) and child nodes. */
interface Content {
  tag: string;
  attrs: string[];
  /** Child elements, and text (escaped, or a CDATA section) as a string. */
  children: (Content | string)[];
}

/**
 * `value` as XML text under an element named `name`, indented; with
 * `schema` (resolved through `r`), each member as its XML Object says.
 */
export function xmlSample(
  value: unknown,
  name: string,
  schema?: unknown,
  r?: RefResolver,
): string {
  if (schema === undefined || !r) return plainSample(value, name);
  const props = new Map<object, Map<string, unknown>>();
  /** The property `key` of schema `s` (its `allOf` parts merged). */
  const propOf = (s: Record<string, unknown> | null, key: string) => {
    if (!s) return undefined;
    let map = props.get(s);
    if (!map) {
      map = mergedProperties(mergeParts(s, r.schemas), 1_000).props;
      props.set(s, map);
    }
    return map.get(key);
  };
  /** The schema of the items of array schema `s`. */
  const itemsOf = (s: Record<string, unknown> | null) =>
    s && !Array.isArray(s.items) ? s.items : undefined;
  let nodes = 0;

  /** The qualified name of `x`, inferred as `inferred` when it has none. */
  const qname = (x: XmlNode, inferred: string) => {
    const local = elementName(x.name || inferred);
    return x.prefix ? `${ncName(x.prefix)}:${local}` : local;
  };
  /** The `xmlns` declaration `x` makes, "" when none. */
  const declaration = (x: XmlNode) =>
    !x.namespace
      ? ""
      : x.prefix
      ? `xmlns:${ncName(x.prefix)}="${escapeAttribute(x.namespace)}"`
      : `xmlns="${escapeAttribute(x.namespace)}"`;

  /** An element for `v`, named by `x` or `inferred`, at `depth`. */
  const element = (
    v: unknown,
    x: XmlNode,
    inferred: string,
    depth: number,
  ): Content => {
    nodes++;
    const tag = qname(x, inferred);
    const c: Content = { tag, attrs: [], children: [] };
    const decl = declaration(x);
    if (decl) c.attrs.push(decl);
    if (Array.isArray(v)) {
      // A wrapping element (3.2 `nodeType: element` on an array, 3.0's
      // `wrapped: true`): its items inside, named by their own `name`,
      // else as the wrapper is (§4.26 "XML Arrays").
      const ix = xmlNode(itemsOf(x.schema), r);
      if (ix.type === "none" || ix.type === "attribute") ix.type = "element";
      for (const item of v.slice(0, MAX_ITEMS)) {
        content(item, ix, x.name || inferred, c, depth);
      }
    } else if (v !== null && typeof v === "object" && depth < MAX_DEPTH) {
      members(v as Record<string, unknown>, x.schema, c, depth);
    } else if (typeof v !== "object" || v === null) {
      const t = scalarText(v);
      if (t) c.children.push(escapeText(t));
    }
    return c;
  };

  /** The nodes of `v`, described by `x`, added to an element's content. */
  const content = (
    v: unknown,
    x: XmlNode,
    inferred: string,
    c: Content,
    depth: number,
  ): void => {
    if (nodes >= MAX_NODES) return;
    switch (x.type) {
      case "attribute": {
        if (v === undefined || (typeof v === "object" && v !== null)) return;
        nodes++;
        const decl = x.prefix ? declaration(x) : "";
        if (decl && !c.attrs.includes(decl)) c.attrs.push(decl);
        c.attrs.push(
          `${qname(x, inferred)}="${escapeAttribute(scalarText(v))}"`,
        );
        return;
      }
      case "text":
      case "cdata": {
        nodes++;
        const t = scalarText(v);
        if (t) {
          c.children.push(x.type === "text" ? escapeText(t) : cdata(t));
        }
        return;
      }
      case "none": {
        // No node: an array's items stand in its place, each named by the
        // items' own name, else as the array's property (§4.26 "XML
        // Arrays"); an object's members join the parent's.
        if (Array.isArray(v)) {
          const ix = xmlNode(itemsOf(x.schema), r);
          for (const item of v.slice(0, MAX_ITEMS)) {
            // An item is a node of its own unless it is an array itself.
            const it = ix.type === "none" && !Array.isArray(item)
              ? { ...ix, type: "element" as const }
              : ix;
            content(item, it, inferred, c, depth);
          }
        } else if (v !== null && typeof v === "object") {
          if (depth < MAX_DEPTH) {
            members(v as Record<string, unknown>, x.schema, c, depth);
          }
        } else {
          const t = scalarText(v);
          if (t) c.children.push(escapeText(t));
        }
        return;
      }
      default:
        c.children.push(element(v, x, inferred, depth + 1));
    }
  };

  /** The members of object `v`, of schema `s`, added to `c`. */
  const members = (
    v: Record<string, unknown>,
    s: Record<string, unknown> | null,
    c: Content,
    depth: number,
  ): void => {
    for (const k of Object.keys(v)) {
      if (nodes >= MAX_NODES) return;
      content(v[k], xmlNode(propOf(s, k), r), k, c, depth);
    }
  };

  const root = xmlNode(schema, r);
  // One document has one root element: the body's schema is one whatever
  // its node type, named `name` (its `xml.name`, else its component's).
  const x: XmlNode = { ...root, type: "element", name };
  if (!Array.isArray(value)) return serialize(element(value, x, name, 0));
  // A root array is wrapped; its items named as theirs say, else `item`.
  const ix = xmlNode(itemsOf(root.schema), r);
  if (ix.type !== "text" && ix.type !== "cdata") ix.type = "element";
  const c: Content = { tag: qname(x, name), attrs: [], children: [] };
  const decl = declaration(x);
  if (decl) c.attrs.push(decl);
  for (const item of value.slice(0, MAX_ITEMS)) {
    content(item, ix, "item", c, 0);
  }
  return serialize(c);
}

/**
 * Element `c` as text, its child elements indented; text among them is the
 * element's content as written, where indentation would be part of it, so
 * such an element (and all inside it) is written on one line.
 */
function serialize(c: Content): string {
  return units(c, false, "").join("\n");
}

/**
 * {@link serialize}'s lines of `c`, each indented by `pad`: an element on
 * one line is one unit, line breaks in its text kept as they are.
 */
function units(c: Content, compact: boolean, pad: string): string[] {
  const open = [c.tag, ...c.attrs].join(" ");
  if (!c.children.length) return [`${pad}<${open}></${c.tag}>`];
  const flat = compact || c.children.some((k) => typeof k === "string");
  if (flat) {
    const inner = c.children.map((k) =>
      typeof k === "string" ? k : units(k, true, "").join("")
    );
    return [`${pad}<${open}>${inner.join("")}</${c.tag}>`];
  }
  return [
    `${pad}<${open}>`,
    ...c.children.flatMap((k) => units(k as Content, false, `${pad}  `)),
    `${pad}</${c.tag}>`,
  ];
}

/** `value` as XML text under an element named `name`, no schema known. */
function plainSample(value: unknown, name: string): string {
  const out: string[] = [];
  const write = (v: unknown, tag: string, depth: number) => {
    const pad = "  ".repeat(depth);
    if (Array.isArray(v)) {
      for (const item of v) write(item, tag, depth);
      return;
    }
    if (v !== null && typeof v === "object") {
      out.push(`${pad}<${tag}>`);
      for (const [k, m] of Object.entries(v)) {
        write(m, elementName(k), depth + 1);
      }
      out.push(`${pad}</${tag}>`);
      return;
    }
    out.push(`${pad}<${tag}>${escape(v === null ? "" : String(v))}</${tag}>`);
  };
  const root = elementName(name);
  // A root array is wrapped: one document has one root element.
  if (Array.isArray(value)) {
    out.push(`<${root}>`);
    for (const item of value) write(item, "item", 1);
    out.push(`</${root}>`);
  } else write(value, root, 0);
  return out.join("\n");
}
