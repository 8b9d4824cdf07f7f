/**
 * The search box's terms, listed under it on request: DevTools users know
 * its property filters from the Network panel, where they are suggested as
 * one types; here each is an example that adds itself to the search.
 */

/** Example terms and what each finds (lib/har/search.ts reads them). */
export const SEARCH_TERMS: readonly (readonly [string, string])[] = [
  ["login", "URL, method, status or MIME type contains the word, any case"],
  ["-.png", "leaves out what matches the word after the minus"],
  ["failed", "requests that got no response"],
  ["domain:*.example.com", "the host, * matching any part"],
  ["method:post", "the method"],
  ["status-code:404", "the status"],
  ["mime-type:image/png", "the MIME type"],
  ["scheme:http", "the scheme"],
  ["larger-than:10k", "a transfer size of at least 10 KiB (k, m)"],
  ["has-response-header:set-cookie", "a response header of that name"],
  ["has-request-header:authorization", "a request header of that name"],
  ["is:from-cache", "served from the browser's cache"],
  ["is:service-worker-intercepted", "answered by a service worker"],
  ["/api\\/v\\d/", "a regular expression over the URL, any case"],
];

/** Props of {@link SearchHelp}. */
export interface SearchHelpProps {
  /** Adds a term to the search. */
  onTerm(term: string): void;
  /** A key pressed in the list (Escape closes it). */
  onKeyDown(ev: KeyboardEvent): void;
}

/** The list of terms, each a button that adds it. */
export function SearchHelp({ onTerm, onKeyDown }: SearchHelpProps) {
  return (
    <div
      id="har-search-help"
      class="har-search-help"
      data-testid="har-search-help"
      onKeyDown={onKeyDown}
    >
      <p class="small muted">
        Every term must match. Select one to add it to the search.
      </p>
      <dl>
        {SEARCH_TERMS.map(([term, means]) => (
          <div key={term}>
            <dt>
              <button
                type="button"
                class="har-term"
                data-testid="har-term"
                onClick={() => onTerm(term)}
              >
                <code>{term}</code>
              </button>
            </dt>
            <dd>{means}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
