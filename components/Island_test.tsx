import assert from "node:assert/strict";
import { renderToString } from "preact-render-to-string";
import { Island } from "./Island.tsx";
import { isIslandName, ISLANDS } from "../islands/registry.ts";

function Greeting(p: { who: string }) {
  return <p>hello {p.who}</p>;
}

Deno.test("Island: the marker carries the name and the props for hydration", () => {
  const html = renderToString(
    <Island name="ThemeToggle" component={Greeting} props={{ who: "<&>" }} />,
  );
  assert.match(html, /^<div data-island="ThemeToggle" data-props="/);
  assert.match(html, /<p>hello &lt;&amp;(>|&gt;)<\/p><\/div>$/);
  const props = /data-props="([^"]*)"/.exec(html)![1]
    .replace(/&quot;/g, '"').replace(/&lt;/g, "<").replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
  assert.deepEqual(JSON.parse(props), { who: "<&>" });
});

Deno.test("Island: only registered names type-check or boot", () => {
  // deno check fails this file if a misspelt name were accepted.
  // @ts-expect-error: "HarViewr" is not a registered island
  <Island name="HarViewr" component={Greeting} props={{ who: "x" }} />;
  assert.equal(isIslandName("HarViewer"), true);
  assert.equal(isIslandName("HarViewr"), false);
  assert.equal(isIslandName("toString"), false);
  assert.deepEqual(Object.keys(ISLANDS).sort(), [
    "CompareViewer",
    "DebugRunner",
    "HarViewer",
    "SpecViewer",
    "ThemeToggle",
  ]);
});
