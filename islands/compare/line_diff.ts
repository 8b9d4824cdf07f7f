/**
 * Which lines of two texts differ, so the opened change marks them in both
 * versions' JSON (as a review tool marks a diff) instead of leaving the
 * reader to spot one changed `"type"` among forty lines. The longest
 * common subsequence of lines, after the common head and tail are set
 * aside; bounded, so a megabyte value costs no more than a mark on every
 * line of its changed middle.
 */

/** Cells of the table past which the middle is marked whole. */
export const MAX_CELLS = 250_000;

/** 1 for each line of `a` and of `b` that is not in both (in order). */
export function changedLines(
  a: readonly string[],
  b: readonly string[],
  maxCells = MAX_CELLS,
): { a: Uint8Array; b: Uint8Array } {
  const outA = new Uint8Array(a.length), outB = new Uint8Array(b.length);
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (
    tail < a.length - head && tail < b.length - head &&
    a[a.length - 1 - tail] === b[b.length - 1 - tail]
  ) tail++;
  const n = a.length - head - tail, m = b.length - head - tail;
  if (n * m > maxCells) {
    outA.fill(1, head, head + n);
    outB.fill(1, head, head + m);
    return { a: outA, b: outB };
  }
  // lcs[i][j]: the common subsequence's length of a's middle from i and
  // b's from j, one row of m + 1 per line of a.
  const w = m + 1;
  const lcs = new Uint32Array((n + 1) * w);
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      lcs[i * w + j] = a[head + i] === b[head + j]
        ? lcs[(i + 1) * w + j + 1] + 1
        : Math.max(lcs[(i + 1) * w + j], lcs[i * w + j + 1]);
    }
  }
  let i = 0, j = 0;
  while (i < n && j < m) {
    if (a[head + i] === b[head + j]) {
      i++;
      j++;
    } else if (lcs[(i + 1) * w + j] >= lcs[i * w + j + 1]) {
      outA[head + i++] = 1;
    } else outB[head + j++] = 1;
  }
  while (i < n) outA[head + i++] = 1;
  while (j < m) outB[head + j++] = 1;
  return { a: outA, b: outB };
}
