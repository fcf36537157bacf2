// IPv4/IPv6 addresses and CIDR ranges: the one parser the portal (the allow-list form) and the
// API (allow-list entries, API-key calls, trusted proxies, webhook targets) share, so both refuse
// and accept the same text. Pure TypeScript: no node:net here, the browser runs it too.

export const IP_OR_CIDR_MESSAGE =
  'Enter a valid IPv4 or IPv6 address or CIDR range (e.g. 203.0.113.7 or 10.0.0.0/8)';

type Parsed = { v: bigint; bits: 32 | 128 };

const IPV4_PART = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;
const HEX_GROUP = /^[0-9a-fA-F]{1,4}$/;

/** Dotted quad, four decimal parts 0-255 without leading zeros (as node:net isIP). */
function parseIpv4(addr: string): bigint | null {
  const parts = addr.split('.');
  if (parts.length !== 4 || !parts.every((p) => IPV4_PART.test(p))) return null;
  return parts.reduce((acc, p) => (acc << 8n) + BigInt(Number(p)), 0n);
}

/** Eight hex groups, one `::` for a run of zeros, optionally a dotted-quad tail (two groups). */
function parseIpv6(addr: string): bigint | null {
  const halves = addr.split('::');
  if (halves.length > 2) return null;
  const toGroups = (s: string): number[] | null => {
    if (s === '') return [];
    const groups = s.split(':');
    const out: number[] = [];
    for (const [i, g] of groups.entries()) {
      if (i === groups.length - 1 && g.includes('.')) {
        const v4 = parseIpv4(g);
        if (v4 === null) return null;
        out.push(Number((v4 >> 16n) & 0xffffn), Number(v4 & 0xffffn));
      } else if (HEX_GROUP.test(g)) {
        out.push(Number.parseInt(g, 16));
      } else {
        return null;
      }
    }
    return out;
  };
  const head = toGroups(halves[0] ?? '');
  const tail = halves.length === 2 ? toGroups(halves[1] ?? '') : [];
  if (!head || !tail) return null;
  // A dotted quad may only end the address.
  if (halves.length === 2 && halves[0]?.includes('.')) return null;
  const count = head.length + tail.length;
  if (halves.length === 2 ? count > 7 : count !== 8) return null;
  const groups = [...head, ...Array<number>(8 - count).fill(0), ...tail];
  return groups.reduce((acc, g) => (acc << 16n) + BigInt(g), 0n);
}

function parseAddress(ip: string): Parsed | null {
  let addr = ip.trim();
  // An IPv4 client seen through an IPv6 socket.
  if (/^::ffff:/i.test(addr) && parseIpv4(addr.slice(7)) !== null) addr = addr.slice(7);
  const v4 = parseIpv4(addr);
  if (v4 !== null) return { v: v4, bits: 32 };
  if (!addr.includes(':')) return null;
  const v6 = parseIpv6(addr);
  return v6 === null ? null : { v: v6, bits: 128 };
}

/** 4 or 6 for a valid address (no range), 0 otherwise; as node:net isIP. */
export function ipVersion(input: string): 0 | 4 | 6 {
  if (parseIpv4(input) !== null) return 4;
  return input.includes(':') && parseIpv6(input) !== null ? 6 : 0;
}

/** Validates "1.2.3.4", "10.0.0.0/8", "2001:db8::/32"; returns the trimmed form or null. */
export function parseIpOrCidr(input: string): string | null {
  const [addr = '', prefix, extra] = input.trim().split('/');
  if (extra !== undefined) return null;
  const parsed = parseAddress(addr);
  if (!parsed) return null;
  if (prefix === undefined) return addr.trim();
  if (!/^\d{1,3}$/.test(prefix)) return null;
  const p = Number(prefix);
  if (p > parsed.bits) return null;
  return `${addr.trim()}/${p}`;
}

/** Whether `ip` is the address `rule` names or lies in the range it names. */
export function ipMatches(ip: string, rule: string): boolean {
  const [addr = '', prefix] = rule.split('/');
  const a = parseAddress(ip);
  const r = parseAddress(addr);
  if (!a || !r || a.bits !== r.bits) return false;
  const p = prefix === undefined ? a.bits : Number(prefix);
  const shift = BigInt(a.bits - p);
  return a.v >> shift === r.v >> shift;
}

export const ipInList = (ip: string, rules: string[]) => rules.some((r) => ipMatches(ip, r));
