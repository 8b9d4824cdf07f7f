/** The spec header: title, version, format, counts, and info.summary. */
import assert from "node:assert/strict";
import { renderToString } from "preact-render-to-string";
import { SpecHeader } from "./SpecHeader.tsx";
import { parseSpec } from "../../lib/openapi/mod.ts";

const header = (info: Record<string, unknown>) => {
  const index = parseSpec(
    JSON.stringify({ openapi: "3.1.0", info, paths: {} }),
  ).index;
  return renderToString(
    <SpecHeader
      index={index}
      summary={index.about.summary}
      activeMethods={[]}
      onMethod={() => {}}
    />,
  );
};

Deno.test("spec header: info.summary is shown under the title, as text", () => {
  const html = header({
    title: "My API",
    version: "1",
    summary: "My <b>API</b>'s summary",
  });
  assert.match(
    html,
    /data-testid="spec-title" dir="auto">My API<\/h2>.*<p class="sv-api-summary" data-testid="spec-summary" dir="auto">My &lt;b>API&lt;\/b>'s summary<\/p>/s,
  );
  assert.doesNotMatch(header({ title: "t", version: "1" }), /spec-summary/);
});
