import assert from "node:assert/strict";
import { useExample, withTerm } from "./view.ts";
import { tagTerm } from "../../lib/openapi/filter.ts";
import { renderHook } from "../../tests/helpers/hooks.ts";

Deno.test("spec chips: a tag or method toggles its terms in the filter", () => {
  assert.equal(withTerm("", "get"), "get");
  assert.equal(withTerm("pets GET", "get"), "pets");
  const shared = tagTerm("Shared Tag");
  assert.equal(shared, 'tag:"Shared Tag"');
  assert.equal(withTerm("get", shared), 'get tag:"Shared Tag"');
  assert.equal(withTerm('get tag:"shared tag"', shared), "get");
  assert.equal(withTerm("tag:PETS get", tagTerm("pets")), "get");
  // A quote left open is closed, so the term added stays its own, and a
  // second press removes it.
  const open = withTerm('tag:"a b', tagTerm("pets"));
  assert.equal(open, 'tag:"a b" tag:pets');
  assert.equal(withTerm(open, tagTerm("pets")), 'tag:"a b"');
  // A quote just opened holds no name yet: it goes, not becomes tag:"".
  assert.equal(withTerm('tag:"', tagTerm("pets")), "tag:pets");
  assert.equal(withTerm('get tag:"\\', tagTerm("pets")), "get tag:pets");
  // The words of a tag typed as text terms are not the tag term.
  assert.equal(withTerm("shared tag", shared), 'shared tag tag:"Shared Tag"');
});

Deno.test("spec example: an example that comes after another input was given is dropped, not loaded over it", async () => {
  let acts = 0;
  const loaded: string[] = [];
  let answer = (_: Response) => {};
  const realFetch = globalThis.fetch;
  globalThis.fetch = () => new Promise<Response>((r) => answer = r);
  try {
    await using run = await renderHook(
      () =>
        useExample(
          "/api/debug/openapi.json",
          (_t, n) => loaded.push(n),
          () => acts,
        ),
      {},
    );
    // Asked, and answered while nothing else happened: loaded.
    let done = run.current.load();
    answer(new Response("{}"));
    await run.act(() => done);
    assert.deepEqual(loaded, ["openapi.json"]);
    // Asked, then a file is picked before the answer: dropped.
    done = run.current.load();
    acts++;
    answer(new Response("{}"));
    await run.act(() => done);
    assert.deepEqual(loaded, ["openapi.json"]);
    assert.equal(run.current.busy, false);
    // Asked, a file picked, then the example fails: no error beside it.
    done = run.current.load();
    acts++;
    answer(new Response("", { status: 500 }));
    await run.act(() => done);
    assert.equal(run.current.error, "");
    // With nothing else given, a failure is said.
    done = run.current.load();
    answer(new Response("", { status: 500 }));
    await run.act(() => done);
    assert.match(run.current.error, /HTTP 500/);
  } finally {
    globalThis.fetch = realFetch;
  }
});

Deno.test("spec chips: a tag quote just opened, in any case, goes when a chip adds its term", () => {
  assert.equal(withTerm('Tag:"', tagTerm("pets")), "tag:pets");
});
