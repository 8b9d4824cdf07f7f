/**
 * A paste box's guard against megabytes: a paste past `limit` characters
 * never enters the box. Inserted, a 3 MB spec or HAR was one task of
 * seconds (the textarea's own layout of every line) before any input event
 * could take it out again. The text the paste would make of the box (what
 * is around the selection kept) goes to `onText` as typing's would.
 */
export function largePaste(
  limit: number,
  onText: (text: string) => void,
): (ev: ClipboardEvent) => void {
  return (ev) => {
    const text = ev.clipboardData?.getData("text/plain") ?? "";
    if (text.length <= limit) return; // the browser pastes as usual
    ev.preventDefault();
    const box = ev.currentTarget as HTMLTextAreaElement;
    const v = box.value;
    onText(v.slice(0, box.selectionStart) + text + v.slice(box.selectionEnd));
  };
}
