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
