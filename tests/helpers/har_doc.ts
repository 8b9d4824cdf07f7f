/**
 * Small HAR documents for unit tests: entries with sensible defaults, each
 * field overridable, so a test states only what it is about.
 */
import { type ParsedHar, parseHarText } from "../../lib/har/parse.ts";

/** One entry's fields the tests vary. */
export interface EntryInit {
  method?: string;
  url?: string;
  status?: number;
  mime?: string;
  /** Offset from the first entry's start, ms. */
  at?: number;
  time?: number;
  transfer?: number;
  contentSize?: number;
  requestHeaders?: { name: string; value: string }[];
  responseHeaders?: { name: string; value: string }[];
  text?: string;
  pageref?: string;
  resourceType?: string;
  /** The response's `redirectURL`. */
  redirectURL?: string;
}

const T0 = Date.parse("2024-05-01T10:00:00.000Z");

/** A HAR 1.2 log of `entries`, as a JSON value. */
export function harDoc(entries: EntryInit[], pages: unknown[] = []): unknown {
  return {
    log: {
      version: "1.2",
      creator: { name: "test", version: "1" },
      pages,
      entries: entries.map((e) => ({
        startedDateTime: new Date(T0 + (e.at ?? 0)).toISOString(),
        time: e.time ?? 10,
        pageref: e.pageref,
        _resourceType: e.resourceType,
        request: {
          method: e.method ?? "GET",
          url: e.url ?? "https://example.com/",
          httpVersion: "HTTP/1.1",
          headers: e.requestHeaders ?? [],
          queryString: [
            ...new URL(e.url ?? "https://example.com/").searchParams,
          ]
            .map(([name, value]) => ({ name, value })),
          cookies: [],
          headersSize: -1,
          bodySize: 0,
        },
        response: {
          status: e.status ?? 200,
          statusText: "",
          httpVersion: "HTTP/1.1",
          headers: e.responseHeaders ?? [],
          cookies: [],
          content: {
            size: e.contentSize ?? 100,
            mimeType: e.mime ?? "text/html",
            text: e.text,
          },
          redirectURL: e.redirectURL ?? "",
          headersSize: -1,
          bodySize: 0,
          _transferSize: e.transfer ?? 200,
        },
        cache: {},
        timings: { send: 1, wait: (e.time ?? 10) - 2, receive: 1 },
      })),
    },
  };
}

/** `entries` parsed as the viewer parses a file. */
export function parsedHar(entries: EntryInit[], pages?: unknown[]): ParsedHar {
  return parseHarText(JSON.stringify(harDoc(entries, pages)));
}

/** The text of a HAR file in tests/fixtures/har/. */
export function harFixture(name: string): Promise<string> {
  return Deno.readTextFile(new URL(`../fixtures/har/${name}`, import.meta.url));
}
