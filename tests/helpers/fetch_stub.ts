/**
 * Runs a "Copy as fetch" snippet (lib/shared/fetch_code.ts): with a
 * stand-in `fetch` that builds the real `Request` (which throws where
 * fetch would: a bad header, a GET body, credentials in the URL, a
 * forbidden method) and records what it was asked, or with Deno's own
 * `fetch` against a real server, answering what it received.
 */
import assert from "node:assert/strict";
import { READS } from "../../lib/shared/fetch_code.ts";

/** What a snippet asked `fetch` for. */
export interface Asked {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
  /** `manual` where the call follows no redirect, as curl without `-L`. */
  redirect?: string;
}

/**
 * Runs `code` with a `fetch` that records its arguments; a file the call
 * reads is taken from `files` (path to text), not from the disk.
 */
export async function runFetchCode(
  code: string,
  { files = {} }: { files?: Record<string, string> } = {},
): Promise<Asked> {
  assert.ok(code, "a call was written");
  const readFile = (path: string) => {
    assert.ok(Object.hasOwn(files, path), `the call reads ${path}`);
    return Promise.resolve(new TextEncoder().encode(files[path]));
  };
  let asked: Asked | null = null;
  const AsyncFunction = Object.getPrototypeOf(async () => {}).constructor;
  const stub = (url: string, init: Omit<Asked, "url">) => {
    new Request(url, init as RequestInit);
    asked = { url, ...init };
    return Promise.resolve(new Response(""));
  };
  await new AsyncFunction("fetch", "readFile", code.replace(READS, ""))(
    stub,
    readFile,
  );
  assert.ok(asked, "fetch was called");
  return asked;
}

/**
 * Runs `code` with Deno's own `fetch` and answers the response's text; a
 * file the call reads (path to text in `files`) is written to a temporary
 * folder and read from there, as the reader's own file would be.
 */
export async function runFetchForReal(
  code: string,
  { files = {} }: { files?: Record<string, string> } = {},
): Promise<string> {
  assert.ok(code, "a call was written");
  const dir = await Deno.makeTempDir({ prefix: "wirebench-fetch-" });
  try {
    let call = code.replace(/^await fetch\(/m, "const res = await fetch(") +
      "return await res.text();";
    for (const [i, [path, text]] of Object.entries(files).entries()) {
      await Deno.writeTextFile(`${dir}/${i}`, text);
      call = call.replaceAll(
        JSON.stringify(path),
        JSON.stringify(`${dir}/${i}`),
      );
    }
    const AsyncFunction = Object.getPrototypeOf(async () => {}).constructor;
    return await new AsyncFunction(call)();
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}
