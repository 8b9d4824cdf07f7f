/**
 * The most characters a GitHub comment or pull request description holds:
 * a longer body is refused whole, and a paste into its box is cut. The
 * Markdown report says so at its top past it, and the compare page when
 * it copies one.
 */
export const COMMENT_CHARS = 65_536;
