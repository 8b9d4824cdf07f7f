import assert from "node:assert/strict";
import { type AuthChallenge, parseChallenges } from "./auth_challenges.ts";

/** [name, header, challenges as "scheme|params", or null] */
const CASES: [string, string | null, string[] | null][] = [
  ["none", null, null],
  ["a scheme alone", "Negotiate", ["Negotiate|"]],
  ["a token68", "Negotiate YIIx==", ["Negotiate|YIIx=="]],
  [
    "RFC 9110 §11.6.1's example",
    'Basic realm="simple", Newauth realm="apps", type=1, title="Login to \\"apps\\""',
    [
      'Basic|realm="simple"',
      'Newauth|realm="apps", type=1, title="Login to \\"apps\\""',
    ],
  ],
  [
    "commas inside a quoted-string, BWS around =",
    'Digest realm = "a, b", qop="auth, auth-int"',
    ['Digest|realm = "a, b", qop="auth, auth-int"'],
  ],
  ["empty elements skipped", ", Basic realm=x,, ", ["Basic|realm=x"]],
  ["a parameter before any scheme", "realm=x, Basic", null],
  ["an unclosed quote", 'Basic realm="x', null],
  ["an escape at the end", 'Basic realm="x\\', null],
  ["not a token", "Basic realm=x, @", null],
  ["over the bound", `Basic realm=${"x".repeat(200)}`, null],
];
for (const [name, header, want] of CASES) {
  Deno.test(`parseChallenges: ${name}`, () => {
    const got = parseChallenges(header, 200);
    assert.deepEqual(
      got?.map((c: AuthChallenge) => `${c.scheme}|${c.params}`) ?? null,
      want,
    );
  });
}
