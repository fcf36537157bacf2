import { describe, expect, it } from 'vitest';
import { IP_OR_CIDR_MESSAGE, ipInList, ipMatches, ipVersion, parseIpOrCidr } from './ip';
import { ipAddBody } from './schemas/api-access';

describe('[IP] addresses and CIDR ranges', () => {
  it('[IP] accepts IPv4, IPv6 and CIDR ranges of either', () => {
    for (const ok of [
      '203.0.113.7',
      '0.0.0.0',
      '255.255.255.255',
      '10.0.0.0/8',
      '192.0.2.10/32',
      '0.0.0.0/0',
      '2001:db8::1',
      '2001:DB8:ABCD::/48',
      '::',
      '::1',
      '1::',
      '1:2:3:4:5:6:7:8',
      '1:2:3:4:5:6:7::',
      '::ffff:192.0.2.10',
      '64:ff9b::192.0.2.33/120',
      '2001:db8::/128',
      ' 203.0.113.7 ',
    ]) {
      expect(parseIpOrCidr(ok), ok).not.toBeNull();
    }
    expect(parseIpOrCidr(' 10.0.0.0/8 ')).toBe('10.0.0.0/8');
  });

  it('[IP] refuses what is not an address or a range', () => {
    for (const bad of [
      '',
      '300.1.1.1',
      '1.2.3',
      '1.2.3.4.5',
      '01.2.3.4',
      '1.2.3.4/33',
      '10.0.0.0/',
      '10.0.0.0/-1',
      '10.0.0.0/8/1',
      '2001:db8::/129',
      '2001:db8:::1',
      '1::2::3',
      '1:2:3:4:5:6:7:8:9',
      '1:2:3:4:5:6:7:8::',
      '12345::',
      'g::1',
      ':1:2:3:4:5:6:7',
      '1.2.3.4::',
      'example.com',
      'localhost',
      '203.0.113.7 10.0.0.1',
    ]) {
      expect(parseIpOrCidr(bad), bad).toBeNull();
    }
  });

  it('[IP] matches addresses inside a range, IPv4-mapped IPv6 included', () => {
    expect(ipMatches('203.0.113.77', '203.0.113.0/24')).toBe(true);
    expect(ipMatches('203.0.114.1', '203.0.113.0/24')).toBe(false);
    expect(ipMatches('2001:db8:abcd:12::1', '2001:db8:abcd::/48')).toBe(true);
    expect(ipMatches('2001:db8:abce::1', '2001:db8:abcd::/48')).toBe(false);
    expect(ipMatches('::ffff:192.0.2.10', '192.0.2.10')).toBe(true);
    expect(ipMatches('192.0.2.10', '2001:db8::/32')).toBe(false);
    expect(ipInList('10.1.2.3', ['192.0.2.0/24', '10.0.0.0/8'])).toBe(true);
    expect([ipVersion('10.1.2.3'), ipVersion('2001:db8::1'), ipVersion('10.0.0.0/8')]).toEqual([4, 6, 0]);
    expect(ipInList('10.1.2.3', [])).toBe(false);
  });

  it('[IP] the allow-list body refuses a bad address with one message, for the form and the API alike', () => {
    const bad = ipAddBody.safeParse({ address: '10.0.0.0/33' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => i.message)).toEqual([IP_OR_CIDR_MESSAGE]);
    const empty = ipAddBody.safeParse({ address: '  ' });
    expect(empty.error?.issues.map((i) => i.message)).toEqual(['Enter an IP address or CIDR range']);
    expect(ipAddBody.parse({ address: ' 2001:db8::/32 ' })).toEqual({ address: '2001:db8::/32' });
  });
});
