import assert from "node:assert/strict";
import { linksPage } from "./links.ts";

const hrefs = (html: string) =>
  [...html.matchAll(/<a href="([^"]*)">(\d+)<\/a>/g)].map((m) => [m[1], m[2]]);
const body = (html: string) => /<body>(.*)<\/body>/s.exec(html)![1];

/** [name, base, n, offset, linked pages, the page shown as text]. */
const CASES: [string, string, number, number, number[], string | null][] = [
  ["ok/first page", "/api/debug", 5, 0, [1, 2, 3, 4], "0"],
  ["ok/middle page", "/api/debug", 5, 2, [0, 1, 3, 4], "2"],
  ["ok/last page", "/api/debug", 5, 4, [0, 1, 2, 3], "4"],
  ["ok/one page links nowhere", "/api/debug", 1, 0, [], "0"],
  ["ok/root base", "", 3, 1, [0, 2], "1"],
  ["ok/offset past the pages: every one a link", "/x", 3, 7, [0, 1, 2], null],
];

for (const [name, base, n, offset, linked, text] of CASES) {
  Deno.test(`linksPage ${name}`, () => {
    const html = linksPage((i) => `${base}/links/${n}/${i}`, n, offset);
    assert.match(html, /^<!DOCTYPE html>\n<html lang="en">/);
    assert.deepEqual(
      hrefs(html),
      linked.map((i) => [`${base}/links/${n}/${i}`, String(i)]),
    );
    // Every page number in order, the current one as bare text.
    const items = body(html).match(/<a [^>]*>\d+<\/a>|\d+/g)!;
    assert.equal(items.join(" "), body(html), "items apart by one space");
    assert.equal(items.length, n);
    items.forEach((item, i) => {
      assert.equal(item === String(i), i === offset && text !== null, item);
    });
    if (text !== null) assert.ok(items.includes(text));
  });
}

Deno.test("linksPage ok/200 links, no script or external reference", () => {
  const html = linksPage((i) => `/api/debug/links/200/${i}`, 200, 199);
  assert.equal(hrefs(html).length, 199);
  assert.doesNotMatch(html, /<script|src=|https?:/i);
});
