/** The detail's "General" facts, as a person reads them. */
import assert from "node:assert/strict";
import { entry, har } from "../../tests/helpers/har_hostile.ts";
import { parseHarText } from "../../lib/har/parse.ts";
import { entryDetail } from "../../lib/har/detail.ts";
import { generalRows } from "./DetailHeader.tsx";

const started = (startedDateTime: unknown) => {
  const { doc, raw } = parseHarText(JSON.stringify(har([
    entry({ startedDateTime: "2026-01-01T00:00:00Z" }),
    entry({ startedDateTime }),
  ])));
  const rows = generalRows(entryDetail(raw[1], doc.entries[1]), "");
  return rows.find((r) => r.name === "Started")?.value;
};

Deno.test("har general: ok/a start is shown with its offset", () => {
  assert.equal(
    started("2026-01-01T00:00:01.5Z"),
    "2026-01-01T00:00:01.5Z (+1,500 ms)",
  );
});

Deno.test("har general: bad/a start that is no date says so, not +0 ms", () => {
  assert.equal(
    started("not a date"),
    "not a date (not a valid date: drawn at offset 0)",
  );
  assert.equal(
    started(12345),
    "not recorded (not a valid date: drawn at offset 0)",
  );
});

Deno.test("har general: ok/where it was served from and what started it are rows", () => {
  const { doc, raw } = parseHarText(JSON.stringify(har([
    entry({
      _fromCache: "disk",
      _initiator: { type: "parser", url: "https://x.test/", lineNumber: 0 },
    }),
  ])));
  const rows = generalRows(entryDetail(raw[0], doc.entries[0]), "");
  const value = (name: string) => rows.find((r) => r.name === name)?.value;
  assert.equal(value("Served from"), "disk cache");
  assert.equal(value("Initiator"), "parser: https://x.test/:1");
});

Deno.test("har general: ok/a request that got no response says failed and why, as Playwright writes it (status -1, _failureText)", () => {
  const { doc, raw } = parseHarText(JSON.stringify(har([
    entry({
      response: {
        status: -1,
        statusText: "",
        httpVersion: "",
        headers: [],
        cookies: [],
        content: { size: -1, mimeType: "x-unknown" },
        redirectURL: "",
        headersSize: -1,
        bodySize: -1,
        _failureText: "net::ERR_BLOCKED_BY_CLIENT",
      },
    }),
  ])));
  const rows = generalRows(entryDetail(raw[0], doc.entries[0]), "");
  const value = (name: string) => rows.find((r) => r.name === name)?.value;
  assert.equal(value("Status"), "failed");
  assert.equal(value("Error"), "net::ERR_BLOCKED_BY_CLIENT");
});

Deno.test("har general: ok/the remote address carries the port Safari and Playwright write apart (_serverPort), IPv6 bracketed", () => {
  const remote = (serverIPAddress: string, _serverPort?: number) => {
    const { doc, raw } = parseHarText(JSON.stringify(har([
      entry({ serverIPAddress, _serverPort }),
    ])));
    return generalRows(entryDetail(raw[0], doc.entries[0]), "")
      .find((r) => r.name === "Remote address")?.value;
  };
  assert.equal(remote("93.184.216.34", 443), "93.184.216.34:443");
  assert.equal(remote("2606:2800:220:1::", 443), "[2606:2800:220:1::]:443");
  assert.equal(remote("93.184.216.34"), "93.184.216.34");
});

Deno.test("har general: ok/no port when it is 0 or not whole, an IPv6 address already bracketed kept, Playwright's _failureText on the entry read too", () => {
  const detail = (e: Record<string, unknown>) => {
    const { doc, raw } = parseHarText(JSON.stringify(har([entry(e)])));
    return entryDetail(raw[0], doc.entries[0]);
  };
  const remote = (e: Record<string, unknown>) =>
    generalRows(detail(e), "").find((r) => r.name === "Remote address")
      ?.value;
  assert.equal(
    remote({ serverIPAddress: "10.0.0.1", _serverPort: 0 }),
    "10.0.0.1",
  );
  assert.equal(
    remote({ serverIPAddress: "10.0.0.1", _serverPort: 4.5 }),
    "10.0.0.1",
  );
  assert.equal(
    remote({ serverIPAddress: "[::1]", _serverPort: 8080 }),
    "[::1]:8080",
  );
  assert.equal(
    detail({ _failureText: "net::ERR_ABORTED" }).error,
    "net::ERR_ABORTED",
  );
});

Deno.test("har general: ok/comments of the entry, its request and its response are a row (Insomnia names requests there); none, no row", () => {
  const comment = (e: Record<string, unknown>) => {
    const { doc, raw } = parseHarText(JSON.stringify(har([entry(e)])));
    return generalRows(entryDetail(raw[0], doc.entries[0]), "")
      .find((r) => r.name === "Comment")?.value;
  };
  const base = entry();
  assert.equal(
    comment({
      comment: " Login flow ",
      request: { ...(base.request as object), comment: "Get token" },
      response: { ...(base.response as object), comment: "" },
    }),
    "Login flow; request: Get token",
  );
  assert.equal(comment({ comment: 42 }), undefined);
  assert.equal(comment({}), undefined);
});

Deno.test("har general: ok/Firefox's connection is the remote port, shown in the remote address; Chrome's is a connection id", () => {
  const general = (creator: string, e: Record<string, unknown>) => {
    const parsed = parseHarText(JSON.stringify(har([entry(e)], {
      creator: { name: creator, version: "1" },
    })));
    const rows = generalRows(
      entryDetail(parsed.raw[0], parsed.doc.entries[0], parsed.exporter),
      "",
    );
    return (name: string) => rows.find((r) => r.name === name)?.value;
  };
  const cases: [string, Record<string, unknown>, string?, string?][] = [
    // [creator, entry, Remote address, Connection]
    [
      "Firefox",
      { serverIPAddress: "13.35.121.55", connection: "443" },
      "13.35.121.55:443",
    ],
    [
      "Firefox",
      { serverIPAddress: "2001:db8::10", connection: "443" },
      "[2001:db8::10]:443",
    ],
    ["Firefox", { connection: "80" }, "port 80"],
    // Not a port: kept as written.
    [
      "Firefox",
      { serverIPAddress: "10.0.0.1", connection: "70000" },
      "10.0.0.1",
      "70000",
    ],
    [
      "WebInspector",
      { serverIPAddress: "151.101.60.133", connection: "26375" },
      "151.101.60.133",
      "26375",
    ],
    [
      "WebInspector",
      { serverIPAddress: "10.0.0.1", connection: "443" },
      "10.0.0.1",
      "443",
    ],
  ];
  for (const [creator, e, address, connection] of cases) {
    const value = general(creator, e);
    assert.equal(
      value("Remote address"),
      address,
      `${creator} ${JSON.stringify(e)}`,
    );
    assert.equal(
      value("Connection"),
      connection,
      `${creator} ${JSON.stringify(e)}`,
    );
  }
});

Deno.test("har general: ok/priority, the browser's resource type and the protocol as DevTools names them, the HTTP version as written", () => {
  const value = (e: Record<string, unknown>) => {
    const { doc, raw } = parseHarText(JSON.stringify(har([entry(e)])));
    const rows = generalRows(entryDetail(raw[0], doc.entries[0]), "");
    return (name: string) => rows.find((r) => r.name === name)?.value;
  };
  const base = entry();
  const chrome = value({
    _priority: "VeryHigh",
    _resourceType: "fetch",
    response: { ...(base.response as object), httpVersion: "http/2.0" },
  });
  assert.equal(chrome("Priority"), "Highest");
  assert.equal(chrome("Resource type"), "fetch");
  assert.equal(chrome("HTTP version"), "http/2.0 (h2)");
  const plain = value({ _resourceType: "document" });
  // The same word as the Type row: said once.
  assert.equal(plain("Type"), "document");
  assert.equal(plain("Resource type"), undefined);
  assert.equal(plain("Priority"), undefined);
  // Only another case: no second name beside it.
  assert.equal(plain("HTTP version"), "HTTP/1.1");
});
