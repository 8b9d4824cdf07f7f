import type { AboutLink } from "../../lib/openapi/types.ts";

/**
 * A link from the document (contact, license, external docs): its address
 * is a link only when it is one the reader may follow (http, https,
 * mailto), opened apart and telling the target nothing of this page.
 */
export function DocLink({ link }: { link: AboutLink }) {
  return link.href
    ? (
      <a href={link.href} rel="noopener noreferrer" target="_blank">
        {link.text} <span class="visually-hidden">(opens in a new tab)</span>
      </a>
    )
    : <>{link.text}</>;
}
