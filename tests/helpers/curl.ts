/**
 * Runs the system's curl, for tests that check a real client against the
 * debug API, and says whether it is installed: the one place the suite
 * asks. A test that needs curl is declared with `ignore: !CURL`, where
 * `const CURL = await hasCurl()`, so without curl it is reported ignored,
 * never passed.
 */

let version: Promise<string | null> | undefined;

/**
 * What `curl --version` prints (its version line and features), or null
 * when curl cannot be run here.
 */
export function curlVersion(): Promise<string | null> {
  return version ??= (async () => {
    try {
      const out = await new Deno.Command("curl", {
        args: ["--version"],
        stdout: "piped",
        stderr: "null",
      }).output();
      return out.success ? new TextDecoder().decode(out.stdout) : null;
    } catch {
      return null;
    }
  })();
}

/** Whether `curl` can be run here (saying so when it cannot). */
export async function hasCurl(): Promise<boolean> {
  const found = await curlVersion() !== null;
  if (!found) console.log("curl is not installed: skipping the curl checks");
  return found;
}

/** curl's exit code, stdout and stderr as text (`-s`, 20 s max per run). */
export async function curl(
  args: string[],
): Promise<{ code: number; stdout: string; stderr: string }> {
  const out = await new Deno.Command("curl", {
    args: ["-s", "-S", "--max-time", "20", ...args],
    stdout: "piped",
    stderr: "piped",
  }).output();
  const dec = new TextDecoder();
  return {
    code: out.code,
    stdout: dec.decode(out.stdout),
    stderr: dec.decode(out.stderr),
  };
}

/**
 * Runs a copied cURL `command` with bash in a new folder holding `files`
 * (path to text, for its `-F 'f=@path'` parts): curl's stdout. Throws with
 * curl's stderr when it fails. bash, as a person pastes it: a header's
 * Latin-1 bytes are a `$'…'` word, which dash reads otherwise
 * (lib/shared/curl.ts).
 */
export async function runCurlCommand(
  command: string,
  files: Record<string, string> = {},
): Promise<string> {
  const dir = await Deno.makeTempDir({ prefix: "wirebench-curl-" });
  try {
    for (const [path, text] of Object.entries(files)) {
      await Deno.mkdir(`${dir}/${path}`.replace(/\/[^/]*$/, ""), {
        recursive: true,
      });
      await Deno.writeTextFile(`${dir}/${path}`, text);
    }
    const out = await new Deno.Command("bash", {
      args: ["-c", `${command} --silent --show-error --max-time 20`],
      cwd: dir,
      stdout: "piped",
      stderr: "piped",
    }).output();
    if (!out.success) throw new Error(new TextDecoder().decode(out.stderr));
    return new TextDecoder().decode(out.stdout);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}
