// Nigerian phone numbers: any common form (0803..., 234803..., +234803..., 803...) to +234XXXXXXXXXX,
// and the network suggested by the prefix (a suggestion only: numbers are ported).
export const PHONE_PREFIX = '+234';
export const NETWORKS = ['MTN', 'AIRTEL', 'GLO', '9MOBILE'] as const;
export type Network = (typeof NETWORKS)[number];

export function normaliseMsisdn(input: string): string | null {
  const s = input.replace(/[\s\-()]/g, '');
  let national: string;
  if (/^\+234\d{10}$/.test(s)) national = s.slice(4);
  else if (/^234\d{10}$/.test(s)) national = s.slice(3);
  else if (/^0\d{10}$/.test(s)) national = s.slice(1);
  else if (/^\d{10}$/.test(s)) national = s;
  else return null;
  if (!/^[789][01]\d{8}$/.test(national)) return null;
  return `+234${national}`;
}

const PREFIXES: Record<Network, string[]> = {
  MTN: [
    '0703',
    '0706',
    '0803',
    '0806',
    '0810',
    '0813',
    '0814',
    '0816',
    '0903',
    '0906',
    '0913',
    '0916',
    '07025',
    '07026',
    '0704',
  ],
  AIRTEL: ['0701', '0708', '0802', '0808', '0812', '0901', '0902', '0904', '0907', '0912', '0911'],
  GLO: ['0705', '0805', '0807', '0811', '0815', '0905', '0915'],
  '9MOBILE': ['0809', '0817', '0818', '0908', '0909'],
};

export function suggestNetwork(msisdn: string): Network | null {
  const n = normaliseMsisdn(msisdn);
  if (!n) return null;
  const local = `0${n.slice(4)}`;
  // Longest prefix first so 07025 (MTN) wins over a shorter match.
  let best: { network: Network; len: number } | null = null;
  for (const network of NETWORKS) {
    for (const p of PREFIXES[network]) {
      if (local.startsWith(p) && (!best || p.length > best.len)) best = { network, len: p.length };
    }
  }
  return best?.network ?? null;
}
