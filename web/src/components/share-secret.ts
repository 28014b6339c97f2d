/**
 * A secret for a share link (a stay's export link, a shopping list's helpers' link): 32 random
 * bytes as URL-safe base64 (43 characters), the form setStayExportSecret and shareShopList
 * accept.
 */
export function newShareSecret(
  randomBytes: (n: number) => Uint8Array = (n) => crypto.getRandomValues(new Uint8Array(n)),
): string {
  let binary = '';
  for (const byte of randomBytes(32)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/gu, '-').replace(/\//gu, '_').replace(/=+$/u, '');
}
