/**
 * The browser harness itself: `deno test --parallel` runs every test file
 * in one process, and a file's Chromium must end with its file, not with
 * the process (idle browsers of finished files took CPU from the rest of
 * the suite). Two files run side by side in a child `deno test`; the one
 * that outlives the other sees the other's browser gone; the first also
 * checks the browser's command line (its --disable-features).
 */
import assert from "node:assert/strict";
import { BROWSER_TEST } from "../helpers/browser.ts";

const DIR = new URL("../fixtures/harness/", import.meta.url).pathname;

Deno.test({
  name: "harness: a test file's Chromium ends when the file does",
  ...BROWSER_TEST,
  ignore: Deno.build.os !== "linux", // found through /proc
  fn: async () => {
    const pids = await Deno.makeTempFile();
    try {
      const out = await new Deno.Command(Deno.execPath(), {
        args: [
          "test",
          "-A",
          "--no-check",
          "--parallel",
          `${DIR}opens_browser.ts`,
          `${DIR}outlives.ts`,
        ],
        env: { DENO_JOBS: "2", HARNESS_PIDS: pids, NO_COLOR: "1" },
        stdout: "piped",
        stderr: "piped",
      }).output();
      const text = new TextDecoder().decode(out.stdout) +
        new TextDecoder().decode(out.stderr);
      assert.equal(out.code, 0, text);
      assert.match(text, /2 passed/);
    } finally {
      await Deno.remove(pids);
    }
  },
});
