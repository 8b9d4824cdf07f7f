/**
 * The engine's guards around the worker: a worker that hangs is
 * stopped after the bound, one that dies while reading gives an error (never
 * a retry on the page's own thread), and YAML with aliases is read in the
 * worker whatever its size, so the page never walks it itself.
 */
import assert from "node:assert/strict";
import { dump } from "js-yaml";
import { SpecEngine } from "./engine.ts";
import { laughs } from "../../tests/hostile/spec_cases_alias.ts";
import { bigSpec } from "../../tests/fixtures/openapi/generate.ts";
import type { OperationDetail, SpecIndex } from "../../lib/openapi/types.ts";
import type { OperationRef } from "./protocol.ts";
import { parseSpec } from "../../lib/openapi/mod.ts";
import { operationDetail } from "../../lib/openapi/detail.ts";
import { SchemaGraph } from "../../lib/openapi/schema_graph.ts";

const STUCK = new URL(
  "../../tests/fixtures/openapi/stuck_worker.ts",
  import.meta.url,
);
const REAL = new URL("../workers/spec_worker.ts", import.meta.url)
  .href;
const BIG = '{"openapi":"3.1.0","info":{"title":"t","version":"1"},"x":"' +
  "a".repeat(250_000) + '","paths":{"/a":{"get":{}}}}';
const OPTS = { sanitizeOps: false, sanitizeResources: false };
const none = () => {};

/**
 * A 1.5 MB YAML spec of 900 operations: read in pieces, long enough that
 * a detail asked while it is read comes before it ends.
 */
function bigYaml(): string {
  return dump(JSON.parse(bigSpec(900, { bytes: 1_500_000 })));
}

/** An engine of `url`, stopped when the block that holds it ends (`using`). */
function engine(url: string, timeoutMs?: number) {
  const e = new SpecEngine(url, timeoutMs);
  return Object.assign(e, { [Symbol.dispose]: () => e.dispose() });
}

Deno.test({
  name: "spec engine: a worker that never answers is stopped after the bound",
  ...OPTS,
  async fn() {
    using e = engine(`${STUCK.href}?mode=hang`, 300);
    const t0 = performance.now();
    const r = await e.parse(BIG, none, none);
    assert.ok(r && !r.ok);
    assert.match(r.error.message, /took longer than 0\.3 s/);
    assert.ok(performance.now() - t0 < 5_000);
    // The page goes on: the next (small) spec is read.
    const ok = await e.parse(
      '{"openapi":"3.1.0","info":{"title":"t","version":"1"},"paths":{"/b":{"get":{}}}}',
      none,
      none,
    );
    assert.ok(ok?.ok && ok.index.endpoints.length === 1);
  },
});

Deno.test({
  name:
    "spec engine: a worker that dies while reading gives an error, no retry here",
  ...OPTS,
  async fn() {
    using e = engine(`${STUCK.href}?mode=die`, 120_000);
    const r = await e.parse(BIG, none, none);
    assert.ok(r && !r.ok);
    assert.match(r.error.message, /stopped/);
  },
});

Deno.test({
  name:
    "spec engine: a worker asked to warm (again and again) still reads a picked file, listed from its outline first",
  ...OPTS,
  async fn() {
    using e = engine(REAL);
    e.warm();
    e.warm(); // repeated intents: one warm-up
    const file = new Blob([bigSpec(3000)]);
    assert.ok(file.size >= 250_000, "big enough for the worker");
    let previewed = 0;
    const t0 = performance.now();
    const r = await e.parse(file, none, none, none, (ix) => {
      previewed = ix.endpoints.length;
    });
    assert.ok(r?.ok);
    assert.equal(previewed, r.index.endpoints.length);
    // Its steps run between the pick's messages: only a warm-up that held
    // the worker would take this long (a bound a loaded machine meets
    // many times over).
    assert.ok(performance.now() - t0 < 10_000);
  },
});

Deno.test({
  name: "spec engine: YAML with aliases is read in the worker, details too",
  ...OPTS,
  async fn() {
    using e = engine(REAL);
    const stages: string[] = [];
    const r = await e.parse(
      "openapi: 3.1.0\ninfo: {title: t, version: '1'}\n" + laughs("seq") +
        "paths: {/a: {get: {tags: [*l9, ok], summary: *l9}}}\n",
      (s) => stages.push(s),
      none,
    );
    assert.ok(r?.ok);
    assert.deepEqual(r.index.endpoints[0].tags, ["ok"]);
    assert.ok(stages.includes("parsing"), "the worker reported its stages");
    const d = await e.detail({
      container: "paths",
      path: "/a",
      method: "get",
    });
    assert.equal(d?.method, "get");
  },
});

Deno.test({
  name:
    "spec engine: one answer per operation while the spec stays (asked on pointer down, on click, again on reopen)",
  ...OPTS,
  async fn() {
    using e = engine(REAL);
    const spec = (path: string) =>
      `{"openapi":"3.1.0","info":{"title":"t","version":"1"},"paths":{"${path}":{"get":{}}}}`;
    assert.ok((await e.parse(spec("/a"), none, none))?.ok);
    const op = { container: "paths" as const, path: "/a", method: "get" };
    const first = e.detail(op);
    assert.equal(e.detail({ ...op }), first, "the same promise");
    assert.equal((await first)?.path, "/a");
    // None for an operation that is not there, and that is asked again.
    const none1 = e.detail({ ...op, path: "/none" });
    assert.equal(await none1, null);
    assert.notEqual(e.detail({ ...op, path: "/none" }), none1);
    // A new spec forgets the old answers; the big one goes to the worker.
    assert.ok(
      (await e.parse(spec("/a") + " ".repeat(250_000), none, none))?.ok,
    );
    const again = e.detail(op);
    assert.notEqual(again, first);
    assert.equal((await again)?.path, "/a");
    // Asked ahead: the worker's answer is the one a click then gets.
    const other = { ...op, path: "/b" };
    assert.ok(
      (await e.parse(spec("/b") + " ".repeat(250_000), none, none))?.ok,
    );
    e.ahead(other);
    assert.equal((await e.detail(other))?.path, "/b");
    e.reset();
    assert.equal(await e.detail(op), null, "cleared: no spec, no detail");
  },
});

Deno.test({
  name:
    "spec engine: a picked file's list shows from its preview first; a detail asked then waits for the whole parse",
  ...OPTS,
  async fn() {
    using e = engine(REAL);
    const text = bigSpec(300, { bytes: 400_000 });
    const file = new Blob([text]);
    const order: string[] = [];
    let early: Promise<unknown> | null = null;
    let previewed: SpecIndex | null = null;
    let firstRows: SpecIndex | null = null;
    const r = await e.parse(file, none, () => order.push("checked"), none, (
      index,
      _ms,
      head,
    ) => {
      // The file's first rows, from its first bytes, come before the
      // outline's list.
      order.push(head ? "first rows" : "preview");
      if (head) return void (firstRows = index);
      previewed = index;
      const first = index.endpoints[0];
      early = e.detail({
        container: "paths",
        path: first.path,
        method: first.method,
      });
    });
    order.push("parsed");
    assert.ok(r?.ok);
    assert.deepEqual(order.slice(0, 3), ["first rows", "preview", "parsed"]);
    const p = previewed as SpecIndex | null;
    assert.ok(p);
    const head = firstRows as SpecIndex | null;
    assert.ok(head && head.endpoints.length < p.endpoints.length);
    assert.deepEqual(
      head.endpoints,
      p.endpoints.slice(0, head.endpoints.length),
      "the first rows are the list's first",
    );
    assert.deepEqual(
      p.endpoints,
      r.index.endpoints,
      "the preview lists what the whole parse lists",
    );
    assert.equal(p.title, r.index.title);
    // Asked while only the preview was listed: answered from the document.
    const d = await early as OperationDetail | null;
    assert.equal(d?.path, r.index.endpoints[0].path);
  },
});

/**
 * A stand-in for the page's frames: `requestAnimationFrame` holds its
 * callbacks until `paint()` runs them.
 */
function heldFrames() {
  const g = globalThis as { requestAnimationFrame?: (f: () => void) => void };
  const before = g.requestAnimationFrame;
  let held: (() => void)[] = [];
  g.requestAnimationFrame = (f) => void held.push(f);
  return {
    paint() {
      const now = held;
      held = [];
      for (const f of now) f();
      return now.length;
    },
    [Symbol.dispose]() {
      if (before) g.requestAnimationFrame = before;
      else delete g.requestAnimationFrame;
    },
  };
}

/**
 * The stages of a parse whose previews are each painted 150 ms after they
 * came; a JSON file's first rows come first.
 */
const HELD = ["reading (held)", "preview", "parsing", "indexing"];
const HELD_JSON = ["reading (held)", "first rows", ...HELD.slice(1)];

/**
 * Parses `file` and paints each preview's frame 150 ms after it came: the
 * stages seen, each marked "(held)" while the last preview is unpainted.
 */
async function paintedLater(
  e: SpecEngine,
  frames: ReturnType<typeof heldFrames>,
  file: Blob,
): Promise<string[]> {
  const seen: string[] = [];
  let released = false;
  const r = await e.parse(
    file,
    (stage) => seen.push(`${stage}${released ? "" : " (held)"}`),
    none,
    none,
    (_index, _ms, head) => {
      seen.push(head ? "first rows" : "preview");
      released = false;
      setTimeout(() => {
        released = true;
        assert.equal(frames.paint(), 1, "the preview's frame was asked for");
      }, 150);
    },
  );
  assert.ok(r?.ok);
  return seen;
}

Deno.test({
  name:
    "spec engine: a picked file's whole parse waits until its preview is painted (at most a second when no frame comes), JSON or YAML",
  ...OPTS,
  async fn() {
    using frames = heldFrames();
    using e = engine(REAL);
    const file = new Blob([bigSpec(300, { bytes: 400_000 })]);
    assert.deepEqual(await paintedLater(e, frames, file), HELD_JSON);

    // No frame at all (a background tab): the parse goes on after the bound.
    let previewAt = 0, parsingAt = 0;
    const again = await e.parse(
      file,
      (stage) => {
        if (stage === "parsing") parsingAt = performance.now();
      },
      none,
      none,
      () => previewAt = performance.now(),
    );
    assert.ok(again?.ok && previewAt > 0);
    const waited = parsingAt - previewAt;
    // The bound is a second, timed in the worker from its post; the
    // preview's own way to the page may take a while on a loaded machine.
    assert.ok(waited >= 500, `the parse waited ${waited.toFixed(0)} ms`);

    // YAML too: details asked meanwhile come from its pieces (below).
    frames.paint(); // the frame the last parse never got
    const yaml = new Blob([
      dump(JSON.parse(bigSpec(300, { bytes: 400_000 }))),
    ]);
    assert.deepEqual(await paintedLater(e, frames, yaml), HELD);
  },
});

Deno.test({
  name:
    "spec engine: while a picked YAML file is read whole, a detail asked comes from the pieces it needs, as the whole document's, and its tree's nodes after",
  ...OPTS,
  async fn() {
    using e = engine(REAL);
    const text = bigYaml();
    const order: string[] = [];
    let early: Promise<OperationDetail | null> | null = null;
    let op: OperationRef | null = null;
    const r = await e.parse(new Blob([text]), none, none, none, (index) => {
      // The last POST: its body's schema is one of the last pieces read.
      const last = index.endpoints.findLast((e) => e.method === "post")!;
      op = { container: "paths", path: last.path, method: last.method };
      early = e.detail(op).then((d) => {
        order.push("detail");
        return d;
      });
    });
    order.push("parsed");
    assert.ok(r?.ok && op && early);
    const d = await early as OperationDetail | null;
    assert.ok(d, "answered");
    assert.deepEqual(order, ["detail", "parsed"], "before the whole read");
    // As the whole document's detail, its nodes numbered apart.
    const parsed = parseSpec(text, { checks: false });
    const graph = new SchemaGraph(parsed.resolver, { firstId: 2 ** 30 });
    const { container, path, method } = op as OperationRef;
    assert.deepEqual(
      d,
      operationDetail(parsed, container, path, method, graph),
    );
    // Its tree asks for nodes after the whole read: the same graph answers.
    const ids = d.nodes.map((n) => n.id).slice(0, 3);
    assert.ok(ids.length && ids.every((id) => id >= 2 ** 30));
    assert.deepEqual(
      await e.nodes(ids, 2),
      graph.collect(ids, 2, 5_000),
    );
  },
});

Deno.test({
  name:
    "spec engine: an operation opened while a YAML file is read pauses the read until the page says its detail is painted (or the bound), and is answered meanwhile",
  ...OPTS,
  async fn() {
    using frames = heldFrames();
    using e = engine(REAL);
    const text = bigYaml();
    let held = 0, answered = 0;
    let op: OperationRef | null = null;
    const r = await e.parse(
      new Blob([text]),
      (stage) => {
        // The read has begun: open the operation, and paint nothing.
        if (stage !== "parsing" || !op) return;
        held = performance.now();
        void e.detail(op).then((d) => {
          assert.ok(d);
          answered = performance.now();
        });
      },
      none,
      none,
      (index) => {
        const first = index.endpoints[0];
        op = { container: "paths", path: first.path, method: first.method };
        frames.paint(); // the preview's frame: the read goes on
      },
    );
    const parsed = performance.now();
    assert.ok(r?.ok && held > 0);
    assert.ok(answered > 0 && answered < parsed, "answered while paused");
    // Never said painted: the read waited the bound (300 ms) for it.
    assert.ok(
      parsed - held >= 280,
      `parsed ${(parsed - held).toFixed(0)} ms after the open`,
    );
  },
});

/** `p`, or a rejection once `ms` passed without it settling. */
function within<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, fail) => {
    timer = setTimeout(() => fail(new Error(`${what}: still running`)), ms);
  });
  return Promise.race([p, late]).finally(() => clearTimeout(timer));
}

const SMALL =
  '{"openapi":"3.1.0","info":{"title":"t","version":"1"},"paths":{"/b":{"get":{}}}}';

for (const leave of ["a Clear", "a newer spec read on the page"]) {
  Deno.test({
    name:
      `spec engine: a read in the worker left for ${leave} is stopped, and its stages are not reported`,
    ...OPTS,
    async fn() {
      // A worker that reports a stage every 10 ms and never finishes.
      using e = engine(`${STUCK.href}?mode=ticks`, 120_000);
      const late: string[] = [];
      let left = false;
      let started = () => {};
      const first = new Promise<void>((r) => started = r);
      const old = e.parse(BIG, (s) => {
        if (left) late.push(s);
        started();
      }, none);
      await first;
      left = true;
      if (leave === "a Clear") e.reset();
      else assert.ok((await e.parse(SMALL, none, none))?.ok);
      // Only a stopped worker ends this read; then no stage can come.
      assert.equal(await within(old, 5_000, "the old read"), null);
      assert.deepEqual(late, [], "no stage after it was left");
    },
  });
}

Deno.test({
  name:
    "spec engine: while the worker reads the next spec, the one still listed answers its details and its trees' nodes",
  ...OPTS,
  async fn() {
    using e = engine(REAL);
    const a = await e.parse(bigSpec(300, { bytes: 400_000 }), none, none);
    assert.ok(a?.ok);
    const [first, second] = a.index.endpoints.filter((x) =>
      x.method === "post"
    );
    const ref = (x: typeof first): OperationRef => ({
      container: "paths",
      path: x.path,
      method: x.method,
    });
    const d = await e.detail(ref(first));
    const ids = d?.nodes.map((n) => n.id).slice(0, 3) ?? [];
    assert.ok(ids.length, "a detail with a tree");
    let asked: Promise<[OperationDetail | null, unknown[]]> | null = null;
    // The next spec is read in the worker (a YAML one, in pieces: long
    // enough to ask while it is read); A's rows are still on the page.
    const next = bigYaml();
    const b = await e.parse(next, () => {
      asked ??= Promise.all([e.detail(ref(second)), e.nodes(ids, 2)]);
    }, none);
    assert.ok(b?.ok && asked, "asked while B was read");
    const [other, nodes] = await (asked as Promise<
      [OperationDetail | null, unknown[]]
    >);
    assert.equal(other?.path, second.path, "not 'could not be found'");
    assert.ok(nodes.length, "nodes, not none (marked gone for good)");
  },
});
