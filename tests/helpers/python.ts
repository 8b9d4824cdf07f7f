/**
 * Runs a "Copy as Python" script (lib/shared/python_code.ts) with the
 * system's python3, and says whether python3 with `requests` is installed:
 * a test that needs it is declared with `ignore: !PYTHON`, where
 * `const PYTHON = await hasRequests()`, so without it the test is reported
 * ignored, never passed. With `stub`, the script runs against a stand-in
 * `requests` that prints what it was asked as the bytes http.client would
 * send (a str header value as Latin-1, a str field as UTF-8), not sending
 * anything.
 */

let found: Promise<boolean> | undefined;

/** Whether `python3 -c "import requests"` runs here (saying so when not). */
export function hasRequests(): Promise<boolean> {
  return found ??= (async () => {
    try {
      const out = await new Deno.Command("python3", {
        args: ["-c", "import requests"],
        stdout: "null",
        stderr: "null",
      }).output();
      if (out.success) return true;
    } catch { /* no python3 */ }
    console.log(
      'python3 -c "import requests" failed: skipping the Python checks',
    );
    return false;
  })();
}

/** What a script asked the stand-in `requests` for. */
export interface PythonAsked {
  /** The function called: `post`, or `request` with `method`. */
  call: string;
  method: string;
  url: string;
  /** Each value as the bytes sent, one character a byte. */
  headers: Record<string, string>;
  /** The body's bytes, one character a byte; null for none. */
  data: string | null;
  /** Parts: name, file name (null for a field), bytes, type (or null). */
  files: [string, string | null, string, string | null][] | null;
  /** Whether requests would follow a redirect (its default, but for `head`). */
  follow: boolean;
  /** Keyword arguments other than these. */
  other: string[];
}

const STUB = `
import json, sys

def _bytes(v):
    if isinstance(v, str):
        raise TypeError("a str body would be sent as Latin-1 by urllib3 1.x")
    return v.decode("latin-1")

def _value(v):
    return (v.encode("latin-1") if isinstance(v, str) else v).decode("latin-1")

def _part(name, v):
    filename, content = v[0], v[1]
    if hasattr(content, "read"):
        content = content.read()
    if isinstance(content, str):
        content = content.encode("utf-8")
    return [name, filename, content.decode("latin-1"), v[2] if len(v) > 2 else None]

class _Response:
    status_code = 200
    reason = "OK"
    text = ""

def _record(call, method, url, headers=None, data=None, files=None, allow_redirects=None, **other):
    print(json.dumps({
        "follow": call != "head" if allow_redirects is None else allow_redirects,
        "call": call,
        "method": method,
        "url": url,
        "headers": {k: _value(v) for k, v in (headers or {}).items()},
        "data": None if data is None else _bytes(data),
        "files": None if files is None else [_part(n, v) for n, v in files],
        "other": sorted(other),
    }))
    return _Response()

def request(method, url, **kw):
    return _record("request", method, url, **kw)

for _m in ["get", "post", "put", "patch", "delete", "head", "options"]:
    globals()[_m] = (lambda m: lambda url, **kw: _record(m, m.upper(), url, **kw))(_m)
`;

/**
 * Runs `code` in a new folder holding `files` (path to bytes), with the
 * stand-in `requests` when `stub`; stdout, or a thrown error with stderr.
 */
export async function runPython(
  code: string,
  { stub = false, files = {}, cwd }: {
    stub?: boolean;
    files?: Record<string, Uint8Array | string>;
    /** A folder to run in (kept), instead of a new one. */
    cwd?: string;
  } = {},
): Promise<string> {
  const dir = cwd ?? await Deno.makeTempDir({ prefix: "wirebench-python-" });
  try {
    for (const [path, bytes] of Object.entries(files)) {
      const at = `${dir}/${path}`;
      await Deno.mkdir(at.replace(/\/[^/]*$/, ""), { recursive: true });
      await Deno.writeFile(
        at,
        typeof bytes === "string" ? new TextEncoder().encode(bytes) : bytes,
      );
    }
    const env: Record<string, string> = {
      PYTHONIOENCODING: "utf-8",
      PYTHONDONTWRITEBYTECODE: "1",
      // Proxies from the environment would carry the request elsewhere.
      NO_PROXY: "*",
    };
    if (stub) {
      await Deno.mkdir(`${dir}/.stub/requests`, { recursive: true });
      await Deno.writeTextFile(`${dir}/.stub/requests/__init__.py`, STUB);
      env.PYTHONPATH = `${dir}/.stub`;
    }
    await Deno.writeTextFile(`${dir}/.script.py`, code);
    const out = await new Deno.Command("python3", {
      args: [".script.py"],
      cwd: dir,
      env,
      stdout: "piped",
      stderr: "piped",
    }).output();
    const dec = new TextDecoder();
    if (!out.success) {
      throw new Error(`python3 failed: ${dec.decode(out.stderr)}\n${code}`);
    }
    return dec.decode(out.stdout);
  } finally {
    if (!cwd) await Deno.remove(dir, { recursive: true });
  }
}

/** Runs `code` with the stand-in `requests`: what it asked. */
export async function askedPython(
  code: string,
  files: Record<string, Uint8Array | string> = {},
): Promise<PythonAsked> {
  const out = await runPython(code, { stub: true, files });
  return JSON.parse(out.split("\n")[0]);
}

/** `s`'s UTF-8 bytes, one character a byte (as {@link PythonAsked} has them). */
export function utf8(s: string): string {
  return String.fromCharCode(...new TextEncoder().encode(s));
}

/** One process for many scripts: each exec'd apart, its stdout caught. */
const MANY = `
import contextlib, io, json, sys, traceback
scripts = json.load(open(sys.argv[1], encoding="utf-8"))
out = []
for code in scripts:
    buf = io.StringIO()
    try:
        with contextlib.redirect_stdout(buf):
            exec(compile(code, "<script>", "exec"), {"__name__": "__main__"})
        out.append(json.loads(buf.getvalue().split("\\n")[0]))
    except BaseException:
        out.append({"error": traceback.format_exc(limit=2)})
json.dump(out, open(sys.argv[2], "w", encoding="utf-8"))
`;

/**
 * Runs each of `codes` with the stand-in `requests`, all in one python3
 * process (a corpus has thousands): what each asked, or its error's
 * traceback. Files a script opens are `path/to/file` (the spec viewer's
 * file placeholder) in its folder.
 */
export async function askedPythonMany(
  codes: readonly string[],
): Promise<(PythonAsked | { error: string })[]> {
  const dir = await Deno.makeTempDir({ prefix: "wirebench-python-" });
  try {
    await Deno.mkdir(`${dir}/path/to`, { recursive: true });
    await Deno.writeTextFile(`${dir}/path/to/file`, "file");
    await Deno.writeTextFile(`${dir}/.scripts.json`, JSON.stringify(codes));
    const harness = `${dir}/.harness.py`;
    await Deno.writeTextFile(harness, MANY);
    await runPython(
      `import runpy, sys\nsys.argv = [${
        JSON.stringify(harness)
      }, ".scripts.json", ".out.json"]\nrunpy.run_path(sys.argv[0], run_name="__main__")\n`,
      { stub: true, cwd: dir },
    );
    return JSON.parse(await Deno.readTextFile(`${dir}/.out.json`));
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}
