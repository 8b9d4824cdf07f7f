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
