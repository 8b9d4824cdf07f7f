import assert from "node:assert/strict";
import { harDoc, parsedHar } from "../../tests/helpers/har_doc.ts";
import { parseHarText } from "./parse.ts";
import { countHarSecrets } from "./secrets.ts";

Deno.test("secrets: cookies, credentials and tokens are counted", () => {
  const h = parsedHar([
    {
      url: "https://x/?access_token=abc&page=1",
      requestHeaders: [
        { name: "Cookie", value: "sid=1" },
        { name: "Authorization", value: "Bearer abc" },
      ],
    },
    { responseHeaders: [{ name: "Set-Cookie", value: "sid=2; Path=/" }] },
    {},
  ]);
  const n = countHarSecrets(h.raw);
  assert.ok(n.cookies >= 2, JSON.stringify(n));
  assert.equal(n.authorization, 1);
  assert.ok(n.tokens >= 1, JSON.stringify(n));
  assert.deepEqual(countHarSecrets(parsedHar([{}]).raw), {
    cookies: 0,
    authorization: 0,
    tokens: 0,
  });
});

Deno.test("secrets: the banner counts each cookie, proxy credentials, and tokens by their look", () => {
  const jwt =
    "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U";
  const doc = harDoc([{
    requestHeaders: [
      { name: "Cookie", value: "a=1; flag; b=2;" },
      { name: "Proxy-Authorization", value: "Basic abcdefghijk" },
      { name: "X-Foo", value: "Bearer abcdefghijk" },
    ],
    responseHeaders: [{ name: "Set-Cookie", value: "x=1\ny=2" }],
  }, { url: `https://a.test/?q=${jwt}` }]);
  const { doc: d } = parseHarText(JSON.stringify(doc));
  assert.deepEqual(d.secrets, { cookies: 4, authorization: 1, tokens: 2 });
});
