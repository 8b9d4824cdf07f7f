/**
 * Running `deno task diff` as its users do: a separate process with the
 * task's own command line (read from deno.json, so a permission the task
 * lacks fails here too), and a loopback server for URL inputs.
 */

const ROOT = new URL("../../", import.meta.url);

/** The repository root, as a path with a trailing slash. */
export const ROOT_DIR = ROOT.pathname;

/** The compare fixtures folder, as a path with a trailing slash. */
export const FIXTURES = new URL("tests/fixtures/compare/", ROOT).pathname;

/** Env for every child: no colours or Rust backtraces in what is compared. */
export const CHILD_ENV = { RUST_BACKTRACE: "0", NO_COLOR: "1" };

/**
 * The env of a fresh shell, for a child started with `clearEnv: true`:
 * this process's variables and {@link CHILD_ENV}, without INIT_CWD.
 * `deno task` keeps an INIT_CWD it inherits (as npm does), so a nested
 * `deno task diff` under `deno task test` would read relative paths from
 * the folder the outer task was started in, not its own.
 */
export function shellEnv(): Record<string, string> {
  const env: Record<string, string> = { ...Deno.env.toObject(), ...CHILD_ENV };
  delete env.INIT_CWD;
  return env;
}

/** What a run printed and how it ended. */
export interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * `deno task diff`'s command after `deno` (`run --allow-read ... diff.ts`,
 * diff.ts as an absolute path), read from deno.json.
 */
export function diffTaskArgs(): string[] {
  const config = JSON.parse(
    Deno.readTextFileSync(new URL("deno.json", ROOT)),
  );
  const words = String(config.tasks.diff).split(/\s+/);
  if (words[0] !== "deno" || words.at(-1) !== "diff.ts") {
    throw new Error(`unexpected diff task: ${config.tasks.diff}`);
  }
  return [...words.slice(1, -1), new URL("diff.ts", ROOT).pathname];
}

const TASK = diffTaskArgs();

/**
 * Runs the diff task's command with `args` in `cwd` (the repository root
 * by default), as `deno task` would from that folder: INIT_CWD is the
 * folder, whatever the test runner's own was. `stdin` is written to its
 * standard input, which is otherwise empty.
 */
export async function runDiff(
  args: readonly string[],
  options: { cwd?: string; stdin?: string | Uint8Array } = {},
): Promise<RunResult> {
  const cwd = options.cwd ?? ROOT_DIR;
  const child = new Deno.Command(Deno.execPath(), {
    args: [...TASK, ...args],
    cwd,
    env: { ...CHILD_ENV, INIT_CWD: cwd },
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const writer = child.stdin.getWriter();
  const input = options.stdin ?? "";
  await writer.write(
    typeof input === "string" ? new TextEncoder().encode(input) : input,
  ).catch(() => {}); // a child that refused early closed its end
  await writer.close().catch(() => {});
  const out = await child.output();
  return {
    code: out.code,
    stdout: new TextDecoder().decode(out.stdout),
    stderr: new TextDecoder().decode(out.stderr),
  };
}

/**
 * Runs the CLI's `runDiff` in this process with `args`, as the task would
 * in `cwd`: the same arguments, files, exit status and output, without a
 * process start per case (a second or more each on a loaded machine).
 * The tests that check the task's own command line and permissions run
 * {@link runDiff} as a process.
 */
export async function runDiffInProcess(
  args: readonly string[],
  options: {
    cwd?: string;
    stdin?: string | Uint8Array;
    /** A size cap of the test's own, instead of the CLI's 100 MiB. */
    maxBytes?: number;
    /** `GITHUB_WORKSPACE`, as the entry reads it. */
    workspace?: string;
  } = {},
): Promise<RunResult> {
  const { runDiff: run } = await import("../../diff.ts");
  let stdout = "", stderr = "";
  const input = options.stdin ?? "";
  const bytes = typeof input === "string"
    ? new TextEncoder().encode(input)
    : input;
  const code = await run(args, {
    out: (t) => {
      stdout += t;
      return Promise.resolve();
    },
    err: (t) => {
      stderr += t;
      return Promise.resolve();
    },
    stdin: new ReadableStream({
      start(c) {
        if (bytes.length) c.enqueue(bytes);
        c.close();
      },
    }),
    cwd: options.cwd ?? ROOT_DIR,
    workspace: options.workspace,
    maxBytes: options.maxBytes,
  });
  return { code, stdout, stderr };
}

/** A fixture's text. */
export function fixture(name: string): string {
  return Deno.readTextFileSync(FIXTURES + name);
}

/**
 * A loopback server for URL inputs: `/NAME` serves a fixture, `/missing`
 * answers 404, `/moved/NAME` redirects to `/NAME`, `/endless` streams
 * bytes until the client stops reading, `/stalled` sends its headers and
 * then nothing.
 */
export function fixtureServer(): Deno.HttpServer<Deno.NetAddr> & {
  origin: string;
} {
  const server = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen: () => {} },
    async (req) => {
      const path = new URL(req.url).pathname;
      if (path === "/endless") {
        const chunk = new Uint8Array(1024 * 1024).fill(0x20);
        let sent = 0;
        return new Response(
          new ReadableStream<Uint8Array>({
            pull(c) {
              // Past any cap the CLI could have: it must stop reading first.
              if (++sent > 400) c.close();
              else c.enqueue(chunk);
            },
          }),
        );
      }
      if (path === "/stalled") {
        // Headers, then not a byte: the client's deadline must cover the body.
        return new Response(
          new ReadableStream({ pull: () => new Promise(() => {}) }),
        );
      }
      if (path.startsWith("/moved/")) {
        return new Response(null, {
          status: 302,
          headers: { location: path.slice("/moved".length) },
        });
      }
      const name = path.slice(1);
      if (/^[a-z_]+\.(yaml|json)$/.test(name)) {
        try {
          return new Response(await Deno.readFile(FIXTURES + name), {
            headers: {
              "content-type": name.endsWith(".json")
                ? "application/json"
                : "application/yaml",
            },
          });
        } catch { /* not a fixture: 404 below */ }
      }
      return new Response("no such document\n", { status: 404 });
    },
  );
  return Object.assign(server, {
    origin: `http://127.0.0.1:${server.addr.port}`,
  });
}
