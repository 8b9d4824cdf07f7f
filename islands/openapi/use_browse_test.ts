/**
 * The browse hook keeps only the answer the open row asked for last, of
 * the spec shown: run with no DOM (tests/helpers/hooks.ts).
 */
import assert from "node:assert/strict";
import { renderHook } from "../../tests/helpers/hooks.ts";
import type { OperationDetail, SpecIndex } from "../../lib/openapi/types.ts";
import { useBrowse } from "./use_browse.ts";
import { endpoint } from "../../tests/helpers/endpoint.ts";
import type { OperationRef } from "./protocol.ts";

function charges(title: string): SpecIndex {
  const e = endpoint("post", "/v1/charges", "post /v1/charges");
  return { title, endpoints: [e] } as unknown as SpecIndex;
}

/** A page whose fragment is `hash` (Deno has no `location` unless told). */
function at(hash: string) {
  const g = globalThis as { location?: unknown };
  const before = Object.getOwnPropertyDescriptor(g, "location");
  Object.defineProperty(g, "location", {
    value: { hash },
    configurable: true,
  });
  return {
    [Symbol.dispose]() {
      if (before) Object.defineProperty(g, "location", before);
      else delete g.location;
    },
  };
}

Deno.test({
  name:
    "spec browse: the spec before's answer, come late, does not replace the new spec's for the same open operation",
  async fn() {
    using _ = at("#op=post+%2Fv1%2Fcharges");
    const asked: ((d: OperationDetail | null) => void)[] = [];
    const fetchDetail = (_op: OperationRef) =>
      new Promise<OperationDetail | null>((r) => asked.push(r));
    const a = charges("A"), b = charges("B");
    await using run = await renderHook(
      (index: SpecIndex) => useBrowse(index, fetchDetail),
      a,
    );
    assert.equal(asked.length, 1, "the open operation of A was asked for");
    assert.equal(run.current.detail, "loading");
    // B comes (its detail is quick: read on the page), A's answer later.
    await run.rerender(b);
    assert.equal(asked.length, 2, "and again of B");
    const ofB = { path: "/v1/charges", summary: "B's" } as OperationDetail;
    const ofA = { path: "/v1/charges", summary: "A's" } as OperationDetail;
    await run.act(() => asked[1](ofB));
    assert.equal(run.current.detail, ofB);
    await run.act(() => asked[0](ofA));
    assert.equal(run.current.detail, ofB, "not A's, nor 'Loading…' for good");
  },
});

Deno.test({
  name:
    "spec browse: a link naming a custom method in lower case opens the 3.2 additional operation written upper-case (compare's links write it so)",
  async fn() {
    using _ = at("#op=copy+%2Fpets%2F%7Bid%7D");
    const asked: OperationRef[] = [];
    const fetchDetail = (op: OperationRef) => {
      asked.push(op);
      return Promise.resolve(null);
    };
    const index = {
      title: "T",
      endpoints: [
        endpoint("get", "/pets/{id}", ""),
        endpoint("COPY", "/pets/{id}", ""),
      ],
    } as unknown as SpecIndex;
    await using _run = await renderHook(
      (i: SpecIndex) => useBrowse(i, fetchDetail),
      index,
    );
    // Asked for (again once the fragment is rewritten as the row's key).
    assert.ok(asked.length > 0, "the operation was asked for");
    for (const o of asked) {
      assert.deepEqual([o.method, o.path], ["COPY", "/pets/{id}"]);
    }
  },
});

Deno.test({
  name:
    "spec browse: an operation the address names that a file's first rows lack stays selected until the whole list comes, then opens",
  async fn() {
    using _ = at("#op=post+%2Fv1%2Fcharges");
    const asked: OperationRef[] = [];
    const fetchDetail = (op: OperationRef) => {
      asked.push(op);
      return Promise.resolve(null);
    };
    const head = {
      title: "T",
      endpoints: [endpoint("get", "/v1/accounts", "")],
    } as unknown as SpecIndex;
    await using run = await renderHook(
      (p: { index: SpecIndex; head: boolean }) =>
        useBrowse(p.index, fetchDetail, undefined, p.head),
      { index: head, head: true },
    );
    assert.equal(run.current.missing, "", "not said missing: it may come");
    await run.rerender({ index: charges("T"), head: false });
    assert.equal(run.current.selected, "post /v1/charges");
    assert.deepEqual(asked.map((o) => o.path), ["/v1/charges"]);
  },
});
