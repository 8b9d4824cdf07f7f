/** TLS material: PEM blocks, fingerprints, pair checks, the self-signed certificate. */
import assert from "node:assert/strict";
import {
  certificateFingerprint,
  checkTlsPair,
  LOCAL_NAMES,
  pemBlocks,
  selfSignedCertificate,
  toPem,
} from "./tls.ts";
// deno-lint-ignore no-import-prefix
import "npm:reflect-metadata@0.2.2";
// deno-lint-ignore no-import-prefix
import * as x509 from "npm:@peculiar/x509@2.2.0";

const made = await selfSignedCertificate({
  now: () => new Date("2026-01-02T03:04:05.678Z"),
});

Deno.test("tls: the X.509 library's versions are the ones deno.json maps", async () => {
  const config = JSON.parse(
    await Deno.readTextFile(new URL("../../../deno.json", import.meta.url)),
  );
  const source = await Deno.readTextFile(new URL("./tls.ts", import.meta.url));
  for (const name of ["@peculiar/x509", "reflect-metadata"]) {
    const pinned = new RegExp(`"(npm:${name}@[^"]+)"`).exec(source)?.[1];
    assert.equal(pinned, config.imports[name], name);
  }
});

Deno.test("tls: ok/toPem and pemBlocks round-trip, 64 characters a line", () => {
  const der = new Uint8Array(200).map((_, i) => i);
  const pem = toPem("CERTIFICATE", der);
  assert.ok(pem.split("\n").every((l) => l.length <= 64));
  assert.deepEqual(pemBlocks(`junk\n${pem}more junk`), [{
    label: "CERTIFICATE",
    der,
  }]);
});

Deno.test("tls: ok/the fingerprint is SHA-256 of the DER, as openssl prints it", async () => {
  const der = pemBlocks(made.cert)[0].der;
  const hash = new Uint8Array(await crypto.subtle.digest("SHA-256", der));
  const hex = [...hash].map((b) => b.toString(16).padStart(2, "0")).join(":");
  assert.equal(made.fingerprint, hex.toUpperCase());
  assert.equal(await certificateFingerprint(made.cert), made.fingerprint);
  assert.match(made.fingerprint, /^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
  await assert.rejects(certificateFingerprint(made.key), RangeError);
});

Deno.test("tls: ok/the self-signed certificate: local names, a day, a server's end-entity key", async () => {
  const cert = new x509.X509Certificate(made.cert);
  const san = cert.getExtension(x509.SubjectAlternativeNameExtension);
  assert.deepEqual(
    san?.names.items.map((n) => [n.type, n.value]),
    [["dns", "localhost"], ["ip", "127.0.0.1"], ["ip", "::1"]],
  );
  assert.deepEqual(made.names, [...LOCAL_NAMES]);
  // From a minute before `now` (clock skew) to a day after it.
  assert.equal(cert.notBefore.toISOString(), "2026-01-02T03:03:05.000Z");
  assert.equal(cert.notAfter.toISOString(), "2026-01-03T03:04:05.000Z");
  assert.deepEqual(made.notAfter, cert.notAfter);
  const bc = cert.getExtension(x509.BasicConstraintsExtension);
  assert.equal(bc?.ca, false, "an end-entity certificate, not a CA");
  const eku = cert.getExtension(x509.ExtendedKeyUsageExtension);
  assert.deepEqual([...eku?.usages ?? []], [x509.ExtendedKeyUsage.serverAuth]);
  assert.equal(cert.subject, cert.issuer, "self-signed");
  assert.ok(await cert.verify({ signatureOnly: true }, crypto));
  // The key is PKCS#8 (what rustls reads) and belongs to the certificate.
  const [block] = pemBlocks(made.key);
  assert.equal(block.label, "PRIVATE KEY");
  const alg = { name: "ECDSA", namedCurve: "P-256" };
  const key = await crypto.subtle.importKey("pkcs8", block.der, alg, true, [
    "sign",
  ]);
  const data = new TextEncoder().encode("wirebench");
  const sig = await crypto.subtle.sign(
    { name: "ECDSA", hash: "SHA-256" },
    key,
    data,
  );
  const pub = await cert.publicKey.export(
    { ...alg, hash: "SHA-256" },
    ["verify"],
    crypto,
  );
  assert.ok(
    await crypto.subtle.verify(
      { name: "ECDSA", hash: "SHA-256" },
      pub,
      sig,
      data,
    ),
  );
});

Deno.test("tls: ok/two certificates differ in key and serial", async () => {
  const other = await selfSignedCertificate();
  assert.notEqual(other.key, made.key);
  assert.notEqual(
    new x509.X509Certificate(other.cert).serialNumber,
    new x509.X509Certificate(made.cert).serialNumber,
  );
});

Deno.test("tls: ok/extra names: a DNS name, an IPv6 address in brackets, a wildcard", async () => {
  const c = await selfSignedCertificate({
    names: ["wb.test", "[fd00::1]", "*.wb.test", "LOCALHOST"],
  });
  assert.deepEqual(c.names, [
    ...LOCAL_NAMES,
    "wb.test",
    "fd00::1",
    "*.wb.test",
  ]);
});

const BAD_OPTIONS: [string, Parameters<typeof selfSignedCertificate>[0]][] = [
  ["bad/a name with a space", { names: ["a b"] }],
  ["bad/a URL as a name", { names: ["https://wb.test/"] }],
  ["bad/an empty name", { names: [""] }],
  ["bad/a label over 63", { names: [`${"a".repeat(64)}.test`] }],
  ["bad/21 names", { names: Array.from({ length: 21 }, (_, i) => `h${i}`) }],
  ["bad/validity under a minute", { validMs: 1000 }],
  ["bad/validity over 398 days", { validMs: 399 * 86_400_000 }],
  ["bad/validity not an integer", { validMs: 1.5e6 + 0.5 }],
];
for (const [name, options] of BAD_OPTIONS) {
  Deno.test(`tls: selfSignedCertificate ${name} is a RangeError`, async () => {
    await assert.rejects(selfSignedCertificate(options), RangeError);
  });
}

Deno.test("tls: checkTlsPair ok/a certificate and a PKCS#8 key", () => {
  assert.deepEqual(checkTlsPair(made), { cert: made.cert, key: made.key });
  const ec = made.key.replaceAll("PRIVATE KEY", "EC PRIVATE KEY");
  assert.equal(checkTlsPair({ cert: made.cert, key: ec }).key, ec);
});

const BAD_PAIRS: [string, unknown, RegExp][] = [
  ["bad/no pair", undefined, /tls\.cert/],
  ["bad/cert not a string", { cert: 1, key: made.key }, /tls\.cert/],
  ["bad/key missing", { cert: made.cert }, /tls\.key/],
  ["bad/cert is a path", { cert: "cert.pem", key: made.key }, /tls\.cert/],
  ["bad/cert is the key", { cert: made.key, key: made.key }, /tls\.cert/],
  ["bad/key is the cert", { cert: made.cert, key: made.cert }, /tls\.key/],
  [
    "bad/two keys",
    { cert: made.cert, key: made.key + made.key },
    /tls\.key.*found 2/,
  ],
  [
    "bad/cert over 1 MiB",
    { cert: made.cert + " ".repeat(1 << 20), key: made.key },
    /tls\.cert/,
  ],
  [
    "bad/not base64 inside",
    {
      cert: "-----BEGIN CERTIFICATE-----\n!!!!\n-----END CERTIFICATE-----\n",
      key: made.key,
    },
    /tls\.cert/,
  ],
];
for (const [name, pair, message] of BAD_PAIRS) {
  Deno.test(`tls: checkTlsPair ${name} is a RangeError naming it`, () => {
    assert.throws(
      () => checkTlsPair(pair as Parameters<typeof checkTlsPair>[0]),
      (err: unknown) => err instanceof RangeError && message.test(err.message),
    );
  });
}
