/** The per-document memo: once per object, never shared between documents. */
import assert from "node:assert/strict";
import { RefResolver } from "./refs.ts";
import { cpuMs } from "../../tests/helpers/cpu_time.ts";

Deno.test("refs: a resolver's memo answers once per object, and two documents never share answers", () => {
  const shared = ["a"];
  const one = new RefResolver({});
  const two = new RefResolver({});
  let made = 0;
  const make = (list: string[]) => `${++made}:${list.length}`;
  assert.equal(one.memo.get("t", shared, make), "1:1");
  assert.equal(one.memo.get("t", shared, make), "1:1");
  // Another table, or another document's memo, computes its own answer.
  assert.equal(one.memo.get("u", shared, make), "2:1");
  assert.equal(two.memo.get("t", shared, make), "3:1");
  assert.equal(made, 3);
});

Deno.test("refs: a plain-name reference finds the first anchor of that name in document order", () => {
  const doc = {
    components: {
      schemas: {
        Tree: { $dynamicAnchor: "node", title: "first" },
        Strict: { $dynamicAnchor: "node", title: "second" },
        List: [{ $anchor: "item", title: "one" }, {
          $anchor: "item",
          title: "two",
        }],
      },
    },
  };
  const r = new RefResolver(doc);
  assert.equal(
    (r.deref({ $dynamicRef: "#node" }).value as { title: string }).title,
    "first",
  );
  assert.equal(
    (r.deref({ $ref: "#item" }).value as { title: string }).title,
    "one",
  );
});

Deno.test("refs: ok/a reference naming the document by its $self, or a schema by its $id, is local", () => {
  const pet = { $id: "https://x.test/schemas/pet", title: "Pet" };
  const doc = {
    $self: "https://x.test/api/openapi.yaml",
    components: {
      schemas: {
        S: { title: "S", properties: { inner: { $id: "inner", title: "In" } } },
        Pet: pet,
      },
    },
  };
  const r = new RefResolver(doc);
  for (
    const [ref, want] of [
      ["#/components/schemas/S", "#/components/schemas/S"],
      [
        "https://x.test/api/openapi.yaml#/components/schemas/S",
        "#/components/schemas/S",
      ],
      ["openapi.yaml#/components/schemas/S", "#/components/schemas/S"],
      ["https://x.test/api/openapi.yaml", "#"],
      ["https://x.test/schemas/pet", "#/components/schemas/Pet"],
      ["../schemas/pet#/title", "#/components/schemas/Pet/title"],
      // A relative $id is read against the $self around it.
      [
        "https://x.test/api/inner",
        "#/components/schemas/S/properties/inner",
      ],
      ["https://x.test/schemas/pet#node", "#node"],
      ["other.yaml#/components/schemas/S", "other.yaml#/components/schemas/S"],
      ["https://elsewhere.test/pet", "https://elsewhere.test/pet"],
    ]
  ) assert.equal(r.local(ref), want, ref);
  assert.equal(r.deref({ $ref: "https://x.test/schemas/pet" }).value, pet);
  assert.equal(r.deref({ $ref: "../schemas/pet#/title" }).value, "Pet");
  assert.match(
    r.deref({ $ref: "other.yaml#/x" }).error ?? "",
    /points to another file/,
  );
});

Deno.test("refs: ok/a relative $self still names the document, its references read against it", () => {
  const p = { name: "p", in: "query" };
  const doc = {
    $self: "/apis/pets/openapi.yaml",
    components: { parameters: { P: p } },
  };
  const r = new RefResolver(doc);
  for (
    const [ref, want] of [
      ["openapi.yaml#/components/parameters/P", "#/components/parameters/P"],
      ["./openapi.yaml#/components/parameters/P", "#/components/parameters/P"],
      [
        "/apis/pets/openapi.yaml#/components/parameters/P",
        "#/components/parameters/P",
      ],
      // Another file beside it, or the same path on a real host, is not it.
      [
        "other.yaml#/components/parameters/P",
        "other.yaml#/components/parameters/P",
      ],
      [
        "https://api.example.com/apis/pets/openapi.yaml#/x",
        "https://api.example.com/apis/pets/openapi.yaml#/x",
      ],
    ]
  ) assert.equal(r.local(ref), want, ref);
  assert.equal(
    r.deref({ $ref: "openapi.yaml#/components/parameters/P" }).value,
    p,
  );
});

Deno.test("refs: bad/without $self a relative reference is another file, and an $id names nothing unless absolute", () => {
  const r = new RefResolver({
    components: { schemas: { A: { $id: "a" }, B: { $id: "urn:x:b" } } },
  });
  assert.equal(r.local("a"), "a");
  assert.equal(r.local("urn:x:b"), "#/components/schemas/B");
  assert.equal(r.local("https://x.test/a"), "https://x.test/a");
});

Deno.test("refs: ok/a plain-name reference reads as the pointer of its anchor, so it is named and located as any other", () => {
  const doc = {
    components: {
      schemas: { Tree: { $dynamicAnchor: "node", properties: {} } },
    },
  };
  const r = new RefResolver(doc);
  assert.equal(r.local("#node"), "#/components/schemas/Tree");
  assert.equal(r.local("#nothing"), "#nothing");
  const d = r.deref({ $dynamicRef: "#node" });
  assert.equal(d.ref, "#/components/schemas/Tree");
  assert.equal(d.value, doc.components.schemas.Tree);
  assert.match(r.deref({ $ref: "#nothing" }).error ?? "", /points to nothing/);
});

Deno.test("refs: ok/an anchor or $id under a key holding % is found where it is", () => {
  const node = { $anchor: "node", title: "n" };
  const pet = { $id: "urn:x:pet", title: "p" };
  const r = new RefResolver({
    paths: { "/files/%7Bid%7D": { x: node } },
    components: { schemas: { "A%20B": pet } },
  });
  assert.equal(r.deref({ $ref: "#node" }).value, node);
  assert.equal(r.deref({ $ref: "urn:x:pet" }).value, pet);
});

Deno.test("refs: ok/$ids: the first of a URI wins, a trailing # names the same, the document's own root $id is no schema", () => {
  const first = { $id: "urn:x:a#", title: "first" };
  const second = { $id: "urn:x:a", title: "second" };
  const r = new RefResolver({
    $id: "urn:x:root",
    components: { schemas: { A: first, B: second } },
  });
  assert.equal(r.local("urn:x:a"), "#/components/schemas/A");
  assert.equal(r.pointer("urn:x:a"), first);
  assert.equal(r.pointer("#/components/schemas/B"), second);
  assert.equal(r.local("urn:x:root"), "urn:x:root");
});

Deno.test("refs: ok/pointer() reads $self, $id and anchor references as deref does", () => {
  const node = { $anchor: "node" };
  const r = new RefResolver({
    $self: "https://x.test/a.json",
    components: { schemas: { N: node } },
  });
  assert.equal(r.pointer("#node"), node);
  assert.equal(r.pointer("a.json#/components/schemas/N"), node);
});

Deno.test("refs: ok/a rebased resolver reads the anchors and $ids of the whole document", () => {
  const piece = { components: { schemas: {} } };
  const whole = {
    components: { schemas: { N: { $anchor: "node" }, P: { $id: "urn:p" } } },
  };
  const r = new RefResolver(piece);
  assert.equal(r.pointer("#node"), undefined);
  assert.equal(r.local("urn:p"), "urn:p");
  r.rebase(whole);
  assert.equal(r.pointer("#node"), whole.components.schemas.N);
  assert.equal(r.local("urn:p"), "#/components/schemas/P");
});

Deno.test("refs: ok/a reference inside a schema with its own $id is read against that $id (JSON Schema 2020-12 §8.2.1): its $defs, a sibling resource", () => {
  const home = { $ref: "address" };
  const work = { $ref: "#/$defs/loc" };
  const list = { $ref: "list" };
  const doc = {
    components: {
      schemas: {
        Person: {
          $id: "https://example.com/schemas/person",
          properties: { home, work },
          $defs: { loc: { type: "string", format: "uri" } },
        },
        Address: { $id: "https://example.com/schemas/address", title: "A" },
      },
    },
  };
  const r = new RefResolver(doc);
  assert.deepEqual(r.deref(home).value, doc.components.schemas.Address);
  assert.equal(r.deref(home).ref, "#/components/schemas/Address");
  assert.deepEqual(r.deref(work).value, { type: "string", format: "uri" });
  // Not inside a resource: the document's reading stands, and says why.
  assert.match(r.deref(list).error ?? "", /another file/);
  assert.match(
    r.deref({ $ref: "#/$defs/loc" }).error ?? "",
    /points to nothing/,
  );
});

Deno.test("refs: a chain of references is walked once, not once per link; each link's end, a missing end and a cycle read as before", () => {
  const n = 2_000;
  const chain = (end: unknown, id = false) => {
    const schemas: Record<string, unknown> = {};
    for (let i = 0; i < n; i++) {
      schemas[`s${i}`] = id
        ? { $id: `https://e.x/s${i}`, $ref: `s${i + 1}`, maxLength: i }
        : { $ref: `#/components/schemas/s${i + 1}`, description: `${i}` };
    }
    schemas[`s${n}`] = end;
    return { openapi: "3.1.0", components: { schemas } };
  };
  for (
    const [name, doc, value, ref, error] of [
      [
        "ok/pointers",
        chain({ type: "string" }),
        { type: "string" },
        `#/components/schemas/s${n}`,
        undefined,
      ],
      [
        "ok/$id-relative",
        chain({ $id: `https://e.x/s${n}`, type: "string" }, true),
        { $id: `https://e.x/s${n}`, type: "string" },
        `#/components/schemas/s${n}`,
        undefined,
      ],
      [
        "bad/missing end",
        chain({ $ref: "#/nowhere" }),
        { $ref: "#/nowhere" },
        "#/nowhere",
        '$ref "#/nowhere" points to nothing in this document',
      ],
    ] as const
  ) {
    const r = new RefResolver(doc);
    let hops = 0;
    const localIn = r.localIn.bind(r);
    r.localIn = (holder, s) => (hops++, localIn(holder, s));
    const schemas = doc.components.schemas;
    // Entered at every link, as the viewer's schema graph enters each
    // named schema: each link's reference read once in all.
    for (let i = 0; i < n; i++) {
      const d = r.deref(schemas[`s${i}`]);
      assert.deepEqual(d.value, value, name);
      assert.equal(d.ref, ref, name);
      assert.equal(d.error, error, name);
    }
    assert.ok(hops <= n + 1, `${name}: ${hops} references read`);
    // Entered from its tail first, each link met once too (a link's end
    // remembered for the links walked before it).
    const back = new RefResolver(doc);
    let backHops = 0;
    const backIn = back.localIn.bind(back);
    back.localIn = (holder, s) => (backHops++, backIn(holder, s));
    for (let i = n - 1; i >= 0; i--) back.deref(schemas[`s${i}`]);
    assert.ok(backHops <= n + 1, `${name} from the tail: ${backHops}`);
    // Shared between callers: frozen, so none can change another's answer.
    assert.ok(Object.isFrozen(back.deref(schemas.s0)), name);
  }
  // A cycle names the reference where it was entered, from any link.
  const cycle = new RefResolver({
    a: { $ref: "#/b" },
    b: { $ref: "#/c" },
    c: { $ref: "#/a" },
  });
  assert.equal(
    cycle.deref({ $ref: "#/b" }).error,
    '$ref "#/b" is part of a reference cycle',
  );
  assert.equal(
    cycle.deref({ $ref: "#/c" }).error,
    '$ref "#/c" is part of a reference cycle',
  );
});

Deno.test("refs: an $id resolving past 4,096 characters names nothing, so $ids nested thousands deep cost no more than that each", () => {
  const long = `https://e.x/${"a".repeat(5_000)}`;
  const r = new RefResolver({
    openapi: "3.1.0",
    components: {
      schemas: {
        Short: { $id: "https://e.x/short", type: "string" },
        Long: { $id: long, type: "integer" },
      },
    },
  });
  assert.deepEqual(r.deref({ $ref: "https://e.x/short" }).value, {
    $id: "https://e.x/short",
    type: "string",
  });
  assert.match(r.deref({ $ref: long }).error ?? "", /another file/);
  // `$id: a/` nested 9,000 deep: each level's base one step longer.
  let s: Record<string, unknown> = { type: "string" };
  for (let i = 0; i < 9_000; i++) s = { $id: "a/", properties: { p: s } };
  const deep = new RefResolver({
    openapi: "3.1.0",
    $self: "https://e.x/",
    components: { schemas: { S: s } },
  });
  const ms = cpuMs(() => {
    deep.deref({ $ref: "https://e.x/nothing" });
    // Quadratic, this took seconds; bounded, well under one.
  });
  assert.ok(ms < 1_000, `${ms} ms`);
  // The first levels are named as ever: S is `a/`, its property `a/a/`.
  assert.equal(
    deep.deref({ $ref: "https://e.x/a/a/" }).value,
    (s.properties as Record<string, unknown>).p,
  );
});
