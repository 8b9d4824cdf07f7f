import type { ComponentChildren } from "preact";
import type { Md, MdNode } from "../../lib/openapi/types.ts";
import { PathText } from "../shared/BidiText.tsx";

/**
 * A description parsed by the worker (lib/openapi/markdown.ts) as elements,
 * its allowlisted HTML included: each node kind maps to one element made
 * here. Text is always text: there is no path from spec content to HTML.
 * Links open apart and pass no referrer or opener (targets were already
 * limited to http, https and mailto).
 */
export function Markdown(
  { md, class: cls = "sv-md", tabbable = true }: {
    md: Md;
    class?: string;
    /**
     * Its links and code blocks in the tab order (the default). A schema
     * tree's row passes false unless it is the tree's one tab stop, so a
     * tree of hundreds of described properties is not hundreds of stops.
     */
    tabbable?: boolean;
  },
) {
  if (!md.length) return null;
  const tab = tabbable ? undefined : -1;
  return <div class={cls}>{md.map((n, i) => node(n, i, tab))}</div>;
}

function kids(c: MdNode[], tab: number | undefined): ComponentChildren {
  return c.map((n, i) => node(n, i, tab));
}

function node(
  n: MdNode,
  i: number,
  tab: number | undefined,
): ComponentChildren {
  if (typeof n === "string") return n;
  switch (n.t) {
    case "p":
      return <p key={i} dir="auto">{kids(n.c, tab)}</p>;
    case "em":
      return <em key={i}>{kids(n.c, tab)}</em>;
    case "strong":
      return <strong key={i}>{kids(n.c, tab)}</strong>;
    case "span":
      return <span key={i}>{kids(n.c, tab)}</span>;
    case "quote":
      return <blockquote key={i} dir="auto">{kids(n.c, tab)}</blockquote>;
    case "li":
      return <li key={i} dir="auto">{kids(n.c, tab)}</li>;
    case "h":
      return <p key={i} class="sv-md-h" dir="auto">{kids(n.c, tab)}</p>;
    case "ul":
      return <ul key={i}>{kids(n.c, tab)}</ul>;
    case "ol":
      return <ol key={i} start={n.start}>{kids(n.c, tab)}</ol>;
    case "a":
      // Checked again here: a page never trusts data to be what it claims.
      if (!/^(https?:\/\/|mailto:)/i.test(n.href.trim())) {
        return <span key={i}>{kids(n.c, tab)}</span>;
      }
      return (
        <a
          key={i}
          href={n.href}
          rel="noopener noreferrer"
          target="_blank"
          tabIndex={tab}
        >
          {n.c.map((k, j) =>
            typeof k === "string"
              ? <PathText key={j} text={k} />
              : node(k, j, tab)
          )}
        </a>
      );
    case "code":
      return <code key={i}>{n.v}</code>;
    case "pre":
      return (
        <pre key={i} tabIndex={tab ?? 0}>
          <code>{n.v}</code>
        </pre>
      );
    case "table":
      return <table key={i}>{kids(n.c, tab)}</table>;
    case "thead":
      return <thead key={i}>{kids(n.c, tab)}</thead>;
    case "tbody":
      return <tbody key={i}>{kids(n.c, tab)}</tbody>;
    case "tr":
      return <tr key={i}>{kids(n.c, tab)}</tr>;
    case "th":
      return (
        <th key={i} class={n.align && `md-${n.align}`} dir="auto">
          {kids(n.c, tab)}
        </th>
      );
    case "td":
      return (
        <td key={i} class={n.align && `md-${n.align}`} dir="auto">
          {kids(n.c, tab)}
        </td>
      );
    case "br":
      return <br key={i} />;
    case "hr":
      return <hr key={i} />;
  }
}
