/**
 * A generated sample written as XML, for a body whose media type is XML
 * (`application/xml`, `text/xml`, `…+xml`): sending the sample's JSON text
 * under that Content-Type, as the cURL command did, is no XML at all. An
 * object's members become child elements, an array's items repeat the
 * element they stand in, scalars are text (XML 1.0 §2.4, escaped), as
 * Swagger UI writes an XML sample. The OpenAPI `xml` object's name for the
 * root is honoured; attributes and namespaces are not modelled.
 */

/** Whether `type` (a media type) is XML. */
export function isXml(type: string): boolean {
  return /^(application|text)\/([\w.-]+\+)?xml(\s*;|$)/i.test(type.trim());
}

/** `name` as an XML element name (XML 1.0 §2.3): other characters as `_`. */
function elementName(name: string): string {
  const n = name.replace(/[^A-Za-z0-9_.:-]/g, "_");
  return !n ? "item" : /^[A-Za-z_:]/.test(n) ? n : `_${n}`;
}

function escape(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** `value` as XML text under an element named `name`, indented. */
export function xmlSample(value: unknown, name: string): string {
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
