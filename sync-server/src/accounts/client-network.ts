/**
 * The network a client address belongs to, for the limits kept per client: an IPv4 address
 * itself, an IPv6 address's /64 (a subscriber is usually given a whole /64 and may use any
 * address in it, so counting per IPv6 address would let one client count as billions).
 */
import { isIPv6 } from 'node:net';

export function clientNetwork(ip: string): string {
  const address = ip.split('%')[0] ?? '';
  if (!isIPv6(address)) return ip;
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/iu.exec(address);
  if (mapped?.[1]) return mapped[1];
  const [head = '', tail] = address.split('::');
  const left = groups(head);
  const right = tail === undefined ? [] : groups(tail);
  const zeros = Array.from({ length: 8 - left.length - right.length }, () => 0);
  const all = [...left, ...zeros, ...right];
  return `${all
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}

/** The 16-bit groups of one side of '::' (a trailing IPv4 part counts as two). */
function groups(part: string): number[] {
  if (part === '') return [];
  return part.split(':').flatMap((group) => (group.includes('.') ? [0, 0] : [parseInt(group, 16)]));
}
