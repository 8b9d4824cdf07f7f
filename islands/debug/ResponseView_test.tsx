import assert from "node:assert/strict";
import { renderToString } from "preact-render-to-string";
import { ResponseView } from "./ResponseView.tsx";
import type { RunResponse } from "./run.ts";

const PROBLEM: RunResponse = {
  kind: "response",
  status: 400,
  statusText: "Bad Request",
  headers: [["content-type", "application/problem+json"]],
  body: JSON.stringify({
    title: "Bad Request",
    detail: "n must be at most 200 without padding.",
    param: "n",
  }),
  image: null,
  hex: null,
  bytes: 80,
  stream: false,
  redirected: false,
  url: "http://h/",
  ttfbMs: 1,
  ms: 2,
  cutOff: null,
};

/** The text of the rendered HTML's `data-testid=result-problem` box. */
function problemText(html: string): string {
  const box = html.match(
    /<div class="error-box problem" data-testid="result-problem">(.*?)<\/div>/,
  )?.[1] ?? "";
  return box.replace(/<[^>]+>/g, "");
}

Deno.test("response view: ok/the problem box reads as a sentence", () => {
  const text = problemText(
    renderToString(<ResponseView r={PROBLEM} sent={null} />),
  );
  assert.equal(
    text,
    "Bad Request: n must be at most 200 without padding. (parameter n)",
  );
});
