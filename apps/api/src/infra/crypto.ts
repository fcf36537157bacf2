// Tokens, codes and at-rest encryption. Session tokens and codes are stored as SHA-256 hashes;
// values that must be shown again (API keys, TOTP secrets) are AES-256-GCM encrypted.
import {
  createCipheriv,
  createDecipheriv,
  createHash,
  randomBytes,
  randomFillSync,
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

// Random bytes for ids and codes, drawn 4 KB at a time (as randomUUID does), not a call per id:
// a call to randomBytes cost 5-25 us, and every vend takes a code and ids (issue 17).
const pool = Buffer.alloc(4096);
let poolAt = pool.length;

/** The offset in `pool` of n fresh random bytes (n <= 64). */
function pooled(n: number): number {
  if (poolAt + n > pool.length) {
    randomFillSync(pool);
    poolAt = 0;
  }
  const at = poolAt;
  poolAt += n;
  return at;
}

/** A code people can read out (no I, L, O, U): `VND-7KQ2...`. */
const CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export function readableCode(prefix: string, n: number): string {
  if (n > 64) throw new RangeError('readableCode: at most 64 characters');
  const at = pooled(n);
  let code = `${prefix}-`;
  for (let i = at; i < at + n; i++) code += CODE_ALPHABET[pool[i] % 32];
  return code;
}

/**
 * A time-ordered UUID (version 7, RFC 9562): 48 bits of Unix milliseconds, then 74 random bits.
 * The same as the database's uuid_v7() (migration 0021), for rows whose id the server makes.
 */
export function uuidV7(now = Date.now()): string {
  const at = pooled(10);
  const b = Buffer.allocUnsafe(16);
  b.writeUIntBE(now, 0, 6);
  pool.copy(b, 6, at, at + 10);
  b[6] = (b[6] & 0x0f) | 0x70;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = b.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
