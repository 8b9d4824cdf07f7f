import assert from "node:assert/strict";
import fc from "fast-check";
import {
  curlCommand,
  type CurlOptions,
  type CurlRequest,
  shellQuote,
  shellWord,
} from "./curl.ts";

const URL = "https://h.example/api?a=1&b=2";

function req(patch: Partial<CurlRequest>): CurlRequest {
  return { method: "GET", url: URL, headers: [], ...patch };
}

/** [name, request, options, the command's lines after `curl 'URL'`] */
const CASES: [string, CurlRequest, CurlOptions, string[]][] = [
  ["ok/GET is curl's default", req({}), {}, []],
  ["ok/lower-case method", req({ method: "delete" }), {}, ["-X DELETE"]],
  ["ok/empty method is GET", req({ method: "" }), {}, []],
  ["ok/HEAD is --head", req({ method: "HEAD" }), {}, ["--head"]],
  [
    "ok/POST with a body is inferred",
    req({ method: "POST", body: "x" }),
    {},
    ["--data-raw 'x'"],
  ],
  ["ok/POST without a body", req({ method: "POST" }), {}, ["-X POST"]],
  ["ok/POST with an empty body", req({ method: "POST", body: "" }), {}, [
    "-X POST",
  ]],
  [
    "ok/GET with a body keeps GET",
    req({ body: "x" }),
    {},
    ["-X GET", "--data-raw 'x'"],
  ],
  [
    "ok/PUT with a body",
    req({ method: "PUT", body: "{}" }),
    {},
    ["-X PUT", "--data-raw '{}'"],
  ],
  [
    "ok/an odd method is quoted",
    req({ method: "BREW IT" }),
    {},
    ["-X 'BREW IT'"],
  ],
  [
    "ok/headers in order, repeats kept",
    req({ headers: [["Accept", "a/b"], ["X-A", "1"], ["X-A", "2"]] }),
    {},
    ["-H 'Accept: a/b'", "-H 'X-A: 1'", "-H 'X-A: 2'"],
  ],
  [
    "ok/an empty header is Name;",
    req({ headers: [["X-Empty", ""]] }),
    {},
    ["-H 'X-Empty;'"],
  ],
  [
    "ok/quotes in values",
    req({ headers: [["X-Q", "it's"]], method: "POST", body: `{"a":"b'c"}` }),
    {},
    ["-H 'X-Q: it'\\''s'", `--data-raw '{"a":"b'\\''c"}'`],
  ],
  [
    "ok/follow, compressed and stream",
    req({}),
    { follow: true, compressed: true, stream: true },
    ["--compressed", "-N", "-L"],
  ],
  [
    "ok/follow with POST keeps curl's inference",
    req({ method: "POST", body: "x" }),
    { follow: true },
    ["--data-raw 'x'", "-L"],
  ],
];

for (const [name, r, options, lines] of CASES) {
  Deno.test(`curl: ${name}`, () => {
    assert.equal(
      curlCommand(r, options),
      [`curl ${shellQuote(r.url)}`, ...lines].join(" \\\n  "),
    );
  });
}

/** The words a POSIX shell passes to `curl` for `command`. */
async function argv(command: string): Promise<string[]> {
  const script = `curl() { for a in "$@"; do printf '%s\\0' "$a"; done; }\n` +
    command;
  const out = await new Deno.Command("sh", {
    args: ["-c", script],
    stdout: "piped",
  }).output();
  assert.ok(out.success);
  return new TextDecoder().decode(out.stdout).split("\0").slice(0, -1);
}

Deno.test("curl: a shell reads the command as the words meant", async () => {
  const body = 'it\'s $HOME `id` \\ "q"\nline 2 !*';
  assert.deepEqual(
    await argv(curlCommand({
      method: "PATCH",
      url: "http://h/x?q='1'",
      headers: [["X-A", "$(id)"], ["X-E", ""]],
      body,
    }, { follow: true })),
    [
      "http://h/x?q='1'",
      "-X",
      "PATCH",
      "-H",
      "X-A: $(id)",
      "-H",
      "X-E;",
      "--data-raw",
      body,
      "-L",
    ],
  );
});

Deno.test("curl: quoting survives the shell, byte for byte", async () => {
  const same = async (s: string) => {
    assert.deepEqual(await argv(`curl ${shellQuote(s)} ${shellWord(s)}`), [
      s,
      s,
    ]);
  };
  await fc.assert(
    fc.asyncProperty(fc.string({ maxLength: 30, unit: "grapheme" }), (s) => {
      fc.pre(!s.includes("\0"));
      return same(s);
    }),
    { numRuns: 40 },
  );
  // Dense in the characters shells care about.
  const awkward = fc.constantFrom(
    ..."'\"\\$`\n !*é~#&;|<>(){}[]?=,%@".split(""),
  );
  await fc.assert(
    fc.asyncProperty(fc.string({ maxLength: 20, unit: awkward }), same),
    { numRuns: 60 },
  );
  assert.equal(shellQuote("it's"), `'it'\\''s'`);
  assert.equal(shellWord("PUT"), "PUT");
  assert.equal(shellWord(""), "''");
});
