import assert from "node:assert/strict";
import { commandCopy } from "./copy_what.ts";
import { entryCommands } from "../../lib/har/commands.ts";
import { CURL_CHARS } from "../../lib/har/commands.ts";

Deno.test("commandCopy: the status line says each command's own note, not one reason for all", () => {
  const get = { method: "GET", url: "https://a.test/", headers: [] };
  const cases: [string, Record<string, unknown>, string, string][] = [
    ["whole", get, "curl", "cURL command"],
    ["whole", get, "fetch", "fetch call"],
    ["whole", get, "python", "Python script"],
    [
      "a body the file did not save is not called too large",
      { ...get, method: "POST", bodySize: 12 },
      "curl",
      "cURL command (The request body (12 B) was not saved in this HAR file: the command sends none)",
    ],
    [
      "a body too large",
      {
        ...get,
        method: "POST",
        postData: { mimeType: "text/plain", text: "x".repeat(CURL_CHARS) },
      },
      "curl",
      `cURL command (The request body (${
        CURL_CHARS + 10
      } characters) is too large to copy: the command leaves it out)`,
    ],
  ];
  for (const [name, request, kind, what] of cases) {
    const commands = entryCommands(
      { request },
      String(request.method),
      String(request.url),
    );
    const got = commandCopy(commands, kind as "curl" | "fetch" | "python");
    assert.equal(got.what, what, name);
    assert.equal(got.text, commands[kind as "curl"], name);
  }
});
