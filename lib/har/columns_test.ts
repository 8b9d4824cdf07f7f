import assert from "node:assert/strict";
import { harDoc, parsedHar } from "../../tests/helpers/har_doc.ts";
import { parseHarText } from "./parse.ts";
import { SERVED_FROM } from "./served.ts";
import { PHASE_STRIDE, transferables } from "./columns.ts";
import { PHASES } from "./types.ts";
import { errorOf } from "./entries.ts";

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

Deno.test("columns: a failed entry keeps its net error, the others none", () => {
  const doc = harDoc([
    {},
    { status: 0 },
    { status: 0 },
    {},
    { status: 0 },
    { status: 0 },
  ]) as {
    log: { entries: Record<string, Record<string, unknown>>[] };
  };
  const e = doc.log.entries;
  e[1].response._error = "net::ERR_INTERNET_DISCONNECTED";
  // Playwright writes `_failureText`, some exporters `_error` on the entry;
  // either on the response or on the entry.
  e[2].response._failureText = "net::ERR_ABORTED";
  (e[4] as Record<string, unknown>)._error = "net::ERR_INTERNET_DISCONNECTED";
  (e[5] as Record<string, unknown>)._failureText = "net::ERR_BLOCKED_BY_CLIENT";
  const { columns: c } = parseHarText(JSON.stringify(doc));
  assert.deepEqual(
    Array.from({ length: c.n }, (_, i) => errorOf(c, i)),
    [
      "",
      "net::ERR_INTERNET_DISCONNECTED",
      "net::ERR_ABORTED",
      "",
      "net::ERR_INTERNET_DISCONNECTED",
      "net::ERR_BLOCKED_BY_CLIENT",
    ],
  );
  // Kept for the failed entries only, each distinct text once.
  assert.deepEqual([...c.failAt], [1, 2, 4, 5]);
  assert.equal(c.failures.length, 3);
  // The status stays as recorded (the contract's data-status).
  assert.equal(c.status[1], 0);
});

Deno.test("columns: a huge error text is cut for the list", () => {
  const doc = harDoc([{ status: 0 }]) as {
    log: { entries: Record<string, Record<string, unknown>>[] };
  };
  doc.log.entries[0].response._error = "x".repeat(1_000_000);
  const { columns: c } = parseHarText(JSON.stringify(doc));
  assert.ok(errorOf(c, 0).length <= 301);
  assert.ok(errorOf(c, 0).startsWith("xxx"));
});
