import assert from "node:assert/strict";
import {
  WorkerClient,
  type WorkerClient as Client,
  type WorkerGone,
  type WorkerMessage,
} from "./worker_client.ts";

const URL_ = new URL(
  "../../tests/fixtures/workers/test_worker.ts",
  import.meta.url,
).href;

type In = WorkerMessage & { n?: number; text?: string };
type Out = WorkerMessage & { k?: number; text?: string };

/** Every message of one call, until it finishes. */
function run(
  c: Client<In, Out>,
  msg: Omit<In, "id">,
  finished = (m: Out | WorkerGone) => m.type === "echo" || m.type === "done",
): Promise<(Out | WorkerGone)[]> {
  return new Promise((resolve) => {
    const seen: (Out | WorkerGone)[] = [];
    const ok = c.call({ ...msg, id: c.nextId() } as In, (m) => {
      seen.push(m);
      const end = m.type === "gone" || finished(m);
      if (end) resolve(seen);
      return end;
    });
    if (!ok) resolve([]);
  });
}

Deno.test("worker client: ok/an answer finds its call", async () => {
  const c = new WorkerClient<In, Out>(URL_);
  try {
    const [a, b] = await Promise.all([
      run(c, { type: "echo", text: "a" }),
      run(c, { type: "echo", text: "b" }),
    ]);
    assert.equal(a.length, 1);
    assert.equal((a[0] as Out).text, "a");
    assert.equal((b[0] as Out).text, "b");
    assert.equal(c.busy, false);
  } finally {
    c.stop();
  }
});

Deno.test("worker client: ok/progress keeps the watchdog away", async () => {
  // 40 steps 30 ms apart (1.2 s) outlast a 500 ms watchdog: each step
  // restarts it. The margin leaves room for a loaded machine.
  const c = new WorkerClient<In, Out>(URL_, { timeoutMs: 500 });
  try {
    const seen = await run(c, { type: "steps", n: 40 });
    assert.deepEqual(seen.map((m) => m.type), [
      ...Array(40).fill("step"),
      "done",
    ]);
  } finally {
    c.stop();
  }
});

Deno.test("worker client: ok/a call waiting while another reports progress is left alone", async () => {
  // Answered after 1 s, with no word of its own: the other call's steps
  // (30 ms apart, 1.2 s) show the worker alive past a 500 ms watchdog.
  const c = new WorkerClient<In, Out>(URL_, { timeoutMs: 500 });
  try {
    const [steps, later] = await Promise.all([
      run(c, { type: "steps", n: 40 }),
      run(c, { type: "later", n: 1000 }),
    ]);
    assert.equal(steps.at(-1)?.type, "done");
    assert.deepEqual(later.map((m) => m.type), ["echo"]);
  } finally {
    c.stop();
  }
});

Deno.test("worker client: bad/a hanging worker is stopped by the watchdog", async () => {
  // Long enough for a new worker to start and say so on a loaded machine
  // (200 ms was not, once, with the suite's four jobs on two cores).
  const c = new WorkerClient<In, Out>(URL_, { timeoutMs: 1_000 });
  const t = performance.now();
  const seen = await run(c, { type: "hang" });
  assert.ok(performance.now() - t < 5_000);
  assert.deepEqual(seen.map((m) => m.type), ["started", "gone"]);
  const gone = seen[1] as WorkerGone;
  assert.equal(gone.reason, "timeout");
  assert.equal(gone.answered, true);
  assert.equal(c.running, false);
  // The next call gets a fresh worker.
  const again = await run(c, { type: "echo", text: "x" });
  assert.equal((again[0] as Out).text, "x");
  c.stop();
});

Deno.test("worker client: bad/a silent worker is stopped, never answered", async () => {
  const c = new WorkerClient<In, Out>(URL_, { timeoutMs: 200 });
  const seen = await run(c, { type: "silent" });
  assert.deepEqual(seen, [{
    type: "gone",
    id: 1,
    reason: "timeout",
    answered: false,
  }]);
});

Deno.test("worker client: bad/a crash reaches every open call", async () => {
  const c = new WorkerClient<In, Out>(URL_);
  const waiting = run(c, { type: "silent" });
  const seen = await run(c, { type: "crash" });
  const gone = seen.at(-1) as WorkerGone;
  assert.equal(gone.reason, "crashed");
  assert.match(gone.message ?? "", /simulated crash/);
  const other = (await waiting)[0] as WorkerGone;
  assert.equal(other.reason, "crashed");
  assert.equal(other.answered, false);
  assert.equal(c.busy, false);
});

Deno.test("worker client: ok/stop interrupts a busy worker; cancel drops a call", async () => {
  const c = new WorkerClient<In, Out>(URL_);
  const busy = run(c, { type: "hang" });
  await new Promise((r) => setTimeout(r, 200));
  c.stop();
  assert.equal(((await busy).at(-1) as WorkerGone).reason, "stopped");
  let heard = 0;
  const id = c.nextId();
  c.call({ type: "echo", id }, () => void heard++);
  c.cancel(id);
  assert.equal(c.busy, false);
  await run(c, { type: "echo", text: "after" });
  assert.equal(heard, 0);
  c.stop();
});

Deno.test("worker client: bad/no URL, no worker: the caller is told at once", () => {
  const c = new WorkerClient<In, Out>(null);
  assert.equal(c.start(), false);
  assert.equal(c.call({ type: "echo", id: c.nextId() }, () => {}), false);
  assert.equal(c.busy, false);
});

Deno.test("worker client: ok/a notice starts the worker and is sent; no call hears its answer", async () => {
  const c = new WorkerClient<In, Out>(URL_);
  try {
    // The stand-in answers an echo even so: the client drops what no call
    // waits for, and the next call hears only its own answer.
    assert.equal(c.notify({ type: "echo", id: 0, text: "notice" }), true);
    assert.equal(c.busy, false);
    const seen = await run(c, { type: "echo", text: "call" });
    assert.deepEqual(seen.map((m) => (m as Out).text), ["call"]);
  } finally {
    c.stop();
  }
});

Deno.test("worker client: bad/a notice with no worker to run says so", () => {
  const c = new WorkerClient<In, Out>(null);
  assert.equal(c.notify({ type: "echo", id: 0 }), false);
});

Deno.test("worker client: ok/a notice that must not start a worker goes only to a running one", async () => {
  const c = new WorkerClient<In, Out>(URL_);
  try {
    assert.equal(c.notify({ type: "echo", id: 0 }, false), false, "none runs");
    assert.equal(c.start(), true);
    assert.equal(c.notify({ type: "echo", id: 0 }, false), true);
    c.stop();
    assert.equal(c.notify({ type: "echo", id: 0 }, false), false, "stopped");
    // Nothing was started by those: a call still starts one and is heard.
    const seen = await run(c, { type: "echo", text: "call" });
    assert.deepEqual(seen.map((m) => (m as Out).text), ["call"]);
  } finally {
    c.stop();
  }
});
