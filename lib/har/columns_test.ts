import assert from "node:assert/strict";
import { harDoc, parsedHar } from "../../tests/helpers/har_doc.ts";
import { parseHarText } from "./parse.ts";
import { SERVED_FROM } from "./served.ts";
import { PHASE_STRIDE, transferables } from "./columns.ts";
import { PHASES } from "./types.ts";

Deno.test("columns: one slot per entry, strings interned, phases strided", () => {
  const { columns: c } = parsedHar([
    { method: "GET", url: "https://a.example/x" },
    { method: "POST", url: "https://b.example/y?q" },
    { method: "GET", url: "https://a.example/z" },
  ]);
  assert.equal(c.n, 3);
  assert.deepEqual(c.methods, ["GET", "POST"]);
  assert.deepEqual([...c.methodIdx], [0, 1, 0]);
  assert.equal(c.hosts.length, 2);
  assert.equal(c.urls.slice(c.urlOff[1], c.urlOff[2]), "https://b.example/y?q");
  assert.equal(PHASE_STRIDE, PHASES.length + 1);
  assert.equal(c.phases.length, 3 * PHASE_STRIDE);
});

Deno.test("columns: every typed array is transferable, each buffer once", () => {
  const { columns: c } = parsedHar([{}, {}]);
  const list = transferables(c);
  assert.ok(list.length > 5);
  assert.equal(new Set(list).size, list.length);
  // Transferring really moves them.
  const copy = structuredClone(c);
  const moved = structuredClone(copy, { transfer: transferables(copy) });
  assert.equal(moved.n, 2);
  assert.equal(copy.status.length, 0, "detached after the transfer");
});

Deno.test("columns: where each entry was served from, as the exporters record it", () => {
  const doc = harDoc([{}, {}, {}, {}, {}]) as {
    log: { entries: Record<string, unknown>[] };
  };
  const patches = [
    {},
    { _fromCache: "memory" },
    { _fromCache: "disk" },
    { _fromServiceWorker: true },
    { _fetchType: "Disk Cache" },
  ];
  patches.forEach((p, i) => Object.assign(doc.log.entries[i], p));
  const { columns: c } = parseHarText(JSON.stringify(doc));
  assert.deepEqual(
    [...c.served].map((k) => SERVED_FROM[k]),
    ["", "memory cache", "disk cache", "service worker", "disk cache"],
  );
});
