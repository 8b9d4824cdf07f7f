/**
 * `deno task debug`, the CI service: the API alone on PORT under
 * DEBUG_BASE with env limits, no pages, and a graceful stop on SIGINT.
 */
import assert from "node:assert/strict";
import { freePort } from "../helpers/processes.ts";

const ROOT = new URL("../../", import.meta.url);

Deno.test({
  name:
    "debug task: serves at DEBUG_BASE with env limits, no pages, drains on SIGINT",
  ignore: Deno.build.os === "windows",
  sanitizeResources: false,
  fn: async () => {
    const port = freePort();
    const child = new Deno.Command(Deno.execPath(), {
      args: ["task", "debug"],
      cwd: ROOT,
      env: {
        RUST_BACKTRACE: "0",
        NO_COLOR: "1",
        PORT: String(port),
        HOST: "127.0.0.1",
        DEBUG_BASE: "/",
        DEBUG_MAX_SLEEP_MS: "60000",
        DEBUG_MAX_REDIRECTS: "3",
      },
      stdout: "piped",
      stderr: "piped",
    }).spawn();
    const origin = `http://127.0.0.1:${port}`;
    const out = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
    try {
      let said = "";
      while (!said.includes("listening")) {
        const { value, done } = await out.read();
        if (done) break;
        said += value;
      }
      assert.match(
        said,
        new RegExp(`listening on http://127\\.0\\.0\\.1:${port}`),
      );
      const ok = await fetch(`${origin}/status/201`);
      assert.equal(ok.status, 201);
      await ok.body?.cancel();
      const limited = await fetch(`${origin}/redirect/4`);
      assert.equal(limited.status, 400, "DEBUG_MAX_REDIRECTS=3 applies");
      await limited.body?.cancel();
      const page = await fetch(`${origin}/spec`);
      assert.equal(page.status, 404, "no pages");
      assert.equal(
        page.headers.get("content-type"),
        "application/problem+json",
      );
      await page.body?.cancel();
      const sleeping = fetch(`${origin}/status/200?sleep=50s`);
      await new Promise((r) => setTimeout(r, 300));
      const t0 = performance.now();
      child.kill("SIGINT");
      const res = await sleeping;
      assert.equal(res.status, 503);
      await res.body?.cancel();
      const status = await child.status;
      assert.ok(performance.now() - t0 < 5000, "exited within 5 s");
      assert.equal(status.code, 0);
    } finally {
      try {
        child.kill("SIGKILL");
      } catch { /* exited */ }
      await child.status;
      await out.cancel().catch(() => {});
      await child.stderr.cancel().catch(() => {});
    }
  },
});
