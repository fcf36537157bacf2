// The shared IP parser (used by the portal's form and by the API) against Node's own.
import { isIP } from 'node:net';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ipVersion, parseIpOrCidr } from './ip';

describe('[IP] the shared parser agrees with node:net', () => {
  it('[IP] tells an address apart exactly as node:net does', () => {
    const v4 = fc.tuple(fc.nat(300), fc.nat(300), fc.nat(300), fc.nat(300)).map((p) => p.join('.'));
    const v6 = fc.ipV6();
    const noise = fc.stringMatching(/^[0-9a-fA-F:.]{0,20}$/);
    fc.assert(
      fc.property(fc.oneof(v4, v6, fc.ipV4(), noise), (s) => {
        expect(ipVersion(s)).toBe(isIP(s));
      }),
      { numRuns: 2000 },
    );
  });

  it('[IP] every address node:net accepts, with a prefix in range, is an allow-list entry', () => {
    fc.assert(
      fc.property(fc.oneof(fc.ipV4(), fc.ipV6()), fc.nat(128), (ip, p) => {
        const bits = isIP(ip) === 4 ? 32 : 128;
        expect(parseIpOrCidr(ip)).toBe(ip);
        expect(parseIpOrCidr(`${ip}/${p}`) !== null).toBe(p <= bits);
      }),
      { numRuns: 1000 },
    );
  });
});
