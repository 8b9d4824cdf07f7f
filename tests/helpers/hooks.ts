/**
 * Runs a Preact hook in Deno, with no DOM: the hook's component renders
 * nothing, so a bare stand-in for its parent node is all `render` touches.
 * `act` (preact/test-utils) flushes renders and effects at once, so a test
 * steps through a hook's life deterministically, without timers.
 */
import { h, render } from "preact";
import { act } from "preact/test-utils";

/** The hook's latest result, and how to drive and end it. */
export interface HookRun<P, R> {
  /** What the hook returned on its latest render. */
  readonly current: R;
  /** Renders again with `props`. */
  rerender(props: P): Promise<void>;
  /** Runs `f` (and what it sets off) inside `act`. */
  act(f: () => unknown): Promise<void>;
  /** Unmounts: the hook's cleanups run. */
  [Symbol.asyncDispose](): Promise<void>;
}

/** Renders `hook(props)`; see {@link HookRun}. */
export async function renderHook<P, R>(
  hook: (props: P) => R,
  props: P,
): Promise<HookRun<P, R>> {
  let result: R | undefined;
  // render() compares its parent with `document` (to hydrate a whole page):
  // a bare stand-in answers, and goes when the hook is unmounted.
  const g = globalThis as { document?: unknown };
  const hadDocument = "document" in g;
  if (!hadDocument) g.document = {};
  const root = {
    nodeType: 1,
    namespaceURI: "http://www.w3.org/1999/xhtml",
    firstChild: null,
    childNodes: [],
    insertBefore() {},
    removeChild() {},
    appendChild() {},
  } as unknown as Element;
  const Host = (p: { p: P }) => {
    result = hook(p.p);
    return null;
  };
  await act(() => render(h(Host, { p: props }), root));
  return {
    get current() {
      return result as R;
    },
    async rerender(next) {
      await act(() => render(h(Host, { p: next }), root));
    },
    async act(f) {
      await act(async () => {
        await f();
      });
    },
    async [Symbol.asyncDispose]() {
      await act(() => render(null, root));
      if (!hadDocument) delete g.document;
    },
  };
}
