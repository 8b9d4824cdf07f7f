import assert from "node:assert/strict";
import { securityRows } from "./security.ts";

const rows = (raw: Record<string, unknown>) =>
  securityRows(raw).map((r) => `${r.name}: ${r.value}`);

Deno.test("security: Playwright's _securityDetails, validity in Unix seconds as dates", () => {
  assert.deepEqual(
    rows({
      _securityDetails: {
        protocol: "TLS 1.3",
        subjectName: "shop.example",
        issuer: "Test CA",
        validFrom: 1700000000,
        validTo: 1800000000,
      },
    }),
    [
      "Protocol: TLS 1.3",
      "Subject: shop.example",
      "Issuer: Test CA",
      "Valid from: Tue, 14 Nov 2023 22:13:20 GMT (1700000000)",
      "Valid until: Fri, 15 Jan 2027 08:00:00 GMT (1800000000)",
    ],
  );
});

Deno.test("security: Firefox's state, a cipher suite and a certificate chain, on the response too", () => {
  assert.deepEqual(
    rows({
      _securityState: "secure",
      response: {
        _securityDetails: {
          protocolVersion: "TLSv1.3",
          cipherSuite: "TLS_AES_128_GCM_SHA256",
          certificates: [{ subject: "CN=a.test", issuer: "CN=CA" }],
          sanList: ["a.test", "www.a.test"],
          hsts: false,
        },
      },
    }),
    [
      "State: secure",
      "Protocol: TLSv1.3",
      "Cipher: TLS_AES_128_GCM_SHA256",
      "Certificate 1 subject: CN=a.test",
      "Certificate 1 issuer: CN=CA",
      "Subject alternative names: a.test, www.a.test",
      "HSTS: no",
    ],
  );
});

Deno.test("security: bad/nothing recorded is no row; a hostile nesting or length stops at the limits", () => {
  assert.deepEqual(rows({}), []);
  assert.deepEqual(rows({ _securityDetails: "x", _securityState: 1 }), []);
  let deep: unknown = "bottom";
  for (let i = 0; i < 10_000; i++) deep = { a: deep };
  assert.deepEqual(rows({ _securityDetails: deep }), []);
  const many = Object.fromEntries(
    Array.from({ length: 1000 }, (_, k) => [`k${k}`, k]),
  );
  assert.equal(rows({ _securityDetails: many }).length, 60);
  // A name list says its first 100 names, not a row of a million.
  const sans = Array.from({ length: 1_000_000 }, (_, k) => `h${k}.example`);
  const [san] = rows({ _securityDetails: { sanList: sans } });
  assert.ok(san.startsWith("Subject alternative names: h0.example, h1."));
  assert.ok(san.endsWith(", and 999900 more"), san.slice(-40));
  assert.ok(san.length < 2000);
  // A list of objects is walked no further than the rows it can fill.
  let touched = 0;
  const chain = Array.from({ length: 100_000 }, () => ({
    get subject() {
      touched++;
      return "x";
    },
  }));
  assert.equal(rows({ _securityDetails: { certificates: chain } }).length, 60);
  assert.equal(touched, 60);
});
