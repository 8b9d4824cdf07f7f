import assert from "node:assert/strict";
import { specHref, specTarget } from "./spec_link.ts";

/** [name, change id, subject, target] */
const TARGETS: [string, string, string, ReturnType<typeof specTarget>][] = [
  [
    "a changed operation, in the revision",
    "request-property-became-required",
    "POST /pets",
    {
      side: "revision",
      method: "post",
      path: "/pets",
    },
  ],
  [
    "an added one, in the revision",
    "endpoint-added",
    "GET /pets/{petId}/owner",
    {
      side: "revision",
      method: "get",
      path: "/pets/{petId}/owner",
    },
  ],
  [
    "a removed one, in the base",
    "api-removed-without-deprecation",
    "DELETE /pets/{id}",
    {
      side: "base",
      method: "delete",
      path: "/pets/{id}",
    },
  ],
  [
    "a removed deprecated one, in the base",
    "api-removed-with-deprecation",
    "GET /old",
    {
      side: "base",
      method: "get",
      path: "/old",
    },
  ],
  [
    "a removed path, in the base",
    "api-path-removed-before-sunset",
    "PUT /a b",
    {
      side: "base",
      method: "put",
      path: "/a b",
    },
  ],
  [
    "an additional operation (3.2), its method lower-cased",
    "api-tag-added",
    "COPY /files",
    {
      side: "revision",
      method: "copy",
      path: "/files",
    },
  ],
  ["none: the document", "api-security-added", "", null],
  [
    "none: a webhook (a name, not a path)",
    "webhook-removed",
    "POST newPet",
    null,
  ],
  [
    "none: a callback",
    "request-property-removed",
    "POST {$request.body#/url} (callback `onEvent` of POST /subscribe)",
    null,
  ],
  [
    "none: a callback whose expression is a path",
    "request-property-removed",
    "POST /hook (callback `onEvent` of POST /subscribe)",
    null,
  ],
];

for (const [name, id, subject, want] of TARGETS) {
  Deno.test(`spec link: ${name}`, () => {
    assert.deepEqual(specTarget(id, subject), want);
  });
}

Deno.test("spec link: the viewer's deep link names the operation as its fragment reads it", () => {
  assert.equal(
    specHref("../spec", {
      side: "revision",
      method: "get",
      path: "/pets/{petId}",
    }),
    "../spec#op=get+%2Fpets%2F%7BpetId%7D",
  );
});
