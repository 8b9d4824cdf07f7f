/**
 * Runs the system's curl, for tests that check a real client against the
 * debug API. `hasCurl()` is false when curl is not installed: such tests
 * skip with a message rather than fail.
 */

let found: boolean | undefined;

/** Whether `curl` can be run here. */
export async function hasCurl(): Promise<boolean> {
  if (found === undefined) {
    try {
      const { code } = await new Deno.Command("curl", {
        args: ["--version"],
        stdout: "null",
        stderr: "null",
      }).output();
      found = code === 0;
    } catch {
      found = false;
    }
  }
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
