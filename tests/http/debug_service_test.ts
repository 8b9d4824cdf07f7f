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
      // Wall time is the point: a platform gives a process 5 s to exit.
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

/** `deno task NAME` run with `env`: its exit code and its stderr lines of its own. */
async function failedStart(
  name: string,
  env: Record<string, string>,
  args: string[] = [],
) {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["task", name, ...args],
    cwd: ROOT,
    env: { RUST_BACKTRACE: "0", NO_COLOR: "1", HOST: "127.0.0.1", ...env },
    stdin: "null",
    stdout: "null",
    stderr: "piped",
  }).output();
  const lines = new TextDecoder().decode(out.stderr).split("\n")
    // deno task's own line naming the command.
    .filter((l) => l && !l.startsWith("Task "));
  return { code: out.code, lines };
}

Deno.test({
  name:
    "debug task: bad/a setting that cannot start the server is one line naming it, exit 1, no stack trace",
  ignore: Deno.build.os === "windows",
  fn: async () => {
    const taken = Deno.listen({ hostname: "127.0.0.1", port: 0 });
    const busy = String((taken.addr as Deno.NetAddr).port);
    try {
      for (
        const [task, env, want] of [
          [
            "debug",
            { PORT: "abc" },
            /^deno task debug: PORT="abc": not a port/,
          ],
          [
            "debug",
            { DEBUG_BASE: "nope" },
            /^deno task debug: DEBUG_BASE must be a path/,
          ],
          [
            "debug",
            { DEBUG_REDIRECT_HOSTS: "http://x" },
            /^deno task debug: DEBUG_REDIRECT_HOSTS: "http:\/\/x" is not a host/,
          ],
          [
            "debug",
            { DEBUG_CORS_ORIGINS: "x.test" },
            /^deno task debug: DEBUG_CORS_ORIGINS: "x\.test" is not an origin/,
          ],
          [
            "debug",
            { TLS_CERT: "/nonexistent.pem", TLS_KEY: "/x" },
            /^deno task debug: TLS_CERT="\/nonexistent\.pem": cannot read the file/,
          ],
          [
            "debug",
            { PORT: busy },
            new RegExp(
              `^deno task debug: port ${busy} on 127\\.0\\.0\\.1 is already in use`,
            ),
          ],
          [
            "start",
            { DEBUG_MAX_SLEEP_MS: "x" },
            /^deno task start: DEBUG_MAX_SLEEP_MS="x"/,
          ],
          [
            "start",
            { PORT: busy },
            new RegExp(
              `^deno task start: port ${busy} on 127\\.0\\.0\\.1 is already in use`,
            ),
          ],
        ] as [string, Record<string, string>, RegExp][]
      ) {
        const { code, lines } = await failedStart(task, env);
        assert.equal(code, 1, `${task} ${JSON.stringify(env)}: ${lines}`);
        assert.equal(lines.length, 1, lines.join("\n"));
        assert.match(lines[0], want);
      }
    } finally {
      taken.close();
    }
  },
});
