/** Browser actions of the viewer: clipboard and local downloads. */

export { copyText } from "../shared/clipboard.ts";

/**
 * Saves a Blob under `name` through an object URL and a download link:
 * the bytes go from this tab to the disk and nowhere else.
 */
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

/** `capture.har` -> `capture.sanitized.har`. */
export function sanitizedName(name: string): string {
  return `${name.replace(/\.(har|json)$/i, "") || "capture"}.sanitized.har`;
}
