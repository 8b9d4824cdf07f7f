import assert from "node:assert/strict";
import { renderToString } from "preact-render-to-string";
import { Summary } from "./Summary.tsx";

Deno.test("compare summary: the verdict in words, per level", () => {
  const verdict = (breaking: number, warning: number, info = 0) => {
    const html = renderToString(
      <Summary
        result={{
          gen: 1,
          base: { title: "A", version: "1", format: "OpenAPI 3.1.0" },
          revision: { title: "A", version: "2", format: "OpenAPI 3.1.0" },
          counts: { breaking, warning, info, doc: 0 },
          rows: [],
          shown: new Uint32Array(),
          focus: new Map(),
          ms: 1,
        }}
      />,
    );
    const p = /<p[^>]*data-testid="compare-verdict"[^>]*>(.*?)<\/p>/s.exec(
      html,
    )!;
    return { cls: /class="([^"]*)"/.exec(p[0])![1], text: p[1] };
  };
  assert.deepEqual(verdict(1, 2), {
    cls: "cmp-verdict cmp-level-breaking",
    text:
      "Not backward compatible: 1 breaking change can fail a client written against the base.",
  });
  assert.deepEqual(verdict(0, 1), {
    cls: "cmp-verdict cmp-level-warning",
    text:
      "No breaking change found; 1 warning to review, where the documents do not say enough to decide.",
  });
  assert.deepEqual(verdict(0, 0, 3), {
    cls: "cmp-verdict cmp-level-info",
    text: "Backward compatible: no breaking change or warning.",
  });
});
