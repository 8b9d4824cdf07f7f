/**
 * Characters a paste box holds at most: longer text leaves the box (it is
 * shown by its size), as a textarea holding megabytes freezes the page on
 * every layout and nobody edits a document that size in a plain text box.
 * Even Adyen's 250 kB in the box added 20-40 ms to the frame that opens an
 * operation (paint walks the box's lines). The spec viewer's, the compare
 * page's and the HAR viewer's boxes, and the worker that fills a box with
 * a picked file's text, share it.
 */
export const BOX_LIMIT = 100_000;

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
