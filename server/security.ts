/**
 * Security headers for every response. The Content-Security-Policy is the
 * viewers' privacy promise made enforceable (CONTRACT section 2):
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

import { API_CSP } from "../lib/debug/http.ts";

export { API_CSP };

/** Sets the security headers a response lacks (it may set its own CSP). */
export function applySecurityHeaders(res: Response, api: boolean): void {
  const h = res.headers;
  if (!h.has("content-security-policy")) {
    h.set("content-security-policy", api ? API_CSP : PAGE_CSP);
  }
  h.set("x-content-type-options", "nosniff");
  h.set("referrer-policy", "no-referrer");
  if (!api) {
    h.set("x-frame-options", "DENY");
    h.set("cross-origin-opener-policy", "same-origin");
    h.set(
      "permissions-policy",
      "camera=(), microphone=(), geolocation=(), interest-cohort=()",
    );
  }
}
