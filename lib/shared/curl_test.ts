import assert from "node:assert/strict";
import fc from "fast-check";
import {
  curlCommand,
  type CurlOptions,
  type CurlRequest,
  MAX_ARGUMENT_BODY,
  shellQuote,
  shellWord,
} from "./curl.ts";
import { hasCurl } from "../../tests/helpers/curl.ts";

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
    "ok/fetch's empty POST is --data-raw '', so -L turns it into a GET",
    req({ method: "POST" }),
    { fetchEmptyBody: true, follow: true },
    ["--data-raw ''", "-H 'Content-Type:'", "-L"],
  ],
  [
    "ok/fetch's empty PUT sends Content-Length: 0 too",
    req({ method: "put", body: "" }),
    { fetchEmptyBody: true },
    ["-X PUT", "--data-raw ''", "-H 'Content-Type:'"],
  ],
  [
    "ok/fetch's empty POST keeps a Content-Type given",
    req({ method: "POST", headers: [["content-type", "application/json"]] }),
    { fetchEmptyBody: true },
    ["-H 'content-type: application/json'", "--data-raw ''"],
  ],
  [
    "ok/fetch sends no empty body with PATCH or DELETE",
    req({ method: "PATCH" }),
    { fetchEmptyBody: true },
    ["-X PATCH"],
  ],
  [
    "ok/fetch's empty body never joins a HEAD or a form",
    req({ method: "HEAD" }),
    { fetchEmptyBody: true },
    ["--head"],
  ],
  ["ok/--max-time ends a stream", req({}), { maxTime: 5, include: true }, [
    "-i",
    "--max-time 5",
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
    "ok/follow, compressed, stream and include",
    req({}),
    { follow: true, compressed: true, stream: true, include: true },
    ["--compressed", "-N", "-i", "-L"],
  ],
  [
    "ok/follow with POST keeps curl's inference",
    req({ method: "POST", body: "x" }),
    { follow: true },
    ["--data-raw 'x'", "-L"],
  ],
  [
    "ok/a method beyond fetch's six keeps its case",
    req({ method: "patch", body: "x" }),
    {},
    ["-X patch", "--data-raw 'x'"],
  ],
  [
    "ok/headers curl cannot send are left out",
    req({
      headers: [["@/etc/hostname", ""], ["X Y", "1"], ["X-A", "a\r\nX-B: b"], [
        "X-C",
        "ok",
      ]],
    }),
    {},
    ["-H 'X-C: ok'"],
  ],
  [
    "ok/control characters are escaped, never pasted raw",
    req({ method: "POST", body: "x\u0003 touch /tmp/p\n\u001b[201~'" }),
    {},
    ["--data-raw $'x\\003 touch /tmp/p\\n\\033[201~\\047'"],
  ],
  [
    "ok/a header's Latin-1 characters are its bytes",
    req({ headers: [["X-L", "café"]] }),
    {},
    ["-H $'X-L: caf\\351'"],
  ],
];

/** [name, URL, the command's first lines] */
const URLS: [string, string, string[]][] = [
  ["ok/a URL starting with - is never an option", "-K/etc/hostname", [
    "curl --url '-K/etc/hostname'",
    "--proto '=http,https'",
  ]],
  ["ok/a host without a scheme is held to http(s)", "ftp.example.com/x", [
    "curl 'ftp.example.com/x'",
    "--proto '=http,https'",
  ]],
  ["ok/brackets and braces are not globbed", "http://h/a?f={a,b}&i[]=1", [
    "curl 'http://h/a?f={a,b}&i[]=1'",
    "--globoff",
  ]],
  ["ok/spaces and controls are percent-encoded", "http://h/a b\tc", [
    "curl 'http://h/a%20b%09c'",
  ]],
  [
    "ok/past the host, characters outside ASCII go as their UTF-8 bytes; the host as its A-label",
    "https://日本.example/pâth/日本?q=é ü#ß",
    ["curl 'https://xn--wgv71a.example/p%C3%A2th/%E6%97%A5%E6%9C%AC?q=%C3%A9%20%C3%BC#%C3%9F'"],
  ],
  [
    "ok/a placeholder stays readable; credentials and a port are kept with an A-label",
    "https://u:p@bücher.de:8443/café/{名前}/{id}",
    [
      "curl 'https://u:p@xn--bcher-kva.de:8443/caf%C3%A9/{名前}/{id}'",
      "--globoff",
    ],
  ],
  [
    "ok/braces in the query are data: what they hold beyond ASCII is its bytes",
    'https://h/{名前}?q={"a":"ü"}#{ß}',
    [
      'curl \'https://h/{名前}?q={"a":"%C3%BC"}#{%C3%9F}\'',
      "--globoff",
    ],
  ],
  [
    "ok/a server template stays as written",
    "{server}/ü",
    ["curl '{server}/%C3%BC'", "--globoff"],
  ],
  ["ok/controls in the host are percent-encoded too", "http://h:80\n-X/x", [
    "curl 'http://h:80%0A-X/x'",
  ]],
  ["ok/a lone surrogate goes as U+FFFD", "http://h/\ud800x", [
    "curl 'http://h/%EF%BF%BDx'",
  ]],
  ["ok/a relative URL is encoded from its start", "/a/é", ["curl '/a/%C3%A9'"]],
];

/** [name, request, the whole command] with the method named first. */
const NAMED: [string, CurlRequest, string[]][] = [
  ["ok/named GET", req({}), [`curl -X GET '${URL}'`]],
  [
    "ok/named HEAD is -X HEAD and --head, which waits for no body",
    req({
      method: "HEAD",
    }),
    [`curl -X HEAD '${URL}'`, "--head"],
  ],
  ["ok/named POST with a body", req({ method: "POST", body: "x" }), [
    `curl -X POST '${URL}'`,
    "--data-raw 'x'",
  ]],
  ["ok/a method that is no plain word is quoted", req({ method: "co py" }), [
    `curl -X 'co py' '${URL}'`,
  ]],
  [
    "ok/form fields: values never read as files, file fields as files, body left out",
    req({
      method: "POST",
      body: "ignored",
      form: [
        { name: "a", value: "@/etc/passwd" },
        { name: "f", value: "path/to/file", file: true },
      ],
    }),
    [
      `curl -X POST '${URL}'`,
      "--form-string 'a=@/etc/passwd'",
      "-F 'f=@path/to/file'",
    ],
  ],
];

NAMED.push(
  [
    "ok/a part type with parameters or a name with = never reaches -F (curl would read a file)",
    req({
      method: "POST",
      form: [
        { name: "a", value: "1", type: "text/plain;headers=@/etc/passwd" },
        { name: "x=@/etc/passwd;a", value: "{}", type: "application/json" },
        { name: "f=@/etc/passwd;b", value: "path/to/file", file: true },
        { name: "ok", value: "2", type: "json" },
      ],
    }),
    [
      `curl -X POST '${URL}'`,
      "--form-string 'a=1'",
      // A name with `=` cannot be sent as itself: left out.
      "--form-string 'ok=2'",
    ],
  ],
  [
    "ok/a field name beyond ASCII uploads its file (RFC 7578 §5.1.1); one with curl's syntax in it goes as text",
    req({
      method: "POST",
      form: [
        { name: "ファイル", value: "path/to/file", file: true },
        { name: "Straße", value: "1", type: "text/plain" },
        { name: "a;b", value: "path/to/file", file: true },
        { name: "a\u00a0b", value: "path/to/file", file: true },
      ],
    }),
    [
      `curl -X POST '${URL}'`,
      "-F 'ファイル=@path/to/file'",
      "-F 'Straße=\"1\";type=text/plain'",
      "--form-string 'a;b=path/to/file'",
      "--form-string 'a\u00a0b=path/to/file'",
    ],
  ],
  [
    "ok/HEAD with a body is --head without it (curl refuses both, and -X HEAD alone hangs)",
    req({ method: "HEAD", body: "x" }),
    [`curl -X HEAD '${URL}'`, "--head"],
  ],
);

Deno.test("curl: ok/a quote inside $'…' is \\047, so a shell without $'…' (dash) runs nothing", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const mark = `${dir}/ran`;
    const command = curlCommand(req({
      headers: [["X-A", `\u0001'; touch ${mark}; #`]],
      body: `\u007f'; touch ${mark}; #`,
      method: "POST",
    })).replace(/^curl /, "printf '%s\\n' ");
    for (const shell of ["sh", "bash"]) {
      const out = await new Deno.Command(shell, {
        args: ["-c", command.replace(/ \\\n {2}/g, " ")],
        stdout: "piped",
        stderr: "piped",
      }).output();
      assert.ok(out.success, shell);
    }
    await assert.rejects(Deno.stat(mark), Deno.errors.NotFound);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("curl: ok/a URL of another scheme is refused by --proto, and a NUL value is never -F", () => {
  assert.equal(
    curlCommand(req({ url: "file:///etc/hostname#" })),
    "curl 'file:///etc/hostname#' \\\n  --proto '=http,https'",
  );
  // A value holding NUL cannot be a shell word: left out.
  assert.equal(
    curlCommand(req({
      method: "POST",
      form: [{
        name: "f",
        value: ";headers=@/etc/hostname\0",
        type: "text/plain",
      }],
    })),
    `curl '${URL}' \\\n  -X POST`,
  );
});

for (const [name, r, lines] of NAMED) {
  Deno.test(`curl: ${name}`, () => {
    assert.equal(
      curlCommand(r, { namedMethod: true }),
      lines.join(" \\\n  "),
    );
  });
}

Deno.test("curl: ok/form fields make curl send a POST without -X", () => {
  assert.equal(
    curlCommand(req({ method: "POST", form: [{ name: "a", value: "1" }] })),
    `curl '${URL}' \\\n  --form-string 'a=1'`,
  );
});

for (const [name, url, lines] of URLS) {
  Deno.test(`curl: ${name}`, () => {
    assert.equal(curlCommand(req({ url })), lines.join(" \\\n  "));
  });
}

for (const [name, r, options, lines] of CASES) {
  Deno.test(`curl: ${name}`, () => {
    assert.equal(
      curlCommand(r, options),
      [`curl ${shellQuote(r.url)}`, ...lines].join(" \\\n  "),
    );
  });
}

/**
 * What `shell` passes to `curl` for `command`: its words and its standard
 * input, as bytes.
 */
async function run(
  command: string,
  shell = "sh",
): Promise<{ words: Uint8Array[]; stdin: Uint8Array }> {
  // The number of words, then each word, each ended by a NUL; then the input.
  const script =
    `curl() { printf '%d\\0' $#; for a in "$@"; do printf '%s\\0' "$a"; done; cat; }\n` +
    command;
  const out = await new Deno.Command(shell, {
    args: ["-c", script],
    stdin: "null",
    stdout: "piped",
  }).output();
  assert.ok(out.success);
  const bytes = out.stdout;
  const fields: Uint8Array[] = [];
  let at = 0, count = -1;
  while (count < 0 || fields.length < count) {
    const end = bytes.indexOf(0, at);
    if (end < 0) throw new Error("words cut short");
    const field = bytes.slice(at, end);
    at = end + 1;
    if (count < 0) count = Number(new TextDecoder().decode(field));
    else fields.push(field);
  }
  return { words: fields, stdin: bytes.slice(at) };
}

/** The words a shell passes to `curl` for `command`, as text. */
async function argv(command: string, shell = "sh"): Promise<string[]> {
  const { words } = await run(command, shell);
  return words.map((w) => new TextDecoder().decode(w));
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
      // PATCH keeps its body through a 301 or 302, as fetch keeps it.
      "--post301",
      "--post302",
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

Deno.test("curl: bad/a word starting with = is quoted: zsh would expand =ls to a path", async () => {
  assert.equal(shellWord("=ls"), "'=ls'");
  assert.equal(shellWord("=%%"), "'=%%'");
  assert.equal(shellWord("a=b"), "a=b");
  // A leading `~` is a home directory to every shell: quoted too.
  assert.equal(shellWord("~root"), "'~root'");
  const zsh = await Deno.stat("/usr/bin/zsh").then(() => true, () => false);
  if (zsh) {
    assert.deepEqual(await argv(`curl ${shellWord("=ls")} x`, "zsh"), [
      "=ls",
      "x",
    ]);
  }
});

Deno.test("curl: pasted or run, control characters arrive as they were, and the text has none", async () => {
  const controls = fc.constantFrom(
    ..."\u0000\u0003\u0004\u0015\u0017\u001b\u007f\u0085\u009b\t\r\n'\\$a"
      .split(""),
  );
  await fc.assert(
    fc.asyncProperty(
      fc.string({ maxLength: 12, unit: controls }),
      async (s) => {
        fc.pre(!s.includes("\0"));
        const q = shellQuote(s);
        // deno-lint-ignore no-control-regex
        assert.doesNotMatch(q, /[\0-\x08\v\f\x0e-\x1f\x7f-\x9f]/);
        assert.deepEqual(await argv(`curl ${q}`, "bash"), [s]);
      },
    ),
    { numRuns: 40 },
  );
});

Deno.test("curl: CRLF stays single-quoted and a tab is printed, never raw (pasted raw, it completes the word): read alike by dash and bash", async () => {
  const body = '{\r\n"a": 1\r\n}';
  const command = curlCommand(req({ method: "POST", body }));
  assert.match(command, /--data-raw '\{\r\n"a": 1\r\n\}'$/);
  for (const shell of ["sh", "bash"]) {
    assert.equal((await argv(command, shell)).at(-1), body, shell);
  }
  const tabbed = '{\n\t"a": 1\n}';
  const withTab = curlCommand(req({ method: "POST", body: tabbed }));
  assert.ok(!withTab.includes("\t"), "no raw tab in the command");
  assert.equal((await argv(withTab, "bash")).at(-1), tabbed);
});

Deno.test("curl: a piped body starting with - is not read as printf's option", async () => {
  const body = "--boundary\0x";
  const command = curlCommand(req({ method: "POST", body }));
  assert.match(command, /^printf '\\055-boundary/);
  for (const shell of ["sh", "bash"]) {
    const { stdin } = await run(command, shell);
    assert.deepEqual(stdin, new TextEncoder().encode(body), shell);
  }
});

Deno.test("curl: a header's Latin-1 value is sent as the browser's bytes", async () => {
  const { words } = await run(
    curlCommand(req({ headers: [["X-L", "café ÿ"]] })),
    "bash",
  );
  assert.deepEqual([...words[2]], [
    ...new TextEncoder().encode("X-L: caf"),
    0xe9,
    0x20,
    0xff,
  ]);
});

Deno.test("curl: a body with NUL bytes, or binary, is piped in exactly", async () => {
  const text = "a\0b%s\\n'é";
  const bytes = new Uint8Array([0, 1, 0x25, 0x5c, 0x27, 0x80, 0xff, 10, 13]);
  for (
    const [r, want] of [
      [req({ method: "POST", body: text }), new TextEncoder().encode(text)],
      [req({ method: "PUT", bodyBytes: bytes }), bytes],
    ] as const
  ) {
    const command = curlCommand(r);
    assert.match(command, /^printf '[^\n]*' \|\ncurl /);
    assert.match(command, /--data-binary @-$/);
    for (const shell of ["sh", "bash"]) {
      const { stdin, words } = await run(command, shell);
      assert.deepEqual(stdin, want, shell);
      assert.equal(new TextDecoder().decode(words.at(-1)), "@-");
    }
  }
});

const CURL = await hasCurl();

Deno.test({
  name:
    "curl: a body past an argument's size is piped, and the real curl sends it whole",
  ignore: !CURL,
  fn: async () => {
    const got: Uint8Array[] = [];
    await using server = Deno.serve(
      { port: 0, hostname: "127.0.0.1", onListen() {} },
      async (r) => {
        got.push(new Uint8Array(await r.arrayBuffer()));
        return new Response("ok");
      },
    );
    const url = `http://127.0.0.1:${server.addr.port}/`;
    // 150,000 bytes: one argument of 128 KiB or more is refused by Linux.
    const body = "é".repeat(25_000) + "x".repeat(100_000);
    const short = "y".repeat(MAX_ARGUMENT_BODY);
    // 140,000 bytes in 70,000 UTF-16 units: counted in bytes.
    const wide = "é".repeat(70_000);
    for (
      const [text, piped] of [[body, true], [short, false], [
        wide,
        true,
      ]] as const
    ) {
      const command = curlCommand({
        method: "POST",
        url,
        headers: [["Content-Type", "text/plain"]],
        body: text,
      });
      assert.equal(command.startsWith("printf "), piped);
      // Given to the shell as typed or pasted: on its input, not as an
      // argument, which would meet the same limit.
      const shell = new Deno.Command("bash", {
        stdin: "piped",
        stdout: "null",
        stderr: "piped",
      }).spawn();
      const w = shell.stdin.getWriter();
      await w.write(new TextEncoder().encode(command + "\n"));
      await w.close();
      const out = await shell.output();
      assert.ok(out.success, new TextDecoder().decode(out.stderr));
      assert.deepEqual(got.pop(), new TextEncoder().encode(text));
    }
  },
});
