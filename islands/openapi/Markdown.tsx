import type { ComponentChildren } from "preact";
import type { Md, MdNode } from "../../lib/openapi/types.ts";

/**
 * A description parsed by the worker (lib/openapi/markdown.ts) as elements,
 * its allowlisted HTML included: each node kind maps to one element made
 * here. Text is always text: there is no path from spec content to HTML.
 * Links open apart and pass no referrer or opener (targets were already
 * limited to http, https and mailto).
 */
export function Markdown(
  { md, class: cls = "sv-md" }: { md: Md; class?: string },
) {
  if (!md.length) return null;
  return <div class={cls}>{md.map(node)}</div>;
}

function kids(c: MdNode[]): ComponentChildren {
  return c.map(node);
}

function node(n: MdNode, i: number): ComponentChildren {
  if (typeof n === "string") return n;
  switch (n.t) {
    case "p":
      return <p key={i}>{kids(n.c)}</p>;
    case "em":
      return <em key={i}>{kids(n.c)}</em>;
    case "strong":
      return <strong key={i}>{kids(n.c)}</strong>;
    case "span":
      return <span key={i}>{kids(n.c)}</span>;
    case "quote":
      return <blockquote key={i}>{kids(n.c)}</blockquote>;
    case "li":
      return <li key={i}>{kids(n.c)}</li>;
    case "h":
      return <p key={i} class="sv-md-h">{kids(n.c)}</p>;
    case "ul":
      return <ul key={i}>{kids(n.c)}</ul>;
    case "ol":
      return <ol key={i} start={n.start}>{kids(n.c)}</ol>;
    case "a":
      // Checked again here: a page never trusts data to be what it claims.
      if (!/^(https?:\/\/|mailto:)/i.test(n.href.trim())) {
        return <span key={i}>{kids(n.c)}</span>;
      }
      return (
        <a key={i} href={n.href} rel="noopener noreferrer" target="_blank">
          {kids(n.c)}
        </a>
      );
    case "code":
      return <code key={i}>{n.v}</code>;
    case "pre":
      return (
        <pre key={i} tabIndex={0}>
          <code>{n.v}</code>
        </pre>
      );
    case "table":
      return <table key={i}>{kids(n.c)}</table>;
    case "thead":
      return <thead key={i}>{kids(n.c)}</thead>;
    case "tbody":
      return <tbody key={i}>{kids(n.c)}</tbody>;
    case "tr":
      return <tr key={i}>{kids(n.c)}</tr>;
    case "th":
      return <th key={i}>{kids(n.c)}</th>;
    case "td":
      return <td key={i}>{kids(n.c)}</td>;
    case "br":
      return <br key={i} />;
    case "hr":
      return <hr key={i} />;
  }
}
