import assert from "node:assert/strict";
import { parsedHar } from "../../tests/helpers/har_doc.ts";
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
