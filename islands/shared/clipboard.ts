/**
 * Copies text for every copy button of the islands: the async Clipboard API
 * where the page may use it, else the legacy copy command on a hidden
 * textarea (plain-HTTP origins other than localhost have no
 * `navigator.clipboard`, and a denied permission throws). Resolves false when
 * neither works, so the button can say so instead of claiming success.
 */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const ta = document.createElement("textarea");
    ta.value = text;
    ta.setAttribute("readonly", "");
    ta.style.position = "fixed";
    ta.style.top = "0";
    ta.style.opacity = "0";
    document.body.appendChild(ta);
    ta.select();
    let ok = false;
    try {
      ok = document.execCommand("copy");
    } catch { /* no clipboard at all */ }
    ta.remove();
    return ok;
  }
}

/**
 * Copies text that is still being built (a worker's answer), starting the
 * clipboard write within the click that asked for it: Safari and Firefox
 * allow a write only during the click's user activation, which a wait for
 * the worker outlasts. Where `ClipboardItem` takes a promise, the write
 * starts now and completes with the text; elsewhere, or when it is
 * refused, the text is copied when it comes ({@link copyText}). A null
 * text copies nothing and resolves false.
 */
export async function copyTextLater(
  text: Promise<string | null>,
): Promise<boolean> {
  const Item = (globalThis as { ClipboardItem?: typeof ClipboardItem })
    .ClipboardItem;
  if (Item && navigator.clipboard?.write) {
    try {
      const blob = text.then((t) => {
        if (t === null) throw new Error("nothing to copy");
        return new Blob([t], { type: "text/plain" });
      });
      await navigator.clipboard.write([new Item({ "text/plain": blob })]);
      return true;
    } catch { /* refused, or nothing to copy: said below */ }
  }
  const t = await text;
  return t === null ? false : await copyText(t);
}
