import assert from "node:assert/strict";
import { announcement } from "./announce.ts";
import type { RunResponse } from "./run.ts";

function response(patch: Partial<RunResponse>): RunResponse {
  return {
    kind: "response",
    status: 200,
    statusText: "OK",
    headers: [],
    body: "",
    image: null,
    hex: null,
    bytes: 0,
    stream: false,
    redirected: false,
    url: "http://h/",
    ttfbMs: 5,
    ms: 15,
    cutOff: null,
    ...patch,
  };
}

/** [name, response, what the live region says] */
const CASES: [string, Partial<RunResponse>, string][] = [
  ["ok/with a phrase", {}, "Status 200 OK, 15 milliseconds."],
  [
    "ok/no phrase sent (HTTP/2): the registered one",
    { status: 404, statusText: "" },
    "Status 404 Not Found, 15 milliseconds.",
  ],
  [
    "ok/unregistered code without a phrase: no stray space",
    { status: 299, statusText: "" },
    "Status 299 Unassigned, 15 milliseconds.",
  ],
  [
    "ok/redirects followed",
    { redirected: true },
    "Status 200 OK, 15 milliseconds, after following redirects.",
  ],
];
for (const [name, patch, want] of CASES) {
  Deno.test(`announcement: ${name}`, () => {
    const said = announcement(response(patch), null, false);
    assert.equal(said, want);
    assert.doesNotMatch(said, / ,/);
  });
}
