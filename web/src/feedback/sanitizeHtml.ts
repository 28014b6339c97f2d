import DOMPurify from 'dompurify';

/**
 * Error bodies are HTML (spec 8) and may quote a server's text: only inert markup survives,
 * so no script from a server message ever runs.
 */
export function sanitizeHtml(html: string): string {
  return DOMPurify.sanitize(html, { USE_PROFILES: { html: true } });
}
