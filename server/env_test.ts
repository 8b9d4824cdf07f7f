/**
 * TLS_CERT and TLS_KEY: PEM text or file paths, both or neither; PORT and
 * HOST.
 */
import assert from "node:assert/strict";
import {
  appOptionsFromEnv,
  debugBaseFromEnv,
  debugOptionsFromEnv,
  type EnvGet,
  listenFromEnv,
  sharedSecret,
  tlsFromEnv,
} from "./env.ts";

const CERT = "-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n";
const KEY = "-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n";
const FILES: Record<string, string> = { "cert.pem": CERT, "key.pem": KEY };

const envOf = (vars: Record<string, string>): EnvGet => (n) => vars[n];
const read = (path: string): string => {
  if (path in FILES) return FILES[path];
  throw new Deno.errors.NotFound(`No such file: ${path}`);
};

const OK: [string, Record<string, string>, ReturnType<typeof tlsFromEnv>][] = [
  ["ok/neither set: no TLS from env", {}, undefined],
  ["ok/both empty: no TLS from env", { TLS_CERT: "", TLS_KEY: "" }, undefined],
  ["ok/PEM text", { TLS_CERT: CERT, TLS_KEY: KEY }, {
    cert: CERT,
    key: KEY,
  }],
  ["ok/file paths", { TLS_CERT: "cert.pem", TLS_KEY: "key.pem" }, {
    cert: CERT,
    key: KEY,
  }],
  ["ok/one of each", { TLS_CERT: CERT, TLS_KEY: "key.pem" }, {
    cert: CERT,
    key: KEY,
  }],
];
for (const [name, vars, want] of OK) {
  Deno.test(`tlsFromEnv: ${name}`, () => {
    assert.deepEqual(tlsFromEnv(envOf(vars), read), want);
  });
}

const BAD: [string, Record<string, string>, RegExp][] = [
  ["bad/TLS_CERT alone", { TLS_CERT: CERT }, /TLS_KEY is not set/],
  ["bad/TLS_KEY alone", { TLS_KEY: "key.pem" }, /TLS_CERT is not set/],
  // The certificate's file given as the key: named, not Deno's "No keys
  // found in key data" after the fingerprint was printed.
  [
    "bad/the certificate as the key",
    { TLS_CERT: "cert.pem", TLS_KEY: "cert.pem" },
    /^TLS_KEY must hold exactly one PEM private key block/,
  ],
  [
    "bad/a missing file",
    { TLS_CERT: "nope.pem", TLS_KEY: "key.pem" },
    /TLS_CERT="nope\.pem": cannot read the file/,
  ],
  [
    "bad/a path over 4096 characters",
    { TLS_CERT: CERT, TLS_KEY: "k".repeat(4097) },
    /TLS_KEY: neither PEM text nor a file path/,
  ],
];
for (const [name, vars, message] of BAD) {
  Deno.test(`tlsFromEnv: ${name} is a RangeError naming it`, () => {
    assert.throws(
      () => tlsFromEnv(envOf(vars), read),
      (err: unknown) => err instanceof RangeError && message.test(err.message),
    );
  });
}

Deno.test("env: a grant scoped to some names reads those names, and only those", async () => {
  const code = `
    import { denoEnv } from ${
    JSON.stringify(new URL("./env.ts", import.meta.url).href)
  };
    const get = denoEnv();
    console.log(JSON.stringify([get("DEBUG_MAX_SLEEP_MS"), get("DEBUG_SEED") ?? null]));
  `;
  // `deno eval` runs with every permission: a file, run with one grant.
  const file = await Deno.makeTempFile({ suffix: ".ts" });
  await Deno.writeTextFile(file, code);
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["run", "--no-lock", "--allow-env=DEBUG_MAX_SLEEP_MS", file],
    env: { DEBUG_MAX_SLEEP_MS: "100", DEBUG_SEED: "7", NO_COLOR: "1" },
    stdout: "piped",
    stderr: "piped",
  }).output();
  await Deno.remove(file);
  assert.ok(out.success, new TextDecoder().decode(out.stderr));
  assert.deepEqual(JSON.parse(new TextDecoder().decode(out.stdout)), [
    "100",
    null,
  ]);
});

const PORTS: [string, Record<string, string>, number | null][] = [
  ["ok/unset: 8000", {}, 8000],
  ["ok/empty: 8000", { PORT: "" }, 8000],
  ["ok/0 picks a free port", { PORT: "0" }, 0],
  ["ok/the highest", { PORT: "65535" }, 65535],
  ["bad/past the highest", { PORT: "65536" }, null],
  ["bad/hexadecimal", { PORT: "0x4B66" }, null],
  ["bad/an exponent", { PORT: "1.9303e4" }, null],
  ["bad/a leading space", { PORT: " 19304" }, null],
  ["bad/a sign", { PORT: "+80" }, null],
  ["bad/a fraction", { PORT: "80.0" }, null],
];
for (const [name, vars, want] of PORTS) {
  Deno.test(`listenFromEnv: ${name}`, () => {
    if (want === null) {
      assert.throws(() => listenFromEnv(envOf(vars)), /PORT=.*not a port/);
    } else {
      assert.deepEqual(listenFromEnv(envOf(vars)), {
        port: want,
        hostname: "0.0.0.0",
      });
    }
  });
}

Deno.test("listenFromEnv: ok/HOST as given", () => {
  assert.equal(
    listenFromEnv(envOf({ HOST: "127.0.0.1" })).hostname,
    "127.0.0.1",
  );
});

Deno.test("sharedSecret: ok/every isolate of a process or a deployment derives one key; DEBUG_SECRET wins", () => {
  const a = sharedSecret(envOf({}));
  assert.equal(sharedSecret(envOf({})), a);
  assert.match(a, /^[0-9a-f]{64}$/);
  const d = sharedSecret(envOf({ DENO_DEPLOYMENT_ID: "abc" }));
  assert.notEqual(d, a);
  assert.equal(sharedSecret(envOf({ DENO_DEPLOYMENT_ID: "abc" })), d);
  assert.equal(debugOptionsFromEnv(envOf({}), "several").secret, a);
  // main.ts's options (deno serve, Deploy) take the shared key.
  assert.equal(appOptionsFromEnv(envOf({})).debug?.secret, a);
  // One isolate (deno task debug) needs no shared key: a random one, its own.
  assert.equal(debugOptionsFromEnv(envOf({})).secret, undefined);
  assert.equal(
    debugOptionsFromEnv(envOf({ DEBUG_SECRET: "s" }), "several").secret,
    "s",
  );
});

Deno.test("debugBaseFromEnv: ok/the default, a path as given; bad/anything else names DEBUG_BASE", () => {
  const env = (v?: string) => (n: string) => n === "DEBUG_BASE" ? v : undefined;
  assert.equal(debugBaseFromEnv(env()), "/api/debug");
  assert.equal(debugBaseFromEnv(env("")), "/api/debug");
  assert.equal(debugBaseFromEnv(env("/x/")), "/x/");
  assert.throws(
    () => debugBaseFromEnv(env("nope")),
    /^RangeError: DEBUG_BASE must be a path/,
  );
});
