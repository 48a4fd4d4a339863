import { describe, expect, it } from 'vitest';
import { addressKey } from './client-address.js';

describe('addressKey', () => {
  it('counts IPv4 as is, also written IPv4-mapped', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::FFFF:10.0.0.1')).toBe('10.0.0.1');
  });

  it('counts IPv6 by its /64, however it is written', () => {
    const key = '2001:db8:1:2::/64';
    for (const ip of ['2001:db8:1:2::1', '2001:DB8:0001:0002:ffff:1:2:3', '2001:db8:1:2:0:0:0:9']) {
      expect(addressKey(ip), ip).toBe(key);
    }
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(addressKey('2001:db8:1:3::1')).not.toBe(key);
    expect(addressKey('64:ff9b::192.0.2.1')).toBe('64:ff9b:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
  });

  it('leaves anything else alone', () => {
    expect(addressKey('unknown')).toBe('unknown');
  });
});
