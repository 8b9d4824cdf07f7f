/**
 * The README's "Use it in your tests" snippets, run as a reader would:
 * the Deno test from a folder outside the checkout (another project's
 * tests, with no deno.json of ours), and the CI step in bash with
 * `deno task debug` in the background.
 */
import assert from "node:assert/strict";
import { freePort } from "../helpers/processes.ts";

const ROOT = new URL("../../", import.meta.url);
const README = await Deno.readTextFile(new URL("README.md", ROOT));

/** The fenced block after `<!-- snippet: name -->`. */
function snippet(name: string): string {
  const at = README.indexOf(`<!-- snippet: ${name} -->`);
  assert.ok(at >= 0, `README has the ${name} snippet`);
  const m = /```\w*\n([\s\S]*?)```/.exec(README.slice(at));
  assert.ok(m, `a code block follows the ${name} marker`);
  return m[1];
}

const ENV = { RUST_BACKTRACE: "0", NO_COLOR: "1" };

Deno.test({
  name: "readme: the Deno test snippet passes from another project's folder",
  sanitizeResources: false,
  fn: async () => {
    const dir = await Deno.makeTempDir({ prefix: "wirebench-readme-" });
    try {
      const code = snippet("deno-test").replace(
        "./wirebench/lib/debug/mod.ts",
        new URL("lib/debug/mod.ts", ROOT).href,
      );
      assert.match(code, /await using server = await startDebugServer/);
      await Deno.writeTextFile(`${dir}/client_test.ts`, code);
      const out = await new Deno.Command(Deno.execPath(), {
        args: ["test", "--allow-net", "client_test.ts"],
        cwd: dir,
        env: ENV,
        stdout: "piped",
        stderr: "piped",
      }).output();
      const text = new TextDecoder().decode(out.stdout) +
        new TextDecoder().decode(out.stderr);
      assert.ok(out.success, text);
      assert.match(text, /1 passed \| 0 failed/);
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
});

Deno.test({
  name:
    "readme: the CI step serves the API with deno task debug and curl gets the echo",
  ignore: Deno.build.os === "windows",
  sanitizeResources: false,
  fn: async () => {
    const port = String(freePort());
    const dir = await Deno.makeTempDir({ prefix: "wirebench-ci-" });
    const script = snippet("ci-step").replaceAll("8080", port)
      .replace("debug-api.log", `${dir}/debug-api.log`);
    try {
      const out = await new Deno.Command("bash", {
        args: ["-c", `${script}\nstatus=$?\nkill %1\nwait\nexit $status`],
        cwd: ROOT,
        env: ENV,
        stdout: "piped",
        stderr: "piped",
      }).output();
      const stdout = new TextDecoder().decode(out.stdout);
      const log = await Deno.readTextFile(`${dir}/debug-api.log`);
      assert.ok(out.success, new TextDecoder().decode(out.stderr) + log);
      const echo = JSON.parse(stdout);
      assert.equal(echo.method, "POST");
      assert.deepEqual(echo.json, { hello: "world" });
      assert.match(
        log,
        new RegExp(`listening on http://0\\.0\\.0\\.0:${port}`),
      );
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
});
