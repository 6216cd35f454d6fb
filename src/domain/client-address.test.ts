import { describe, expect, it } from 'vitest';
import { clientLimitKey } from './client-address.ts';

describe('clientLimitKey', () => {
  it.each([
    // IPv4 as it is.
    ['203.0.113.7', '203.0.113.7'],
    [' 198.51.100.1 ', '198.51.100.1'],
    ['0.0.0.0', '0.0.0.0'],
    ['255.255.255.255', '255.255.255.255'],
    // IPv4-mapped IPv6 is the IPv4 client, in either spelling.
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['::FFFF:cb00:7107', '203.0.113.7'],
    ['0:0:0:0:0:ffff:203.0.113.7', '203.0.113.7'],
    // IPv6: its /64, canonical (lower case, no leading zeros, whatever the compression).
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:0DB8:0001:0002:ffff:ffff:ffff:ffff', '2001:db8:1:2::/64'],
    ['2001:db8:1:2::1', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['2001:db8:0:0:1::', '2001:db8:0:0::/64'],
    ['2001:db8:1::', '2001:db8:1:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['::', '0:0:0:0::/64'],
    ['[2001:db8:1:2::99]', '2001:db8:1:2::/64'],
    // A zone id names an interface of ours, not the client.
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['fe80::abcd%25en0', 'fe80:0:0:0::/64'],
    ['2001:db8:1:2::7:1.2.3.4', '2001:db8:1:2::/64'],
  ])('%s → %s', (address, key) => {
    expect(clientLimitKey(address)).toBe(key);
  });

  it('puts every address of one /64 in one bucket, and the next /64 in another', () => {
    const keys = new Set(
      Array.from({ length: 15 }, (_, i) =>
        clientLimitKey(`2001:db8:abcd:12:${(i * 4099).toString(16)}:${i}:beef:${i}`),
      ),
    );
    expect([...keys]).toEqual(['2001:db8:abcd:12::/64']);
    expect(clientLimitKey('2001:db8:abcd:13::1')).not.toBe('2001:db8:abcd:12::/64');
  });

  it.each([
    [null],
    [undefined],
    [''],
    ['   '],
    ['localhost'],
    ['203.0.113'],
    ['203.0.113.256'],
    ['203.0.113.07'],
    ['1.2.3.4.5'],
    ['2001:db8::1::2'],
    ['2001:db8:1:2:3:4:5:6:7'],
    ['2001:db8:1:2:3:4:5'],
    ['12345::1'],
    ['2001:db8::g'],
    [':::'],
    ['::ffff:999.1.1.1'],
    ['2001:db8:1:2:3:4:5::6'],
    ['1'.repeat(200)],
    ['203.0.113.7, 10.0.0.1'],
  ])('%s is no address: null', (address) => {
    expect(clientLimitKey(address)).toBeNull();
  });
});
