/** How the server entries say they cannot start. */
import assert from "node:assert/strict";
import { listenError, startOrExit } from "./fatal.ts";

Deno.test("fatal: a listener's failure in the operator's words", () => {
  const taken = listenError(new Deno.errors.AddrInUse("os error 98"), 80, "::");
  assert.equal(
    (taken as Error).message,
    "port 80 on :: is already in use (PORT, HOST)",
  );
  const pair = listenError(
    new Error("keys may not be consistent: KeyMismatch"),
    1,
    "h",
  );
  assert.equal(
    (pair as Error).message,
    "the certificate and the key do not belong together",
  );
  const other = new TypeError("x");
  assert.equal(listenError(other, 1, "h"), other);
});

Deno.test("fatal: a start that throws is one line and exit 1", async () => {
  const said: string[] = [];
  const error = console.error;
  console.error = (m: string) => said.push(m);
  let code = -1;
  try {
    await startOrExit("deno task x", () => {
      throw new RangeError('PORT="a": not a port');
    }, (c) => code = c);
    await startOrExit("deno task x", () => Promise.resolve(), (c) => code = c);
  } finally {
    console.error = error;
  }
  assert.deepEqual(said, ['deno task x: PORT="a": not a port']);
  assert.equal(code, 1);
});
