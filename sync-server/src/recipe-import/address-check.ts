/**
 * Which addresses the server may fetch a recipe's page from (issue 34): public unicast only.
 * Loopback, private (10/8, 172.16/12, 192.168/16), shared (100.64/10), link-local, unique
 * local (fc00::/7), multicast, broadcast, unspecified (0/8, ::), documentation and other
 * reserved ranges are refused, in IPv4 and IPv6, mapped forms included (::ffff:127.0.0.1, in
 * any spelling, is 127.0.0.1; a NAT64 address, 64:ff9b::/96 or 64:ff9b:1::/48, is the IPv4
 * address it carries), unless the operator allows the host (RECIPE_IMPORT_ALLOW_HOSTS).
 */
import ipaddr from 'ipaddr.js';

type Address = ipaddr.IPv4 | ipaddr.IPv6;

function parse(address: string): Address | null {
  const bare = address.replace(/^\[|\]$/gu, '').replace(/%.*$/u, '');
  // Four decimal parts only: the URL parser already spelled '0x7f.1' or '2130706433' as
  // 127.0.0.1, and the resolver answers plain forms.
  if (ipaddr.IPv4.isValidFourPartDecimal(bare)) return ipaddr.IPv4.parse(bare);
  if (ipaddr.IPv6.isValid(bare)) return ipaddr.IPv6.parse(bare);
  return null;
}

/** The IPv4 address in the last 32 bits of an IPv6 one. */
function embeddedIPv4(v6: ipaddr.IPv6): ipaddr.IPv4 {
  const bytes = v6.toByteArray();
  return new ipaddr.IPv4(bytes.slice(12, 16));
}

const GLOBAL_UNICAST = ipaddr.IPv6.parseCIDR('2000::/3');

/** Whether an address (IPv4 or IPv6, as text) is public: the server may connect to it. */
export function isPublicAddress(address: string): boolean {
  const parsed = parse(address);
  if (parsed === null) return false;
  if (parsed.kind() === 'ipv4') return parsed.range() === 'unicast';
  const v6 = parsed as ipaddr.IPv6;
  const range = v6.range();
  // Addresses that carry an IPv4 one are what that one is.
  if (range === 'ipv4Mapped' || range === 'rfc6052') return embeddedIPv4(v6).range() === 'unicast';
  return range === 'unicast' && v6.match(GLOBAL_UNICAST);
}

/** The same address, however it is written ('::FFFF:7f00:1' and '::ffff:127.0.0.1'). */
function normalised(address: string): string | null {
  const parsed = parse(address);
  if (parsed === null) return null;
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress())
    return (parsed as ipaddr.IPv6).toIPv4Address().toString();
  return parsed.toNormalizedString();
}

/** A host name in one spelling: lower case, without the final dot nor IPv6 brackets. */
export const hostKey = (host: string): string =>
  host
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/gu, '')
    .replace(/\.$/u, '');

/**
 * The operator's allow list (host names or addresses): a host named there, or an address
 * written there, is fetched even when private (an intranet's recipe site, the tests' server).
 */
export class AllowedHosts {
  private readonly names = new Set<string>();
  private readonly addresses = new Set<string>();

  constructor(entries: readonly string[]) {
    for (const entry of entries) {
      const key = hostKey(entry);
      if (key === '') continue;
      const address = normalised(key);
      if (address !== null) this.addresses.add(address);
      else this.names.add(key);
    }
  }

  hasName(host: string): boolean {
    return this.names.has(hostKey(host));
  }

  hasAddress(address: string): boolean {
    const key = normalised(address);
    return key !== null && this.addresses.has(key);
  }
}
