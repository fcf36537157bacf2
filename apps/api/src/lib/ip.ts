// IPv4/IPv6 addresses and CIDR ranges: parsing and matching (IP allow-lists, trusted proxies).
import { isIP } from 'node:net';

function toBigInt(ip: string): { v: bigint; bits: 32 | 128 } | null {
  let addr = ip.trim();
  if (addr.startsWith('::ffff:') && isIP(addr.slice(7)) === 4) addr = addr.slice(7);
  const kind = isIP(addr);
  if (kind === 4) {
    return { v: addr.split('.').reduce((acc, p) => (acc << 8n) + BigInt(Number(p)), 0n), bits: 32 };
  }
  if (kind === 6) {
    const [head, tail] = addr.split('::');
    const h = head ? head.split(':') : [];
    const t = tail !== undefined ? (tail ? tail.split(':') : []) : [];
    // An embedded IPv4 tail counts for two groups.
    const expand = (groups: string[]) =>
      groups.flatMap((g) => {
        if (g.includes('.')) {
          const n = toBigInt(g)!.v;
          return [((n >> 16n) & 0xffffn).toString(16), (n & 0xffffn).toString(16)];
        }
        return [g];
      });
    const he = expand(h);
    const te = expand(t);
    const fill = tail !== undefined ? Array(8 - he.length - te.length).fill('0') : [];
    const all = [...he, ...fill, ...te];
    if (all.length !== 8) return null;
    return { v: all.reduce((acc, g) => (acc << 16n) + BigInt(Number.parseInt(g || '0', 16)), 0n), bits: 128 };
  }
  return null;
}

/** Validates "1.2.3.4", "10.0.0.0/8", "2001:db8::/32"; returns the canonical form or null. */
export function parseIpOrCidr(input: string): string | null {
  const [addr, prefix, extra] = input.trim().split('/');
  if (extra !== undefined) return null;
  const parsed = toBigInt(addr);
  if (!parsed) return null;
  if (prefix === undefined) return addr.trim();
  if (!/^\d{1,3}$/.test(prefix)) return null;
  const p = Number(prefix);
  if (p > parsed.bits) return null;
  return `${addr.trim()}/${p}`;
}

export function ipMatches(ip: string, rule: string): boolean {
  const [addr, prefix] = rule.split('/');
  const a = toBigInt(ip);
  const r = toBigInt(addr);
  if (!a || !r || a.bits !== r.bits) return false;
  const p = prefix === undefined ? a.bits : Number(prefix);
  const shift = BigInt(a.bits - p);
  return a.v >> shift === r.v >> shift;
}

export const ipInList = (ip: string, rules: string[]) => rules.some((r) => ipMatches(ip, r));
