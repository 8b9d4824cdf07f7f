/**
 * The app as a separate process, as deployed: a free loopback port and
 * `deno serve --parallel main.ts` with the permissions Deploy gives and
 * `--deny-write` (the app writes no file at run time).
 */

/** A free loopback port (bound then released). */
export function freePort(): number {
  const l = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (l.addr as Deno.NetAddr).port;
  l.close();
  return port;
}

/**
 * Starts `deno serve --parallel main.ts` (or another entry, `main`) and
 * waits until it answers.
 */
export async function serveMain(
  env: Record<string, string> = {},
  main: string = new URL("../../main.ts", import.meta.url).pathname,
): Promise<{ child: Deno.ChildProcess; origin: string; port: number }> {
  const port = freePort();
  const child = new Deno.Command(Deno.execPath(), {
    args: [
      "serve",
      "--parallel",
      "--allow-net",
      "--allow-read",
      "--allow-env",
      "--deny-write",
      "--port",
      String(port),
      "--host",
      "127.0.0.1",
      main,
    ],
    env: { RUST_BACKTRACE: "0", ...env },
    stdin: "null",
    stdout: "null",
    stderr: "piped",
  }).spawn();
  const origin = `http://127.0.0.1:${port}`;
  // A server that stopped (its port taken, a module not loaded) is said
  // with its stderr at once, not after 30 s as a kill of an exited child.
  let exited: Deno.CommandStatus | undefined;
  child.status.then((s) => exited = s);
  const end = Date.now() + 30_000;
  for (;;) {
    try {
      const r = await fetch(`${origin}/api/debug/status/204`);
      await r.body?.cancel();
      if (r.status === 204) break;
    } catch { /* not listening yet */ }
    if (exited) {
      const log = await new Response(child.stderr).text();
      throw new Error(`deno serve exited ${exited.code} at start: ${log}`);
    }
    if (Date.now() > end) {
      await stoppedWithin(child, 0);
      throw new Error("server did not start within 30 s");
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { child, origin, port };
}

/**
 * Waits up to `ms` for `child` to exit, then kills it (SIGKILL); answers
 * whether it exited by itself.
 */
export async function stoppedWithin(
  child: Deno.ChildProcess,
  ms: number,
): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const exited = await Promise.race([
    child.status.then(() => true),
    new Promise<false>((r) => timer = setTimeout(() => r(false), ms)),
  ]);
  clearTimeout(timer);
  if (!exited) {
    try {
      child.kill("SIGKILL");
    } catch { /* exited meanwhile */ }
    await child.status;
  }
  return exited;
}
