import assert from "node:assert/strict";
import {
  COPY_ALL_SEPARATOR,
  copyAll,
  type CopyAllKind,
  type ListedCommand,
  listedCommand,
} from "./copy_all.ts";
import { indexHarText } from "./parse.ts";
import { entryDetail } from "./detail.ts";
import { entryAt } from "./entries.ts";
import { copyAllHar } from "../../tests/helpers/har_copy_all.ts";

/** The fixture as the worker holds it, and its rows in list order (by start). */
function listed() {
  const file = indexHarText(
    JSON.stringify(copyAllHar("https://api.test/anything")),
  );
  const rows = [...file.columns.orders.start!];
  return { file, rows };
}

/** What the detail's "Copy as" button of `kind` copies for entry `i`. */
function single(kind: CopyAllKind, i: number): string {
  const { file } = listed();
  const d = entryDetail(file.raw[i], entryAt(file.columns, file.raw[i], i));
  return kind === "curl" ? d.curl : d.fetch;
}

/** Copy all of the fixture's `rows`. */
function copied(kind: CopyAllKind, rows: number[], maxChars?: number) {
  const { file } = listed();
  return copyAll(
    kind,
    rows.length,
    (k) => listedCommand(kind, file.columns, file.raw[rows[k]], rows[k]),
    maxChars,
  );
}

Deno.test("copy all: each listed entry's single copy, in list order, joined with ' ;\\n' as DevTools joins them; no command, none", () => {
  const { rows } = listed();
  for (const kind of ["curl", "fetch"] as const) {
    const singles = rows.map((i) => single(kind, i));
    // The CONNECT (row 2) and the data: URL (row 3) offer none.
    assert.deepEqual(singles.map((s) => s !== ""), [
      true,
      false,
      false,
      true,
      true,
      true,
      true,
      true,
    ]);
    const all = copied(kind, rows);
    assert.equal(all.copied, 6);
    assert.equal(
      all.text,
      singles.filter(Boolean).map((s) => s.trimEnd()).join(" ;\n"),
    );
    assert.equal(COPY_ALL_SEPARATOR, " ;\n");
    assert.ok(!all.text.endsWith("\n"), "the last command waits for Enter");
  }
});

Deno.test("copy all: the note says how many, which rows offer none and why, and what a copied one leaves out", () => {
  const { rows } = listed();
  assert.equal(
    copied("curl", rows).note,
    "Copied 6 cURL commands for the 8 requests listed, in list order. " +
      "Row 2 offers no cURL command: a CONNECT request asks a proxy for a " +
      "tunnel; the requests sent through it are entries of their own, so " +
      "there is no request to copy. Row 3 offers no cURL command: a data: " +
      "URL is read by the browser itself, not requested from a server, so " +
      "there is no request to copy. Row 8: the multipart form was recorded " +
      "as its fields, not as the body sent: the command sends none.",
  );
  // Only entries without a command: nothing is copied, and that is said.
  assert.equal(
    copied("fetch", [rows[1], rows[2]]).note,
    "No fetch call to copy for the 2 requests listed. Row 1 offers no " +
      "fetch call: a CONNECT request asks a proxy for a tunnel; the " +
      "requests sent through it are entries of their own, so there is no " +
      "request to copy. Row 2 offers no fetch call: a data: URL is read by " +
      "the browser itself, not requested from a server, so there is no " +
      "request to copy.",
  );
});

Deno.test("copy all: rows and notes past a few are counted, not named", () => {
  const CASES: [string, ListedCommand[], string][] = [
    [
      "one reason, many rows",
      Array.from({ length: 8 }, () => ({ code: "", note: "Why." })),
      "No cURL command to copy for the 8 requests listed. Rows 1, 2, 3, 4, " +
      "5 and 3 more offer no cURL command: why.",
    ],
    [
      "two rows",
      [{ code: "", note: "Why" }, { code: "c", note: "" }, {
        code: "",
        note: "Why",
      }],
      "Copied 1 cURL command for the 3 requests listed, in list order. " +
      "Rows 1 and 3 offer no cURL command: why.",
    ],
    [
      "many reasons",
      Array.from({ length: 7 }, (_, i) => ({ code: "c", note: `N${i}.` })),
      "Copied 7 cURL commands for the 7 requests listed, in list order. " +
      "Row 1: N0. Row 2: N1. Row 3: N2. Row 4: N3. Row 5: N4. 2 more " +
      "notes: each row's detail says its own.",
    ],
  ];
  for (const [name, commands, note] of CASES) {
    assert.equal(
      copyAll("curl", commands.length, (k) => commands[k]).note,
      note,
      name,
    );
  }
});

Deno.test("copy all: the text stops before the command that would pass the bound, says where, and asks no further", () => {
  const asked: number[] = [];
  const at = (k: number) => {
    asked.push(k);
    return { code: "x".repeat(10), note: "" };
  };
  // Two commands and a separator fit 23 characters; the third would not.
  const all = copyAll("curl", 100, at, 23);
  assert.equal(all.text, "xxxxxxxxxx ;\nxxxxxxxxxx");
  assert.equal(all.copied, 2);
  assert.deepEqual(asked, [0, 1, 2]);
  assert.equal(
    all.note,
    "Copied 2 cURL commands for the 100 requests listed, in list order. " +
      "The copy stops before row 3: the 98 listed from there would take " +
      "it past 23 characters; filter the list to copy them.",
  );
});

Deno.test("copy all: the joined fetch calls run as one script and ask what each single call asks, in list order", async () => {
  const { rows } = listed();
  const AsyncFunction = Object.getPrototypeOf(async () => {}).constructor;
  const run = async (code: string) => {
    const asked: unknown[] = [];
    const stub = (url: string, init: RequestInit) => {
      new Request(url, init); // throws where fetch would
      asked.push({ url, ...init });
      return Promise.resolve(new Response(""));
    };
    await new AsyncFunction("fetch", code)(stub);
    return asked;
  };
  const each = [];
  for (const i of rows) {
    const code = single("fetch", i);
    if (code) each.push(...await run(code));
  }
  const all = await run(copied("fetch", rows).text);
  assert.equal(all.length, 6);
  assert.deepEqual(all, each);
});
