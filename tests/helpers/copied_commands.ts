/**
 * An operation's copied commands (Copy as cURL, fetch and Python) run for
 * real against the debug API, each by its own client: curl with bash,
 * Deno's `fetch`, python3 with requests.
 */
import assert from "node:assert/strict";
import { runCurlCommand } from "./curl.ts";
import { runFetchForReal } from "./fetch_stub.ts";
import { runPython } from "./python.ts";

/** The three commands of an operation's detail. */
export interface CopiedCommands {
  curl: string;
  fetch: string;
  python: string;
}

/**
 * What `read` makes of each command's response, asserted the same for the
 * three (the fetch call and the Python script send what the cURL command
 * sends), answered once; `files` (path to text) are the files the
 * commands read, written where each runs.
 */
export async function sameFromAll<T>(
  d: CopiedCommands,
  read: (response: string) => T,
  files: Record<string, string> = {},
): Promise<T> {
  const byCurl = read(await runCurlCommand(d.curl, files));
  assert.deepEqual(
    read(await runFetchForReal(d.fetch, { files })),
    byCurl,
    "the fetch call sends what the cURL command sends",
  );
  assert.deepEqual(
    read(await runPython(d.python, { files })),
    byCurl,
    "the Python script sends what the cURL command sends",
  );
  return byCurl;
}
