import { describe, expect, it } from 'vitest';
import { readableCode, uuidV7 } from './crypto';

const V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('[CRYPTO] uuidV7', () => {
  it('is a version 7 UUID whose first 48 bits are the milliseconds', () => {
    const at = Date.UTC(2026, 10, 25, 22, 30, 0, 123);
    const id = uuidV7(at);
    expect(id).toMatch(V7);
    expect(Number.parseInt(id.replace(/-/g, '').slice(0, 12), 16)).toBe(at);
  });

  it('orders by time across milliseconds, and never repeats (well past one draw of its random pool)', () => {
    const ids = Array.from({ length: 2_000 }, (_, i) => uuidV7(1_800_000_000_000 + i));
    expect([...ids].sort()).toEqual(ids);
    const same = Array.from({ length: 2_000 }, () => uuidV7(1_800_000_000_000));
    expect(new Set([...ids, ...same]).size).toBe(4_000);
    for (const id of same) expect(id).toMatch(V7);
  });
});

describe('[CRYPTO] readableCode', () => {
  it('is the prefix and n characters people can read out, fresh each time (well past one draw of the pool)', () => {
    const codes = Array.from({ length: 5_000 }, () => readableCode('VND', 12));
    for (const c of codes) expect(c).toMatch(/^VND-[0-9ABCDEFGHJKMNPQRSTVWXYZ]{12}$/);
    expect(new Set(codes).size).toBe(codes.length);
    // Every character of the alphabet is drawn (60,000 draws of 32 equally likely ones).
    expect(new Set(codes.join('').replace(/VND-/g, '')).size).toBe(32);
    expect(readableCode('VTU', 6)).toMatch(/^VTU-[0-9A-Z]{6}$/);
    expect(() => readableCode('X', 65)).toThrow(RangeError);
  });
});
