import assert from "node:assert/strict";
import { leavePreview, type LoaderState } from "./use_loader.ts";
import type { SpecIndex } from "../../lib/openapi/types.ts";
import { NO_ABOUT } from "../../lib/openapi/about.ts";

const base: LoaderState = {
  index: { title: "A" } as SpecIndex,
  error: null,
  busy: null,
  status: "Listed a.json (3 MB): 355 endpoints; reading the rest…",
  inBox: false,
  warnings: [],
  checked: false,
  preview: true,
  head: false,
  spec: 1,
  schemas: { names: [], count: 0 },
  about: NO_ABOUT,
};

Deno.test("loader: a new input leaves a preview's status, keeps its list", () => {
  const s = leavePreview(base);
  assert.equal(s.preview, false, "the new input's progress shows");
  assert.equal(s.status, "", "no 'reading the rest' of a stopped parse");
  assert.equal(s.index, base.index, "the list stays until the new one");
});

Deno.test("loader: a new input leaves a file's first rows without counts, as they were", () => {
  const s = leavePreview({ ...base, head: true });
  assert.equal(s.preview, false);
  assert.equal(s.head, true, "the head's own counts never show");
});

Deno.test("loader: a new input keeps a finished spec's state as it is", () => {
  const done = {
    ...base,
    preview: false,
    status: "Read a.json: 355 endpoints",
  };
  assert.equal(leavePreview(done), done);
});
