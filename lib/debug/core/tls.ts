/**
 * TLS material for serving the debug API over HTTPS: a self-signed
 * certificate made in memory for a local run, the checks a given PEM pair
 * gets before Deno.serve sees it, and the SHA-256 fingerprint people
 * compare to trust a certificate.
 *
 * Deno.serve terminates TLS with rustls (TLS 1.2 and 1.3, RFC 8446) and,
 * given a certificate, offers `h2` and `http/1.1` by ALPN (RFC 7301), so
 * one listener speaks HTTP/2 (RFC 9113 §3.2: "h2" over TLS) to clients that
 * ask for it and HTTP/1.1 to the rest. Nothing here touches the disk or
 * keeps state between calls.
 */
import { base64Bytes, bytesBase64 } from "../../shared/base64.ts";

/** A certificate (chain) and its private key, both PEM. */
export interface TlsPair {
  /** PEM `CERTIFICATE` block(s): the server's first, then its chain. */
  cert: string;
  /** PEM private key: PKCS#8 `PRIVATE KEY`, or `EC`/`RSA PRIVATE KEY`. */
  key: string;
}

/** A certificate made by {@link selfSignedCertificate}. */
export interface SelfSigned extends TlsPair {
  /** SHA-256 of the certificate's DER bytes, `AB:CD:…` (see {@link certificateFingerprint}). */
  fingerprint: string;
  /** The names it is valid for: DNS names and IP addresses. */
  names: string[];
  /** The start of its validity (a minute back, for clocks a little behind). */
  notBefore: Date;
  /** The end of its validity. */
  notAfter: Date;
}

/** Options of {@link selfSignedCertificate}. */
export interface SelfSignedOptions {
  /**
   * Names besides `localhost`, `127.0.0.1` and `::1` (a DNS name or an IP
   * address each; at most 20).
   */
  names?: readonly string[];
  /** How long it is valid, in ms; default one day, at most 398 days. */
  validMs?: number;
  /** The clock (tests fix it). */
  now?: () => Date;
}

/** The names every generated certificate covers: a local run's. */
export const LOCAL_NAMES: readonly string[] = ["localhost", "127.0.0.1", "::1"];

const DAY_MS = 86_400_000;
// CA/Browser Forum's cap on a server certificate's validity; clients such
// as Apple's refuse longer ones.
const MAX_VALID_MS = 398 * DAY_MS;
// A certificate chain or key is a few kilobytes; a megabyte is surely a
// mistake (a wrong file), and is refused before parsing.
const MAX_PEM_CHARS = 1 << 20;
const MAX_NAMES = 20;
// A DNS name (RFC 1035 §2.3.4: 253 characters, labels of 63), or `*.` one.
const DNS_NAME =
  /^(?:\*\.)?(?=.{1,253}$)(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)*[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;
const IPV4 =
  /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;
const PEM_BLOCK =
  /-----BEGIN ([A-Z0-9 ]+)-----\r?\n([A-Za-z0-9+/=\r\n]+?)-----END \1-----/g;

/** Whether `name` is an IPv4 or IPv6 literal (not a DNS name). */
function isIp(name: string): boolean {
  if (IPV4.test(name)) return true;
  if (!name.includes(":") || !/^[0-9A-Fa-f:.]+$/.test(name)) return false;
  try {
    new URL(`http://[${name}]/`);
    return true;
  } catch {
    return false;
  }
}

/**
 * The names a listener's address adds to a generated certificate: none for
 * a wildcard address (`0.0.0.0`, `::`), which names no host a client could
 * check, else the address or host name itself.
 */
export function listenerNames(hostname: string): string[] {
  return ["0.0.0.0", "::", "[::]", ""].includes(hostname) ? [] : [hostname];
}

/** The PEM blocks of `text`: label and DER bytes. */
export function pemBlocks(
  text: string,
): { label: string; der: Uint8Array<ArrayBuffer> }[] {
  const out: { label: string; der: Uint8Array<ArrayBuffer> }[] = [];
  for (const m of text.slice(0, MAX_PEM_CHARS).matchAll(PEM_BLOCK)) {
    const der = base64Bytes(m[2]);
    if (der) out.push({ label: m[1], der }); // not base64: not a block
  }
  return out;
}

/** DER bytes as a PEM block of `label`, 64 characters a line (RFC 7468 §2). */
export function toPem(label: string, der: Uint8Array): string {
  const lines = bytesBase64(der).match(/.{1,64}/g) ?? [];
  return `-----BEGIN ${label}-----\n${
    lines.join("\n")
  }\n-----END ${label}-----\n`;
}

/**
 * The SHA-256 fingerprint of a PEM certificate's first block, as
 * `openssl x509 -fingerprint -sha256` and browsers show it: upper-case hex
 * pairs joined by colons. Throws a RangeError when there is no certificate.
 */
export async function certificateFingerprint(pem: string): Promise<string> {
  const cert = pemBlocks(pem).find((b) => b.label === "CERTIFICATE");
  if (!cert) throw new RangeError("no PEM CERTIFICATE block");
  const hash = new Uint8Array(await crypto.subtle.digest("SHA-256", cert.der));
  return [...hash].map((b) => b.toString(16).padStart(2, "0").toUpperCase())
    .join(":");
}

/**
 * Checks a PEM pair before Deno.serve reads it, so a wrong file or env value
 * fails with a message naming it instead of a TLS library's error: at most
 * 1 MiB each, `cert` with a CERTIFICATE block, `key` with one private key
 * block. Throws a RangeError naming `tls.cert` or `tls.key`.
 */
export function checkTlsPair(pair: TlsPair): TlsPair {
  const { cert, key } = pair ?? {};
  for (const [name, value] of [["tls.cert", cert], ["tls.key", key]]) {
    if (typeof value !== "string" || value.length > MAX_PEM_CHARS) {
      throw new RangeError(
        `${name} must be PEM text of at most ${MAX_PEM_CHARS} characters`,
      );
    }
  }
  if (!pemBlocks(cert).some((b) => b.label === "CERTIFICATE")) {
    throw new RangeError(
      "tls.cert has no PEM CERTIFICATE block (-----BEGIN CERTIFICATE-----)",
    );
  }
  const keys = pemBlocks(key).filter((b) => /PRIVATE KEY$/.test(b.label));
  if (keys.length !== 1) {
    throw new RangeError(
      `tls.key must hold exactly one PEM private key block (-----BEGIN PRIVATE KEY-----), found ${keys.length}`,
    );
  }
  return { cert, key };
}

/** Random positive serial of 16 bytes (RFC 5280 §4.1.2.2: at most 20). */
function serialHex(): string {
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[0] &= 0x7f; // positive as a DER INTEGER
  b[0] |= 0x01; // and no leading zero byte to trim
  return [...b].map((x) => x.toString(16).padStart(2, "0")).join("");
}

/**
 * Makes a self-signed certificate and its key, in memory, for serving a
 * local run over HTTPS: an ECDSA P-256 key (WebCrypto), the certificate
 * valid from a minute ago (clock skew) for `validMs` (a day by default),
 * for `localhost`, `127.0.0.1` and `::1` plus `names`. It is an end-entity
 * certificate (not a CA, RFC 5280 §4.2.1.9) for server authentication
 * only, so a client that trusts it (curl `--cacert`, Deno's `caCerts`,
 * `NODE_EXTRA_CA_CERTS`) trusts this server and nothing else. The key is
 * PKCS#8 PEM, which rustls reads.
 *
 * The X.509 encoding is `@peculiar/x509`'s, loaded on first use so the
 * debug API's other users never load it (it needs the `reflect-metadata`
 * polyfill, which adds functions to the global `Reflect`).
 */
export async function selfSignedCertificate(
  options: SelfSignedOptions = {},
): Promise<SelfSigned> {
  const extra = options.names ?? [];
  if (extra.length > MAX_NAMES) {
    throw new RangeError(`at most ${MAX_NAMES} certificate names`);
  }
  const names = [...LOCAL_NAMES];
  for (const raw of extra) {
    const name = typeof raw === "string" ? raw.replace(/^\[|\]$/g, "") : raw;
    if (typeof name !== "string" || !(DNS_NAME.test(name) || isIp(name))) {
      throw new RangeError(
        `certificate name ${
          JSON.stringify(raw)
        } is not a DNS name or an IP address`,
      );
    }
    if (!names.includes(name.toLowerCase())) names.push(name.toLowerCase());
  }
  const validMs = options.validMs ?? DAY_MS;
  if (
    !Number.isSafeInteger(validMs) || validMs < 60_000 || validMs > MAX_VALID_MS
  ) {
    throw new RangeError(
      `certificate validity must be 60000 to ${MAX_VALID_MS} ms`,
    );
  }
  // Full npm specifiers, not the app's import map: this module is imported
  // from other projects, whose configuration knows nothing of ours
  // (tls_test.ts keeps these equal to deno.json's, as hono_test.ts does).
  // deno-lint-ignore no-import-prefix
  await import("npm:reflect-metadata@0.2.2");
  // deno-lint-ignore no-import-prefix
  const x509 = await import("npm:@peculiar/x509@2.2.0");
  const alg = { name: "ECDSA", namedCurve: "P-256", hash: "SHA-256" };
  const keys = await crypto.subtle.generateKey(alg, true, ["sign", "verify"]);
  const now = (options.now ?? (() => new Date()))().getTime();
  const notBefore = new Date(Math.floor((now - 60_000) / 1000) * 1000);
  const notAfter = new Date(Math.floor((now + validMs) / 1000) * 1000);
  const cert = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: serialHex(),
    name: "CN=localhost, O=Wirebench debug API (self-signed)",
    notBefore,
    notAfter,
    keys,
    signingAlgorithm: alg,
    extensions: [
      new x509.BasicConstraintsExtension(false, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true),
      new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.serverAuth]),
      // RFC 6125 §6.4.4: clients match SubjectAltName, never the CN.
      new x509.SubjectAlternativeNameExtension(
        names.map((value) => ({
          type: isIp(value) ? "ip" as const : "dns" as const,
          value,
        })),
      ),
      await x509.SubjectKeyIdentifierExtension.create(keys.publicKey),
    ],
  }, crypto);
  const certPem = toPem("CERTIFICATE", new Uint8Array(cert.rawData));
  const pkcs8 = await crypto.subtle.exportKey("pkcs8", keys.privateKey);
  return {
    cert: certPem,
    key: toPem("PRIVATE KEY", new Uint8Array(pkcs8)),
    fingerprint: await certificateFingerprint(certPem),
    names,
    notBefore,
    notAfter,
  };
}
