/**
 * `deno task debug`: the debug API alone, for a CI pipeline's service step
 * or a local test run: no pages, no island build. Listens on `PORT`
 * (default 8000) and `HOST` (default 0.0.0.0), serves under `DEBUG_BASE`
 * (default `/api/debug`), takes every limit and setting from the env like
 * `deno task start`, and shuts down gracefully on SIGINT or SIGTERM.
 *
 * HTTPS, with HTTP/2 and HTTP/1.1 chosen by ALPN (RFC 7301, RFC 9113
 * §3.2): `--tls` serves a self-signed certificate made in memory at start
 * for `localhost`, `127.0.0.1` and `::1` (and `HOST` when it names one
 * address), valid for a day; `TLS_CERT` and `TLS_KEY` (PEM text or file
 * paths) serve a pair of your own instead, `--tls` or not. The certificate
 * is written to disk only where `--tls-cert-out FILE` says (never the
 * key), and its SHA-256 fingerprint is printed before the listening line.
 * Relative paths are read from where the task was run: `deno task` runs in
 * deno.json's folder and passes the caller's as INIT_CWD.
 */
import {
  certificateFingerprint,
  createDebugHandler,
  listenerNames,
  selfSignedCertificate,
  type TlsPair,
} from "../lib/debug/mod.ts";
import { listenUrl } from "../lib/debug/core/listen_url.ts";
import { ServeStop } from "../lib/debug/core/serve_stop.ts";
import {
  debugBaseFromEnv,
  debugOptionsFromEnv,
  denoEnv,
  listenFromEnv,
  tlsFromEnv,
} from "./env.ts";
import { installShutdown } from "./shutdown.ts";
import { listenError, startOrExit } from "./fatal.ts";
import { resolve } from "node:path";

const TASK = "deno task debug";

/**
 * `serve()` on `hostname:port`; a port already taken says which, in the
 * operator's words.
 */
function listening<T>(port: number, hostname: string, serve: () => T): T {
  try {
    return serve();
  } catch (e) {
    throw listenError(e, port, hostname);
  }
}

const USAGE = `usage: deno task debug [--tls] [--tls-cert-out FILE]
  --tls                serve HTTPS (HTTP/2 and HTTP/1.1) on a self-signed
                       certificate for localhost, 127.0.0.1 and ::1, made at
                       start, valid for a day (TLS_CERT and TLS_KEY, PEM text
                       or file paths, serve your own pair instead)
  --tls-cert-out FILE  write the certificate (PEM, never the key) to FILE, to
                       trust it: curl --cacert FILE, DENO_CERT=FILE,
                       NODE_EXTRA_CA_CERTS=FILE
env: PORT (8000), HOST (0.0.0.0), DEBUG_BASE (/api/debug), DEBUG_* limits`;

/** The command line: the two flags, or a usage error. */
function parseArgs(args: string[]): { tls: boolean; certOut?: string } {
  let tls = false;
  let certOut: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === "--help" || arg === "-h") {
      console.log(USAGE);
      Deno.exit(0);
    } else if (arg === "--tls") tls = true;
    else if (arg === "--tls-cert-out" && i + 1 < args.length) {
      certOut = args[++i];
    } else if (arg.startsWith("--tls-cert-out=")) {
      certOut = arg.slice("--tls-cert-out=".length);
    } else usage(`unknown or incomplete argument ${JSON.stringify(arg)}`);
  }
  if (certOut === "") usage("--tls-cert-out needs a file name");
  return { tls, certOut };
}

function usage(problem: string): never {
  console.error(`${TASK}: ${problem}\n${USAGE}`);
  Deno.exit(2);
}

async function serve(): Promise<void> {
  const args = parseArgs(Deno.args);
  const env = denoEnv();
  const { port, hostname } = listenFromEnv(env);
  const handler = createDebugHandler({
    ...debugOptionsFromEnv(env),
    base: debugBaseFromEnv(env),
  });

  const cwd = env("INIT_CWD") || Deno.cwd();
  let tls: TlsPair | undefined = tlsFromEnv(
    env,
    (path) => Deno.readTextFileSync(resolve(cwd, path)),
  );
  if (tls) {
    console.log(`TLS: the certificate and key of TLS_CERT and TLS_KEY`);
  } else if (args.tls) {
    const made = await selfSignedCertificate({
      names: listenerNames(hostname),
    });
    tls = { cert: made.cert, key: made.key };
    console.log(
      `TLS: self-signed certificate for ${
        made.names.join(", ")
      }, valid until ${made.notAfter.toISOString()}`,
    );
  } else if (args.certOut) {
    usage("--tls-cert-out needs --tls (or TLS_CERT and TLS_KEY)");
  }
  if (tls) {
    console.log(
      `TLS: certificate SHA-256 fingerprint ${await certificateFingerprint(
        tls.cert,
      )}`,
    );
  }

  const scheme = tls ? "https" : "http";
  const stopper = new ServeStop();
  const server = listening(port, hostname, () =>
    Deno.serve({
      port,
      hostname,
      // With a certificate Deno.serve offers h2 and http/1.1 by ALPN.
      ...(tls ?? {}),
      signal: stopper.signal,
      onListen: ({ hostname, port }) => {
        // Written once the server listens: a failed listen leaves no
        // certificate of a server that never ran.
        if (tls && args.certOut) {
          const file = resolve(cwd, args.certOut);
          try {
            Deno.writeTextFileSync(file, tls.cert);
          } catch (e) {
            console.error(`${TASK}: --tls-cert-out: ${(e as Error).message}`);
            Deno.exit(1);
          }
          console.log(`TLS: certificate written to ${file}`);
        }
        console.log(
          `debug API listening on ${
            listenUrl(scheme, hostname, port, handler.base)
          }`,
        );
      },
    }, stopper.wrap(handler)));
  // Not server.shutdown() alone: it waits on an HTTP/2 stream whose upload
  // was answered early for as long as its client keeps it (serve_stop.ts).
  installShutdown(handler.drain, {
    stop: () => stopper.stop(server, () => handler.context.life.abandoned > 0),
  });
  await server.finished;
}

await startOrExit(TASK, serve);
