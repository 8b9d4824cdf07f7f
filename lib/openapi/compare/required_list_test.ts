import assert from "node:assert/strict";
import { requiredListPointer } from "./required_list.ts";

/** The value at an RFC 6901 pointer of `doc`, undefined where there is none. */
function reader(doc: unknown): (pointer: string) => unknown {
  return (pointer) => {
    let cur = doc;
    for (const raw of pointer.slice(1).split("/")) {
      const key = raw.replace(/~1/g, "/").replace(/~0/g, "~");
      if (cur === null || typeof cur !== "object" || !Object.hasOwn(cur, key)) {
        return undefined;
      }
      cur = (cur as Record<string, unknown>)[key];
    }
    return cur;
  };
}

const S = "/components/schemas";

/** [name, schemas, property pointer, the required list's pointer] */
const CASES: [string, Record<string, unknown>, string, string | null][] = [
  [
    "its object's list names it",
    { P: { required: ["name", "tag"], properties: { tag: {} } } },
    `${S}/P/properties/tag`,
    `${S}/P/required`,
  ],
  [
    "became optional: its object's list, which no longer names it",
    { P: { required: ["name"], properties: { tag: {} } } },
    `${S}/P/properties/tag`,
    `${S}/P/required`,
  ],
  [
    "became optional, its object's list gone: none",
    { P: { properties: { tag: {} } } },
    `${S}/P/properties/tag`,
    null,
  ],
  [
    "declared in an allOf part, required by the object holding the allOf",
    { P: { required: ["tag"], allOf: [{ properties: { tag: {} } }] } },
    `${S}/P/allOf/0/properties/tag`,
    `${S}/P/required`,
  ],
  [
    "declared in an allOf part, required by another part",
    {
      P: {
        allOf: [{ required: ["id"], properties: { tag: {} } }, {
          required: ["tag"],
        }],
      },
    },
    `${S}/P/allOf/0/properties/tag`,
    `${S}/P/allOf/1/required`,
  ],
  [
    "declared in an allOf part, named nowhere: its own part's list first",
    {
      P: {
        required: ["x"],
        allOf: [{ required: ["id"], properties: { tag: {} } }],
      },
    },
    `${S}/P/allOf/0/properties/tag`,
    `${S}/P/allOf/0/required`,
  ],
  [
    "a name with / and ~, escaped in the pointer",
    { P: { required: ["a/b~c"], properties: { "a/b~c": {} } } },
    `${S}/P/properties/a~1b~0c`,
    `${S}/P/required`,
  ],
  [
    "a property named properties",
    { P: { required: ["properties"], properties: { properties: {} } } },
    `${S}/P/properties/properties`,
    `${S}/P/required`,
  ],
  [
    "not a property's pointer (a Swagger 2.0 form field): none",
    { P: { required: ["tag"] } },
    "/paths/~1a/post/parameters/1",
    null,
  ],
  [
    "a required that is not a list: none",
    { P: { required: "tag", properties: { tag: {} } } },
    `${S}/P/properties/tag`,
    null,
  ],
];

for (const [name, schemas, property, want] of CASES) {
  Deno.test(`required list: ${name}`, () => {
    const doc = { components: { schemas } };
    assert.equal(requiredListPointer(property, reader(doc)), want);
  });
}
