/** Redaction in XML and HTML: the secrets go, every other byte stays. */
import assert from "node:assert/strict";
import { type MarkupRedaction, redactMarkup } from "./markup_redact.ts";
import { cpuMs } from "../../tests/helpers/cpu_time.ts";

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
      '<wsse:Security><wsse:Username>ann</wsse:Username><wsse:Password Type="#PasswordText">hunter2</wsse:Password></wsse:Security>',
      '<wsse:Security><wsse:Username>ann</wsse:Username><wsse:Password Type="#PasswordText">R</wsse:Password></wsse:Security>',
    ],
    [
      "ok/an element of a secret name holding elements: all of its text goes, as a JSON member's whole value does",
      "<wsse:UsernameToken><wsse:Username>ann</wsse:Username><Token><Value>v</Value><!--c--></Token></wsse:UsernameToken><after>x</after>",
      "<wsse:UsernameToken><wsse:Username>R</wsse:Username><Token><Value>R</Value><!--c--></Token></wsse:UsernameToken><after>x</after>",
    ],
    [
      "ok/CDATA goes whole, with white space or a comment around it; text keeps its white space",
      "<a><access_token>\n <![CDATA[x<y]b]]> </access_token><refresh_token>\n  abc\n</refresh_token ><password>s3<!--x--></password></a>",
      "<a><access_token>\n R </access_token><refresh_token>\n  R\n</refresh_token ><password>R<!--x--></password></a>",
    ],
    [
      "ok/an attribute of a secret name, either quote, spaces around = kept",
      `<c token = "abc" id='1' x_token='def'/>`,
      `<c token = "R" id='1' x_token='R'/>`,
    ],
    [
      "ok/empty, self-closing and already redacted stay",
      '<password></password><password/><password>  </password><token>R</token><x token=""><y token="R">',
      '<password></password><password/><password>  </password><token>R</token><x token=""><y token="R">',
    ],
    [
      "ok/a secret word as text or an attribute's value is no secret",
      '<note kind="password">token</note>',
      '<note kind="password">token</note>',
    ],
    [
      "ok/an end tag that closes nothing is ignored; one closes what is left open inside",
      "<password>a</b><c>d</password>e<token><x>f</token>g",
      "<password>R</b><c>R</password>e<token><x>R</token>g",
    ],
    [
      "ok/a `<` that starts no markup is text: one value",
      "<Password>abc < def</Password><p>1 <2</p>",
      "<Password>R</Password><p>1 <2</p>",
    ],
    [
      "ok/a self-closing secret element holds nothing after it",
      "<Token/><Name>bob</Name>",
      "<Token/><Name>bob</Name>",
    ],
    [
      "ok/nested elements of one name close in order",
      "<a><a><token>t1</token></a>x</a><b>y</b>",
      "<a><a><token>R</token></a>x</a><b>y</b>",
    ],
    [
      "ok/XML's title and script are elements, not raw text",
      "<script><password>p1</password></script><title>t</title>",
      "<script><password>R</password></script><title>t</title>",
    ],
    [
      "ok/a namespace declaration is a URI, whatever its prefix",
      '<a xmlns:password="urn:x" password="p"/>',
      '<a xmlns:password="urn:x" password="R"/>',
    ],
    [
      "ok/a `>` inside a quoted value ends no tag",
      '<a title="1>2" password="secret">',
      '<a title="1>2" password="R">',
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
      "ok/unquoted values, as minified HTML writes them",
      "<meta name=csrf-token content=abc123><input name=_token value=abc123 >",
      "<meta name=csrf-token content=R><input name=_token value=R >",
    ],
    [
      "ok/a meta tag by property; a field naming a parameter or header names no secret",
      '<meta property="x:token" content="abc"><meta name="csrf-param" content="authenticity_token"><meta name="_csrf_header" content="X-CSRF-TOKEN">',
      '<meta property="x:token" content="R"><meta name="csrf-param" content="authenticity_token"><meta name="_csrf_header" content="X-CSRF-TOKEN">',
    ],
    [
      "ok/a script's text is no markup",
      '<script>if (a<input) x = "<input name=token value=abc>";</script><input name=token value=def>',
      '<script>if (a<input) x = "<input name=token value=abc>";</script><input name=token value=R>',
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

Deno.test("markup redact: told of each value replaced (CDATA's content only), none already replaced; the text itself when nothing is", () => {
  const none: string[] = [];
  redactMarkup('<a password="R"><token>R</token></a>', how(none), "R", true);
  assert.deepEqual(none, []);
  const log: string[] = [];
  redactMarkup(
    '<a password="p1"><token><![CDATA[t1]]></token><input name="token" value="v1"></a>',
    how(log),
    "R",
    true,
  );
  assert.deepEqual(log, ["p1", "t1", "v1"]);
  const plain = "<a><b>text</b></a>";
  assert.equal(redactMarkup(plain, how(), "R", true), plain);
});

Deno.test("markup redact: a megabyte of unclosed tags, quotes, CDATA, scripts or attribute names takes linear time", () => {
  for (
    const text of [
      "<password>".repeat(100_000),
      "<a x='".repeat(100_000),
      "<token><![CDATA[".repeat(60_000),
      "<a =" + "y".repeat(1_000_000) + ">",
      "<a " + "x=".repeat(500_000),
      '<a x="'.repeat(200_000),
      "<script>".repeat(100_000),
      "<p>" + "<password>".repeat(50_000) + "</x>".repeat(50_000),
    ]
  ) {
    const ms = cpuMs(() => {
      redactMarkup(text, how(), "R", true);
    });
    assert.ok(ms < 1000, text.slice(0, 20));
  }
});
