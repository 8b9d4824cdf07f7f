import assert from "node:assert/strict";
import { isXml, xmlSample } from "./xml_sample.ts";
import { parseSpec } from "./mod.ts";
import { operationDetail } from "./detail.ts";

Deno.test("xmlSample: members as elements, items repeated, text escaped", () => {
  assert.equal(
    xmlSample(
      { id: 1, name: "a<b", tags: ["x", "y"], owner: { n: null } },
      "Pet",
    ),
    [
      "<Pet>",
      "  <id>1</id>",
      "  <name>a&lt;b</name>",
      "  <tags>x</tags>",
      "  <tags>y</tags>",
      "  <owner>",
      "    <n></n>",
      "  </owner>",
      "</Pet>",
    ].join("\n"),
  );
  assert.equal(xmlSample([1], "list"), "<list>\n  <item>1</item>\n</list>");
  assert.equal(
    xmlSample({ "1 bad name": 0 }, "r"),
    "<r>\n  <_1_bad_name>0</_1_bad_name>\n</r>",
  );
});

Deno.test("isXml: XML media types", () => {
  const cases: [string, boolean][] = [
    ["application/xml", true],
    ["text/xml; charset=utf-8", true],
    ["application/atom+xml", true],
    ["application/json", false],
    ["application/xml-dtd", false],
  ];
  for (const [t, want] of cases) assert.equal(isXml(t), want, t);
});

Deno.test("xmlSample: an XML body's cURL sends XML, its root the schema's name", () => {
  const doc = {
    openapi: "3.1.0",
    info: { title: "t", version: "1" },
    paths: {
      "/a": {
        post: {
          requestBody: {
            content: {
              "application/xml": {
                schema: { $ref: "#/components/schemas/Pet" },
              },
            },
          },
          responses: { 200: { description: "ok" } },
        },
      },
    },
    components: {
      schemas: {
        Pet: { type: "object", properties: { n: { type: "string" } } },
      },
    },
  };
  const d = operationDetail(
    parseSpec(JSON.stringify(doc)),
    "paths",
    "/a",
    "post",
  )!;
  assert.match(d.curl, /Content-Type: application\/xml/);
  assert.match(d.curl, /<Pet>/);
  assert.doesNotMatch(d.curl, /\{"n"/);
});
