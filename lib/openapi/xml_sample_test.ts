import assert from "node:assert/strict";
import { isXml, xmlSample } from "./xml_sample.ts";
import { parseSpec } from "./mod.ts";
import { RefResolver } from "./refs.ts";
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

Deno.test("xmlSample: the schema's XML Object (OpenAPI 3.2 §4.26)", () => {
  const schemas: Record<string, unknown> = {
    Tag: { type: "object", xml: { name: "tag" }, properties: { n: {} } },
    Person: {
      type: "object",
      properties: {
        id: { type: "integer", xml: { attribute: true } },
        name: {
          type: "string",
          xml: { namespace: "https://example.com/s", prefix: "sample" },
        },
      },
    },
    Base: {
      type: "object",
      properties: { a: { xml: { nodeType: "attribute" } } },
    },
  };
  const obj = (properties: Record<string, unknown>, xml?: unknown) => ({
    type: "object",
    properties,
    ...(xml ? { xml } : {}),
  });
  const strings = (xml?: unknown, items: Record<string, unknown> = {}) => ({
    type: "array",
    items: { type: "string", ...items },
    ...(xml ? { xml } : {}),
  });
  const deep: Record<string, unknown> = {};
  let at = deep;
  for (let i = 0; i < 100; i++) at = (at.d = {}) as Record<string, unknown>;
  const cases: [string, unknown, unknown, string][] = [
    [
      "ok/3.2 node types: attribute, name, cdata, wrapped array, text",
      obj({
        id: { type: "integer", xml: { nodeType: "attribute" } },
        name: { type: "string", xml: { name: "petName" } },
        note: { type: "string", xml: { nodeType: "cdata" } },
        tags: strings({ nodeType: "element", name: "tagList" }, {
          xml: { name: "tag" },
        }),
        text: { type: "string", xml: { nodeType: "text" } },
      }),
      { id: 7, name: "Rex", note: "a<b", tags: ["t1"], text: "body" },
      '<r id="7"><petName>Rex</petName><![CDATA[a<b]]>' +
      "<tagList><tag>t1</tag></tagList>body</r>",
    ],
    [
      "ok/3.0 attribute: true and a prefixed namespace, declared where used",
      { $ref: "#/components/schemas/Person" },
      { id: 123, name: "example" },
      '<r id="123">\n  <sample:name xmlns:sample="https://example.com/s">' +
      "example</sample:name>\n</r>",
    ],
    [
      "ok/an array is unwrapped by default, items named as the property",
      obj({ animals: strings() }),
      { animals: ["a", "b"] },
      "<r>\n  <animals>a</animals>\n  <animals>b</animals>\n</r>",
    ],
    [
      "ok/the items' name names them; the array's own name is ignored",
      obj({
        animals: strings({ name: "aliens" }, { xml: { name: "animal" } }),
      }),
      { animals: ["a"] },
      "<r>\n  <animal>a</animal>\n</r>",
    ],
    [
      "ok/3.0 wrapped: true without names: the same name in and out",
      obj({ animals: strings({ wrapped: true }) }),
      { animals: ["a"] },
      "<r>\n  <animals>\n    <animals>a</animals>\n  </animals>\n</r>",
    ],
    [
      "ok/3.0 wrapped: true with a name: the wrapper's, items take it too",
      obj({ animals: strings({ wrapped: true, name: "aliens" }) }),
      { animals: ["a"] },
      "<r>\n  <aliens>\n    <aliens>a</aliens>\n  </aliens>\n</r>",
    ],
    [
      "ok/a default namespace on the element that declares it",
      obj({ v: { type: "string", xml: { namespace: "urn:x" } } }),
      { v: "1" },
      '<r>\n  <v xmlns="urn:x">1</v>\n</r>',
    ],
    [
      "ok/the root's own namespace and prefix",
      obj({ v: {} }, { namespace: "urn:r", prefix: "p" }),
      { v: 1 },
      '<p:r xmlns:p="urn:r">\n  <v>1</v>\n</p:r>',
    ],
    [
      "ok/a $ref property: the component's xml name",
      obj({ t: { $ref: "#/components/schemas/Tag" } }),
      { t: { n: 1 } },
      "<r>\n  <tag>\n    <n>1</n>\n  </tag>\n</r>",
    ],
    [
      "ok/nodeType none: an object's members written in its parent",
      obj({
        inner: obj({ a: {}, b: { xml: { attribute: true } } }, {
          nodeType: "none",
        }),
      }),
      { inner: { a: 1, b: 2 } },
      '<r b="2">\n  <a>1</a>\n</r>',
    ],
    [
      "ok/allOf parts' properties",
      { allOf: [{ $ref: "#/components/schemas/Base" }, obj({ b: {} })] },
      { a: "x", b: "y" },
      '<r a="x">\n  <b>y</b>\n</r>',
    ],
    [
      "ok/attribute values escaped: quote, ampersand, less-than, line breaks",
      obj({ a: { xml: { nodeType: "attribute" } } }),
      { a: 'x"&<y\n\tz' },
      '<r a="x&quot;&amp;&lt;y&#10;&#9;z"></r>',
    ],
    [
      "ok/a CDATA section holding ]]> is split across two",
      obj({ c: { xml: { nodeType: "cdata" } } }),
      { c: "a]]>b" },
      "<r><![CDATA[a]]]]><![CDATA[>b]]></r>",
    ],
    [
      "ok/text with line breaks is not indented",
      obj({ o: obj({ t: {} }) }),
      { o: { t: "l1\nl2" } },
      "<r>\n  <o>\n    <t>l1\nl2</t>\n  </o>\n</r>",
    ],
    [
      "ok/a root array of named items",
      strings(undefined, { xml: { name: "s" } }),
      ["a", "b"],
      "<r>\n  <s>a</s>\n  <s>b</s>\n</r>",
    ],
    [
      "bad/an object cannot be an attribute: left out",
      obj({ a: { type: "object", xml: { nodeType: "attribute" } } }),
      { a: { x: 1 } },
      "<r></r>",
    ],
    [
      "bad/an unknown nodeType is an element",
      obj({ a: { xml: { nodeType: "comment" } } }),
      { a: 1 },
      "<r>\n  <a>1</a>\n</r>",
    ],
    [
      "bad/a prefix and name that are no XML names are made ones",
      obj({ a: { xml: { prefix: "p:q", name: "1 x" } } }),
      { a: 1 },
      "<r>\n  <p_q:_1_x>1</p_q:_1_x>\n</r>",
    ],
  ];
  for (const [name, schema, value, want] of cases) {
    const doc = { openapi: "3.2.0", components: { schemas } };
    const got = xmlSample(value, "r", schema, new RefResolver(doc));
    assert.equal(got, want, name);
  }
  // A value deeper than the bound is written to the bound, then left empty.
  const doc = { openapi: "3.2.0" };
  const got = xmlSample(deep, "r", { type: "object" }, new RefResolver(doc));
  assert.equal(got.split("<d>").length - 1, 64);
});

Deno.test("xmlSample: an XML body's cURL writes the schema's xml (attribute, name)", () => {
  const doc = {
    openapi: "3.2.0",
    info: { title: "t", version: "1" },
    paths: {
      "/a": {
        post: {
          requestBody: {
            content: {
              "application/xml": {
                schema: {
                  type: "object",
                  xml: { name: "pet" },
                  properties: {
                    id: {
                      type: "integer",
                      example: 7,
                      xml: { nodeType: "attribute" },
                    },
                    name: {
                      type: "string",
                      example: "Rex",
                      xml: { name: "petName" },
                    },
                  },
                },
              },
            },
          },
          responses: { 200: { description: "ok" } },
        },
      },
    },
  };
  const d = operationDetail(
    parseSpec(JSON.stringify(doc)),
    "paths",
    "/a",
    "post",
  )!;
  assert.match(d.curl, /<pet id="7">\n {2}<petName>Rex<\/petName>\n<\/pet>/);
});

Deno.test("xmlSample: bad/a carriage return in text or an attribute is written as &#13; (an XML reader turns a raw one into a line feed)", () => {
  const schema = {
    type: "object",
    properties: {
      id: { type: "string", xml: { attribute: true } },
      note: { type: "string" },
    },
  };
  const got = xmlSample(
    { id: "a\rb", note: "c\r\nd" },
    "r",
    schema,
    new RefResolver({ openapi: "3.2.0" }),
  );
  assert.match(got, /<r id="a&#13;b">/);
  assert.match(got, /<note>c&#13;\nd<\/note>/);
});
