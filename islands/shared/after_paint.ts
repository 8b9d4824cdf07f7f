/**
 * Work put off until a frame is on screen: the next frame's style, layout
 * and paint go first (its `requestAnimationFrame` callbacks run before
 * them, a task they post after).
 */

/**
 * Runs `f` once the next frame is painted (its style, layout and paint
 * done), or at once where there are no frames (a test in Deno).
 */
export function afterPaint(f: () => void): void {
  if (typeof requestAnimationFrame !== "function") return f();
  requestAnimationFrame(() => setTimeout(f, 0));
}
