// Tokens, codes and at-rest encryption. Session tokens and codes are stored as SHA-256 hashes;
// values that must be shown again (API keys, TOTP secrets) are AES-256-GCM encrypted.
import {
  createCipheriv,
  createDecipheriv,
  createHash,
  randomBytes,
  randomInt,
  timingSafeEqual,
} from 'node:crypto';

export const sha256 = (v: string) => createHash('sha256').update(v).digest('hex');

/** 256 bits of randomness, URL-safe. */
export const newToken = (prefix = '') => `${prefix}${randomBytes(32).toString('base64url')}`;

export const newSixDigitCode = () => randomInt(0, 1_000_000).toString().padStart(6, '0');

export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export class Sealer {
  private readonly key: Buffer;
  constructor(secret: string) {
    this.key = createHash('sha256').update(`vendport-seal:${secret}`).digest();
  }
  seal(plain: string): string {
    const iv = randomBytes(12);
    const c = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([c.update(plain, 'utf8'), c.final()]);
    return `v1.${iv.toString('base64url')}.${c.getAuthTag().toString('base64url')}.${body.toString('base64url')}`;
  }
  open(sealed: string): string {
    const [v, iv, tag, body] = sealed.split('.');
    if (v !== 'v1' || !iv || !tag || !body) throw new Error('Unreadable sealed value');
    const d = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    d.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([d.update(Buffer.from(body, 'base64url')), d.final()]).toString('utf8');
  }
}

/** A code people can read out (no I, L, O, U): `VND-7KQ2...`. */
const CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const readableCode = (prefix: string, n: number) =>
  `${prefix}-${Array.from(randomBytes(n), (b) => CODE_ALPHABET[b % 32]).join('')}`;
