/**
 * copyTextLater starts the clipboard write within the caller's task (the
 * click's user activation), before the text it copies exists: run with
 * stand-ins for the Clipboard API (Deno has none).
 */
import assert from "node:assert/strict";
import { copyTextLater } from "./clipboard.ts";

/** Installs a ClipboardItem and navigator.clipboard that record writes. */
function clipboard(refuse = false) {
  const g = globalThis as Record<string, unknown>;
  const nav = navigator as unknown as Record<string, unknown>;
  const items: Record<string, Promise<Blob>>[] = [];
  const texts: string[] = [];
  let writes = 0;
  g.ClipboardItem = class {
    constructor(readonly data: Record<string, Promise<Blob>>) {
      items.push(data);
    }
  };
  Object.defineProperty(nav, "clipboard", {
    configurable: true,
    value: {
      async write(list: { data: Record<string, Promise<Blob>> }[]) {
        writes++;
        if (refuse) throw new Error("NotAllowedError");
        for (const i of list) {
          texts.push(await (await i.data["text/plain"]).text());
        }
      },
      writeText(t: string) {
        texts.push(t);
        return Promise.resolve();
      },
    },
  });
  return {
    items,
    texts,
    get writes() {
      return writes;
    },
    [Symbol.dispose]() {
      delete g.ClipboardItem;
      delete nav.clipboard;
    },
  };
}

Deno.test("clipboard: a text still coming is written from the asking task, then copied when it comes", async () => {
  using c = clipboard();
  let give!: (t: string) => void;
  const done = copyTextLater(new Promise<string>((r) => give = r));
  // Before any await: the write started in the click's own task.
  assert.equal(c.writes, 1);
  give("curl 'https://example.com/'");
  assert.equal(await done, true);
  assert.deepEqual(c.texts, ["curl 'https://example.com/'"]);
});

Deno.test("clipboard: nothing to copy (null) copies nothing and says so", async () => {
  using c = clipboard();
  assert.equal(await copyTextLater(Promise.resolve(null)), false);
  assert.deepEqual(c.texts, []);
});

Deno.test("clipboard: a refused write copies the text when it comes, as a plain copy does", async () => {
  using c = clipboard(true);
  assert.equal(await copyTextLater(Promise.resolve("x")), true);
  assert.deepEqual(c.texts, ["x"]);
});
