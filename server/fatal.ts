/**
 * How a server entry fails to start: a bad setting, a port already taken,
 * a certificate that cannot be read or does not match its key. Each is
 * the operator's to fix, so it is said in one line on stderr, the task
 * named, with a non-zero exit, as a bad argument is; not as a stack trace.
 */

/**
 * Runs `start`; if it throws, writes `task: message` to stderr and exits
 * with status 1 (`exit` is replaceable for tests).
 */
export async function startOrExit(
  task: string,
  start: () => Promise<void>,
  exit: (code: number) => void = Deno.exit,
): Promise<void> {
  try {
    await start();
  } catch (e) {
    console.error(`${task}: ${e instanceof Error ? e.message : String(e)}`);
    exit(1);
  }
}

/**
 * The error a listener failed with, in the operator's words: a port taken
 * names the port and the settings that chose it, a certificate that does
 * not match its key says so (rustls: "keys may not be consistent:
 * KeyMismatch"); anything else as it came.
 */
export function listenError(
  e: unknown,
  port: number,
  hostname: string,
): unknown {
  if (/KeyMismatch/.test(String(e))) {
    return new Error("the certificate and the key do not belong together");
  }
  if (e instanceof Deno.errors.AddrInUse) {
    return new Error(
      `port ${port} on ${hostname} is already in use (PORT, HOST)`,
    );
  }
  return e;
}
