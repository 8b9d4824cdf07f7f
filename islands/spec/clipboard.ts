/**
 * Writes text to the clipboard: the async Clipboard API where allowed, else
 * the legacy copy command on a hidden textarea (older browsers, denied
 * permission), so the copy button works everywhere.
 */
export async function writeClipboard(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const ta = document.createElement("textarea");
    ta.value = text;
    ta.setAttribute("readonly", "");
    ta.style.position = "fixed";
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
