import { describe, expect, it } from 'vitest';
import { clientAddressFrom, trustedProxies } from './client-address';

describe('the client address behind proxies', () => {
  const loopback = trustedProxies(undefined);

  it('is the right-most X-Forwarded-For entry that is not a trusted proxy', () => {
    expect(clientAddressFrom('127.0.0.1', '203.0.113.7', loopback)).toBe('203.0.113.7');
    // The client wrote the left part itself: it is ignored.
    expect(clientAddressFrom('127.0.0.1', '1.2.3.4, 203.0.113.7', loopback)).toBe('203.0.113.7');
    expect(clientAddressFrom('127.0.0.1', '127.0.0.1, 203.0.113.7, 127.0.0.1', loopback)).toBe('203.0.113.7');
    const chain = trustedProxies('10.0.0.0/8, 2001:db8::/32');
    expect(clientAddressFrom('10.0.0.2', '9.9.9.9, 198.51.100.4, 10.1.1.1', chain)).toBe('198.51.100.4');
    expect(clientAddressFrom('2001:db8::1', '[2001:db9::5]:443', chain)).toBe('2001:db9::5');
  });

  it('ignores the header of a request that does not come from a trusted proxy', () => {
    expect(clientAddressFrom('198.51.100.9', '127.0.0.1', loopback)).toBe('198.51.100.9');
    expect(clientAddressFrom('198.51.100.9', undefined, loopback)).toBe('198.51.100.9');
  });

  it('reads IPv4-mapped IPv6 socket addresses, and knows loopback, private and CIDR ranges', () => {
    expect(clientAddressFrom('::ffff:127.0.0.1', '203.0.113.7', loopback)).toBe('203.0.113.7');
    expect(clientAddressFrom('::1', '203.0.113.7', loopback)).toBe('203.0.113.7');
    const priv = trustedProxies('private');
    expect(priv('172.20.3.4')).toBe(true);
    expect(priv('172.32.0.1')).toBe(false);
    expect(priv('fd00::1')).toBe(true);
    expect(trustedProxies('192.0.2.10')('192.0.2.11')).toBe(false);
    expect(() => trustedProxies('10.0.0.0/33')).toThrow(/TRUSTED_PROXIES/);
    expect(() => trustedProxies('proxy.example')).toThrow(/TRUSTED_PROXIES/);
  });
});
