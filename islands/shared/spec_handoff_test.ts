import assert from "node:assert/strict";
import {
  answerOf,
  failureText,
  handoffKey,
  newKey,
  offerDocument,
  readyKey,
  receiveDocument,
  withKey,
  withoutKey,
} from "./spec_handoff.ts";

const KEY = "0123456789abcdef0123456789abcdef";

/** [name, fragment, key] */
const KEYS: [string, string, string | null][] = [
  ["ok/with the operation", `#op=get+%2Fpets&handoff=${KEY}`, KEY],
  ["ok/alone, no #", `handoff=${KEY}`, KEY],
  [
    "ok/a uuid",
    "#handoff=1b4e28ba-2fa1-11d2-883f-0016d3cca427",
    "1b4e28ba-2fa1-11d2-883f-0016d3cca427",
  ],
  ["none/absent", "#op=get+%2Fpets", null],
  ["none/empty", "#handoff=", null],
  ["none/too short", "#handoff=abc", null],
  ["none/not a key's characters", `#handoff=${KEY}%3Cb%3E`, null],
  ["none/an anchor", "#main", null],
];

for (const [name, hash, want] of KEYS) {
  Deno.test(`spec handoff: key of ${name}`, () => {
    assert.equal(handoffKey(hash), want);
  });
}

Deno.test("spec handoff: a key added to a fragment is read back, and taken out again", () => {
  const k = newKey();
  const h = withKey("#op=get+%2Fpets", k);
  assert.equal(h, `#op=get+%2Fpets&handoff=${k}`);
  assert.equal(handoffKey(h), k);
  assert.equal(withoutKey(h), "#op=get+%2Fpets");
  assert.equal(withoutKey(`#handoff=${k}`), "");
  assert.equal(withKey("", k), `#handoff=${k}`);
});

/** [name, message, key] */
const READY: [string, unknown, string | null][] = [
  ["ok", { type: "wirebench:handoff-ready", key: KEY }, KEY],
  ["another type", { type: "wirebench:handoff-document", key: KEY }, null],
  [
    "a key of the wrong shape",
    { type: "wirebench:handoff-ready", key: "x" },
    null,
  ],
  ["a number key", { type: "wirebench:handoff-ready", key: 1 }, null],
  ["a string", "wirebench:handoff-ready", null],
  ["null", null, null],
];

for (const [name, data, want] of READY) {
  Deno.test(`spec handoff: ready message, ${name}`, () => {
    assert.equal(readyKey(data), want);
  });
}

const DOC = {
  type: "wirebench:handoff-document",
  key: KEY,
  doc: "openapi: 3.1.0",
  name: "pasted text",
  side: "base",
  label: "Pet Store 1.0",
};

/** [name, message, answer] */
const ANSWERS: [string, unknown, ReturnType<typeof answerOf>][] = [
  ["ok/a text", DOC, {
    payload: {
      doc: "openapi: 3.1.0",
      name: "pasted text",
      side: "base",
      label: "Pet Store 1.0",
    },
  }],
  ["ok/gone", { type: "wirebench:handoff-gone", key: KEY }, "gone"],
  ["ok/a name and label cut, absent ones empty", {
    ...DOC,
    name: "n".repeat(300),
    label: 5,
  }, {
    payload: {
      doc: "openapi: 3.1.0",
      name: "n".repeat(200),
      side: "base",
      label: "",
    },
  }],
  ["none/another key", { ...DOC, key: "f".repeat(32) }, null],
  ["none/gone for another key", {
    type: "wirebench:handoff-gone",
    key: "f".repeat(32),
  }, null],
  ["none/a document that is an object", { ...DOC, doc: { a: 1 } }, null],
  ["none/no document", { ...DOC, doc: undefined }, null],
  ["none/an unknown side", { ...DOC, side: "both" }, null],
  ["none/a ready message", { type: "wirebench:handoff-ready", key: KEY }, null],
  ["none/not an object", 42, null],
];

for (const [name, data, want] of ANSWERS) {
  Deno.test(`spec handoff: answer, ${name}`, () => {
    assert.deepEqual(answerOf(data, KEY), want);
  });
}

Deno.test("spec handoff: a file is handed over as the Blob it is", () => {
  const file = new File(["{}"], "stripe.json");
  const a = answerOf({ ...DOC, doc: file, name: "stripe.json" }, KEY);
  assert.ok(a !== null && a !== "gone");
  assert.equal(a.payload.doc, file);
});

Deno.test("spec handoff: every failure says what happened and what to do", () => {
  for (const r of ["no-opener", "closed", "gone", "timeout"] as const) {
    const t = failureText(r);
    assert.match(t, /^No document came: /);
    assert.match(t, /paste, pick or drop it/);
  }
  assert.match(failureText("timeout"), /within 10 s/);
});

const ORIGIN = "http://127.0.0.1:8000";

/**
 * Runs `fn` as a page of {@link ORIGIN} would: its `location`, and the
 * `opener` and `open` given (a spec tab's opener, a blocked pop-up), put
 * back after.
 */
async function asPage(
  globals: { opener?: unknown; open?: unknown },
  fn: () => Promise<void> | void,
): Promise<void> {
  const names = ["location", "opener", "open"] as const;
  const before = names.map((n) =>
    [n, Object.getOwnPropertyDescriptor(globalThis, n)] as const
  );
  const values = { location: { origin: ORIGIN }, ...globals };
  for (const n of names) {
    Object.defineProperty(globalThis, n, {
      value: values[n],
      configurable: true,
      writable: true,
    });
  }
  try {
    await fn();
  } finally {
    for (const [n, d] of before) {
      if (d) Object.defineProperty(globalThis, n, d);
      else delete (globalThis as Record<string, unknown>)[n];
    }
  }
}

/** A compare tab that never answers, and what it was told. */
function silentOpener() {
  const told: unknown[][] = [];
  return {
    closed: false,
    told,
    postMessage: (...args: unknown[]) => void told.push(args),
  };
}

Deno.test("spec handoff: the spec tab waits for its opener as long as it is told, a message from another window or origin not counting, then says it did not answer", async () => {
  const opener = silentOpener();
  await asPage({ opener }, async () => {
    const started = performance.now();
    const waiting = receiveDocument(KEY, 60);
    // "Gone" from no window, and a document from another origin: not the
    // opener's answer, so the wait goes on.
    dispatchEvent(
      new MessageEvent("message", {
        data: { type: "wirebench:handoff-gone", key: KEY },
        origin: ORIGIN,
      }),
    );
    dispatchEvent(
      new MessageEvent("message", { data: DOC, origin: "https://x.test" }),
    );
    assert.deepEqual(await waiting, { ok: false, reason: "timeout" });
    const waited = performance.now() - started;
    assert.ok(waited >= 55 && waited < 5_000, `it waited ${waited} ms`);
    assert.deepEqual(opener.told, [[
      { type: "wirebench:handoff-ready", key: KEY },
      ORIGIN,
    ]]);
  });
});

Deno.test("spec handoff: a spec tab whose opener closes while it waits, or is closed or absent before, says so", async () => {
  const opener = silentOpener();
  await asPage({ opener }, async () => {
    const waiting = receiveDocument(KEY, 30);
    opener.closed = true;
    assert.deepEqual(await waiting, { ok: false, reason: "closed" });
    // Closed before it asked: it asks nothing.
    assert.deepEqual(await receiveDocument(KEY, 30), {
      ok: false,
      reason: "closed",
    });
    assert.equal(opener.told.length, 1);
  });
  await asPage({ opener: null }, async () => {
    assert.deepEqual(await receiveDocument(KEY, 30), {
      ok: false,
      reason: "no-opener",
    });
  });
});

Deno.test("spec handoff: the compare tab says no tab opened when the browser blocked it (a pop-up blocker's null)", async () => {
  const asked: unknown[][] = [];
  await asPage({
    open: (...args: unknown[]) => {
      asked.push(args);
      return null;
    },
  }, () => {
    const opened = offerDocument("/spec#op=get+%2Fpets", {
      doc: "openapi: 3.1.0",
      name: "pasted text",
      side: "base",
      label: "",
    });
    assert.equal(opened, false);
    assert.equal(asked.length, 1);
    assert.equal(asked[0][1], "_blank");
    assert.match(asked[0][0] as string, /^\/spec#op=get\+%2Fpets&handoff=/);
  });
});
