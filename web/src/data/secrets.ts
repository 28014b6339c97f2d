/** Secrets a device draws for links it shares (a stay's export link, a shopping list's). */

/**
 * A secret for a shared link (a stay's export link, a shopping list's share link): 32 random bytes as URL-safe base64 (43 characters), the form
 * setStayExportSecret accepts.
 */
export function newLinkSecret(
  randomBytes: (n: number) => Uint8Array = (n) => crypto.getRandomValues(new Uint8Array(n)),
): string {
  let binary = '';
  for (const byte of randomBytes(32)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/gu, '-').replace(/\//gu, '_').replace(/=+$/u, '');
}
