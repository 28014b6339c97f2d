/**
 * Single-use secrets sent by mail. Only their SHA-256 is stored, so a copy of the database
 * does not hold usable links.
 */
import { createHash, randomBytes } from 'node:crypto';

export function newLinkToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashLinkToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
