/**
 * Local downloads for every tool (a sanitized HAR, a comparison's JSON):
 * the bytes go from this tab to the disk and nowhere else.
 */

/** Saves `blob` under `name` through an object URL and a download link. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  // Give the download time to start before the URL goes away.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
