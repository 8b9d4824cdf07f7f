/**
 * "Copy as fetch" of a multipart form (fetchCode's FormData): each part
 * as curl's `-F` sends it, and where FormData cannot send it so, said in
 * the call; and the headers a browser's fetch would drop, said. Run with
 * a stand-in `fetch` that keeps the real FormData and headers.
 */
import assert from "node:assert/strict";
import { runFetchCode } from "../../tests/helpers/fetch_stub.ts";
import { fetchCode } from "./fetch_code.ts";

Deno.test("fetchCode: ok/a typed multipart field, which FormData sends as a file named blob where curl sends a field, is said by name; text fields and files are not", async () => {
  const { code } = fetchCode({
    method: "POST",
    url: "https://api.example.com/upload",
    headers: [],
    body: null,
    form: [
      { name: "meta", value: '{"a":1}', type: "application/json" },
      { name: "note", value: "plain" },
      { name: "doc", value: "path/to/a.pdf", file: true },
    ],
  });
  assert.match(
    code,
    /\n\/\/ FormData sends these as files named "blob"; Copy as cURL sends them as fields of their type, without a file name: "meta"\.\n/,
  );
  // What the comment says is what FormData does.
  const form = (await runFetchCode(code, {
    files: { "path/to/a.pdf": "%PDF" },
  })).body as FormData;
  const meta = form.get("meta") as File;
  assert.equal(meta.name, "blob");
  assert.equal(meta.type, "application/json");
  assert.equal(form.get("note"), "plain");
  assert.equal((form.get("doc") as File).name, "a.pdf");
});

/**
 * Headers a browser's fetch drops without a word (Fetch §2.2.2 forbidden
 * request-headers), which Node.js and Deno send: named in one comment,
 * and still sent; `want` the names said, none when the line is absent.
 */
const browserCases: {
  name: string;
  headers: [string, string][];
  want: string[];
  /** The line also says a page's own cookies go instead. */
  cookie?: boolean;
}[] = [
  {
    name: "ok/an operation's Cookie, as its cookie parameters make it",
    headers: [["Cookie", "session=abc"]],
    want: ["Cookie"],
    cookie: true,
  },
  {
    name: "ok/Origin, Referer, Sec- and Proxy- ones, in the order sent",
    headers: [
      ["Origin", "https://a.test"],
      ["X-Trace", "1"],
      ["Referer", "https://a.test/p"],
      ["sec-ch-ua", '"Chromium"'],
      ["Proxy-Authorization", "Basic eDp5"],
      ["DNT", "1"],
    ],
    want: ["Origin", "Referer", "sec-ch-ua", "Proxy-Authorization", "DNT"],
  },
  {
    name: "ok/a method override naming a forbidden method, not another",
    headers: [
      ["X-HTTP-Method-Override", "trace"],
      ["X-Method-Override", "PATCH"],
    ],
    want: ["X-HTTP-Method-Override"],
  },
  {
    name: "ok/none of them: no line",
    headers: [["Accept", "application/json"], ["X-Secret", "1"]],
    want: [],
  },
];

for (const c of browserCases) {
  Deno.test(`fetchCode: browser drops: ${c.name}`, async () => {
    const { code } = fetchCode({
      method: "GET",
      url: "https://api.example.com/a",
      headers: c.headers,
      body: null,
    });
    const line = code.match(
      /\n {2}\/\/ A browser's fetch drops these without a word \(forbidden request headers; Node\.js and Deno send them\): (.*?)\.( A page sends its own cookies of the URL's site instead, with credentials: "include"\.)?\n/,
    );
    assert.deepEqual(
      line?.[1].split(", ").map((n) => JSON.parse(n)) ?? [],
      c.want,
      code,
    );
    assert.equal(Boolean(line?.[2]), Boolean(c.cookie));
    // Still sent, as Node.js and Deno send them.
    const sent = (await runFetchCode(code)).headers;
    for (const [name] of c.headers) assert.ok(Object.hasOwn(sent, name), name);
  });
}

Deno.test("fetchCode: ok/a Content-Length given is fetch's to frame, left out; a Sec-Fetch-Mode given is said replaced by Node.js's", () => {
  const { code } = fetchCode({
    method: "POST",
    url: "https://api.example.com/a",
    headers: [["Content-Length", "3"], ["Sec-Fetch-Mode", "navigate"]],
    body: { text: "hello" },
  });
  assert.doesNotMatch(code, /"Content-Length"/);
  assert.match(
    code,
    /\n {2}\/\/ Node\.js's fetch sends its own Sec-Fetch-Mode: cors in place of this one\.\n/,
  );
});

const HOP_CASES: [string, [string, string][], string[]][] = [
  ["ok/keep-alive asks for what fetch does: not said", [
    ["Connection", "keep-alive"],
    ["Keep-Alive", "timeout=5"],
  ], []],
  ["ok/what asks the server for something is said left out", [
    ["Expect", "100-continue"],
    ["Connection", "close"],
    ["Upgrade", "websocket"],
    ["TE", "trailers"],
  ], ["Expect", "Connection", "Upgrade", "TE"]],
];

for (const [name, headers, said] of HOP_CASES) {
  Deno.test(`fetchCode: ${name} (hop-by-hop headers fetch drops)`, () => {
    const { code } = fetchCode({
      method: "GET",
      url: "https://api.example.com/a",
      headers,
      body: null,
    });
    for (const [h] of headers) {
      assert.doesNotMatch(code, new RegExp(`"${h}": `), h);
    }
    const line = /\/\/ Left out, fetch cannot send them: (.*)\.\n/.exec(code);
    assert.deepEqual(
      line ? line[1].split(", ").map((n) => JSON.parse(n)) : [],
      said,
    );
  });
}

Deno.test("fetchCode: ok/a call that reads a file says, before node:fs's import a browser cannot run, that a File goes where readFile's bytes go, and one does, as a body and as a form part", async () => {
  const calls = [
    fetchCode({
      method: "PUT",
      url: "https://api.example.com/a",
      headers: [],
      body: { file: "path/to/a.png" },
    }).code,
    fetchCode({
      method: "POST",
      url: "https://api.example.com/a",
      headers: [],
      body: null,
      form: [{ name: "doc", value: "path/to/a.png", file: true }],
    }).code,
  ];
  for (const code of calls) {
    assert.match(
      code,
      /^\/\/ [^\n]*in a browser, put a File \(an <input type="file">'s files\[0\]\) where await readFile\(…\) is\.\nconst \{ readFile \} = await import\("node:fs\/promises"\);\n/,
    );
    // Done as the comment says, with no node:fs.
    const asBrowser = code.replace(/^(\/\/.*|.*node:fs.*)\n/gm, "")
      .replace('await readFile("path/to/a.png")', "file");
    assert.ok(!asBrowser.includes("readFile"), asBrowser);
    let sent: unknown;
    const AsyncFunction = Object.getPrototypeOf(async () => {}).constructor;
    await new AsyncFunction("fetch", "file", asBrowser)(
      (_url: string, init: RequestInit) => {
        sent = init.body;
        return Promise.resolve(new Response(""));
      },
      new File(["PNG"], "a.png"),
    );
    const bytes = sent instanceof FormData ? sent.get("doc") : sent;
    assert.equal(await (bytes as Blob).text(), "PNG");
  }
});
