import { describe, expect, test } from 'vitest';
import { clientNetwork } from './client-network.js';

describe('clientNetwork', () => {
  test('an IPv4 address is its own network, also when mapped into IPv6', () => {
    expect(clientNetwork('203.0.113.7')).toBe('203.0.113.7');
    expect(clientNetwork('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  test('IPv6 addresses of one /64 share it, however written', () => {
    const network = '2001:db8:0:1::/64';
    expect(clientNetwork('2001:db8:0:1::1')).toBe(network);
    expect(clientNetwork('2001:0DB8:0000:0001:ffff:1:2:3')).toBe(network);
    expect(clientNetwork('2001:db8:0:1:a::b%eth0')).toBe(network);
    expect(clientNetwork('2001:db8:0:2::1')).toBe('2001:db8:0:2::/64');
    expect(clientNetwork('::1')).toBe('0:0:0:0::/64');
    expect(clientNetwork('64:ff9b::192.0.2.1')).toBe('64:ff9b:0:0::/64');
  });

  test('anything else is kept as it is', () => {
    expect(clientNetwork('')).toBe('');
    expect(clientNetwork('pas une adresse')).toBe('pas une adresse');
  });
});
