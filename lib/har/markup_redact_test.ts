/** Redaction in XML and HTML: the secrets go, every other byte stays. */
import assert from "node:assert/strict";
import { type MarkupRedaction, redactMarkup } from "./markup_redact.ts";

/** Names containing "token" or "password" are secret. */
function how(log: string[] = []): MarkupRedaction {
  return {
    secretName: (n) => /token|password/i.test(n),
    redacted: (raw) => log.push(raw),
  };
}

Deno.test("markup redact: ok/XML, the text of secret elements and the values of secret attributes", () => {
  const CASES: [string, string, string][] = [
    [
      "ok/a WS-Security password, prefixed, with attributes",
      '<wsse:UsernameToken><wsse:Username>ann</wsse:Username><wsse:Password Type="#PasswordText">hunter2</wsse:Password></wsse:UsernameToken>',
      '<wsse:UsernameToken><wsse:Username>ann</wsse:Username><wsse:Password Type="#PasswordText">R</wsse:Password></wsse:UsernameToken>',
    ],
    [
      "ok/CDATA goes whole; an element holding elements is entered, not replaced",
      "<a><access_token><![CDATA[x<y]]></access_token><refresh_token>\n  abc\n</refresh_token ></a>",
      "<a><access_token>R</access_token><refresh_token>R</refresh_token ></a>",
    ],
    [
      "ok/an attribute of a secret name, either quote, spaces around = kept",
      `<c token = "abc" id='1' x_token='def'/>`,
      `<c token = "R" id='1' x_token='R'/>`,
    ],
    [
      "ok/empty, self-closing and already redacted stay",
      '<password></password><password/><password>  </password><token>R</token><x token="">',
      '<password></password><password/><password>  </password><token>R</token><x token="">',
    ],
    [
      "ok/a secret word as text or an attribute's value is no secret",
      '<note kind="password">token</note>',
      '<note kind="password">token</note>',
    ],
    [
      "ok/the closing tag must match: no reading across elements",
      "<password>a</b><c>d</password>",
      "<password>a</b><c>d</password>",
    ],
  ];
  for (const [name, text, want] of CASES) {
    assert.equal(redactMarkup(text, how(), "R", true), want, name);
  }
});

Deno.test("markup redact: ok/HTML, hidden fields and meta tags by their name; elements not read by name", () => {
  const CASES: [string, string, string][] = [
    [
      "ok/a hidden field (Django, Rails)",
      '<input type="hidden" name="csrf_token" value="abc123">',
      '<input type="hidden" name="csrf_token" value="R">',
    ],
    [
      "ok/the value before the name",
      "<INPUT VALUE='abc123' NAME='authenticity_token'>",
      "<INPUT VALUE='R' NAME='authenticity_token'>",
    ],
    [
      "ok/a meta tag",
      '<meta name="csrf-token" content="abc123" />',
      '<meta name="csrf-token" content="R" />',
    ],
    [
      "ok/a field of another name keeps its value; a data attribute of a secret name goes",
      '<input name="q" value="abc"><div data-session-token="xyz">',
      '<input name="q" value="abc"><div data-session-token="R">',
    ],
    [
      "ok/an element named like a secret is markup in HTML",
      "<password>x</password><p>Your password</p>",
      "<password>x</password><p>Your password</p>",
    ],
  ];
  for (const [name, text, want] of CASES) {
    assert.equal(redactMarkup(text, how(), "R", false), want, name);
  }
});

Deno.test("markup redact: told of each value replaced (CDATA's content only); the text itself when nothing is", () => {
  const log: string[] = [];
  redactMarkup(
    '<a password="p1"><token><![CDATA[t1]]></token><input name="token" value="v1"></a>',
    how(log),
    "R",
    true,
  );
  assert.deepEqual(log, ["p1", "v1", "t1"]);
  const plain = "<a><b>text</b></a>";
  assert.equal(redactMarkup(plain, how(), "R", true), plain);
});

Deno.test("markup redact: a megabyte of unclosed tags and CDATA takes linear time", () => {
  for (
    const text of [
      "<password>".repeat(100_000),
      "<a x='".repeat(100_000),
      "<token><![CDATA[".repeat(60_000),
    ]
  ) {
    const t0 = performance.now();
    redactMarkup(text, how(), "R", true);
    assert.ok(performance.now() - t0 < 2000, text.slice(0, 20));
  }
});
