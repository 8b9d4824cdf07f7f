/**
 * The spec kept for a reload (session.ts), stored a piece at a time in
 * Deno's own sessionStorage (no idle callback there: a piece per timer).
 */
import assert from "node:assert/strict";
import { forget, PIECE, restore, save } from "./session.ts";

/** Waits until the stored spec is whole (the count is written last). */
async function stored(): Promise<void> {
  for (let i = 0; i < 500 && !restore(); i++) {
    await new Promise((r) => setTimeout(r, 5));
  }
}

const TEXT = `{"a":"${"€".repeat(PIECE)}x"}`;

Deno.test("session: a text of several pieces comes back whole", async () => {
  forget();
  save({ text: TEXT, name: "" });
  await stored();
  assert.deepEqual(restore(), { text: TEXT, name: "" });
  forget();
  assert.equal(restore(), null);
});

Deno.test("session: a file's bytes are decoded a piece at a time, a character across two", async () => {
  forget();
  // Three-byte characters fall across the pieces' ends.
  save({ file: new Blob([TEXT]), name: "spec.json" });
  await stored();
  assert.deepEqual(restore(), { text: TEXT, name: "spec.json" });
  forget();
});

Deno.test("session: a newer spec stops the save under way", async () => {
  forget();
  const stop = save({ text: TEXT, name: "old" });
  stop();
  save({ text: "openapi: 3.1.0", name: "new" });
  await stored();
  await new Promise((r) => setTimeout(r, 50));
  assert.deepEqual(restore(), { text: "openapi: 3.1.0", name: "new" });
  forget();
});
