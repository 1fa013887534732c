/**
 * The security headers of every answer (OWASP ASVS 14.4), in one place: server.ts sets the common
 * ones on everything (pages, /api, downloads); entry.server adds each page's Content-Security-
 * Policy with the nonce that lets Remix's inline scripts, and no others, run.
 */
export const COMMON_SECURITY_HEADERS: Record<string, string> = {
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "same-origin",
  // Older browsers' word for frame-ancestors 'none'.
  "X-Frame-Options": "DENY",
  "Cross-Origin-Opener-Policy": "same-origin",
  // The scanner page may use this site's camera; nothing else is asked for.
  "Permissions-Policy": "camera=(self), microphone=(), geolocation=(), payment=()",
};

/** What an answer that is not a page may do in a browser: nothing (JSON, CSV). */
export const NON_DOCUMENT_POLICY = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'";

/**
 * A page's policy: scripts only from this site or inline with this request's nonce (no
 * 'unsafe-inline' for scripts); styles from this site and style attributes (charts size their bars
 * inline); product images from any https address; never framed.
 */
export function documentPolicy(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https:",
    "font-src 'self'",
    "connect-src 'self'",
    "media-src 'self' blob: mediastream:",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** HSTS, for answers that went out over HTTPS (directly or through the proxy on this host). */
export const STRICT_TRANSPORT_SECURITY = "max-age=31536000; includeSubDomains";
