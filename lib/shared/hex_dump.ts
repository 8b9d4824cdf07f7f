/**
 * Bytes as a hex and ASCII dump, the layout of `xxd`: an 8-digit hex
 * offset, 16 bytes a line in groups of two, then the same bytes as ASCII
 * with `.` for anything not printable. For bodies that are not text, where
 * decoding as UTF-8 would show replacement characters and control codes
 * instead of what came.
 */

/** Bytes a dump line holds. */
export const HEX_LINE_BYTES = 16;

/** How many lines a dump shows by default: 4 KiB of bytes. */
export const HEX_MAX_LINES = 256;

/**
 * The dump of `bytes`, at most `maxLines` lines; when bytes are left out,
 * a last line says how many (`…N more bytes`).
 */
export function hexDump(bytes: Uint8Array, maxLines = HEX_MAX_LINES): string {
  const lines: string[] = [];
  const shown = Math.min(bytes.length, maxLines * HEX_LINE_BYTES);
  for (let at = 0; at < shown; at += HEX_LINE_BYTES) {
    const row = bytes.subarray(at, Math.min(at + HEX_LINE_BYTES, shown));
    let hex = "";
    let ascii = "";
    for (let i = 0; i < HEX_LINE_BYTES; i++) {
      if (i % 2 === 0 && i > 0) hex += " ";
      if (i < row.length) {
        hex += row[i].toString(16).padStart(2, "0");
        // Printable ASCII only: a control byte or one past 0x7e shown as
        // itself could move the cursor or read as another character.
        ascii += row[i] >= 0x20 && row[i] < 0x7f
          ? String.fromCharCode(row[i])
          : ".";
      } else hex += "  ";
    }
    lines.push(`${at.toString(16).padStart(8, "0")}: ${hex}  ${ascii}`);
  }
  const left = bytes.length - shown;
  if (left > 0) {
    lines.push(`…${left} more byte${left === 1 ? "" : "s"}`);
  }
  return lines.join("\n");
}
