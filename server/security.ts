/**
 * Security headers of pages and static files (the debug API sets its own,
 * lib/debug/core/http.ts). The Content-Security-Policy is the viewers' privacy
 * promise made enforceable:
 * `connect-src 'self'` means no script can send a spec or HAR elsewhere, and
 * scripts come only from this origin (no inline script at all).
 * Inline styles are allowed: the virtualised lists and the waterfall position
 * rows with `style` attributes, and CSS cannot run code; images stay on
 * `'self'`, `data:` and `blob:` so CSS cannot leak data to other hosts either.
 */
export const PAGE_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "frame-src 'none'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

/** Sets the page security headers a response lacks (it may set its own CSP). */
export function applySecurityHeaders(res: Response): void {
  const h = res.headers;
  if (!h.has("content-security-policy")) {
    h.set("content-security-policy", PAGE_CSP);
  }
  h.set("x-content-type-options", "nosniff");
  h.set("referrer-policy", "no-referrer");
  h.set("x-frame-options", "DENY");
  h.set("cross-origin-opener-policy", "same-origin");
  h.set(
    "permissions-policy",
    "camera=(), microphone=(), geolocation=(), interest-cohort=()",
  );
}
