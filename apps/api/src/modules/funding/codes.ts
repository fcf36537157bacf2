// Readable ids shown to people (FR-..., CP-..., AF-..., BT-... for automatic bank transfers) and the narration a client writes on its
// bank transfer. Crockford base32: no I, L, O or U, so ids read aloud over the phone survive.
import { randomBytes } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

function base32(bytes: Buffer, length: number): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const b of bytes) {
    value = (value << 8) | b;
    bits += 8;
    while (bits >= 5 && out.length < length) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
    value &= (1 << bits) - 1;
  }
  return out;
}

/** A random readable id: 12 characters (60 bits) after the prefix. */
export const readableId = (prefix: 'FR' | 'AF' | 'BT' | 'GD') => `${prefix}-${base32(randomBytes(8), 12)}`;

/** Card payment references double as the gateway's reference and open its public checkout page,
 * so they carry 80 random bits. */
export const cardReference = () => `CP-${base32(randomBytes(10), 16)}`;

/** The narration a client writes on its transfer: VP- and 8 characters derived from its id. */
export function corporateNarration(corporateId: string): string {
  const hex = corporateId.replace(/-/g, '').slice(0, 10);
  return `VP-${base32(Buffer.from(hex, 'hex'), 8)}`;
}
