import assert from "node:assert/strict";
import {
  answerOf,
  failureText,
  handoffKey,
  newKey,
  readyKey,
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
