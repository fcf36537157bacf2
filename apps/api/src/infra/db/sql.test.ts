import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { vends } from './schema';
import { containing, isUniqueViolation, msisdnContaining, pgErrorCode } from './sql';

describe('[SQL] shared helpers', () => {
  it('[SQL] search text is matched literally: % and _ are not wildcards', () => {
    expect(containing('50%_off\\')).toBe('%50\\%\\_off\\\\%');
  });
  it('[SQL] a phone typed any way is searched by its last ten digits; a reference with digits is not a phone', () => {
    const params = (term: string) => {
      const q = msisdnContaining(vends.msisdn, term);
      return q ? new PgDialect().sqlToQuery(q).params : undefined;
    };
    expect(params('0803 123 4567')).toEqual(['%8031234567%']);
    expect(params('+2348031234567')).toEqual(['%8031234567%']);
    expect(params('(0803) 123-4567')).toEqual(['%8031234567%']);
    expect(params('8031')).toEqual(['%8031%']);
    expect(params('803')).toBeUndefined();
    // A reference's digits (here 8031234) would otherwise match every number containing them.
    expect(params('REF-8031234')).toBeUndefined();
    expect(params('VND-M8031X234')).toBeUndefined();
  });
  it('[SQL] error codes are found through wrappers', () => {
    const wrapped = { message: 'Failed query', cause: { code: '23505', constraint: 'users_email_uq' } };
    expect(pgErrorCode(wrapped)).toBe('23505');
    expect(isUniqueViolation(wrapped)).toBe(true);
    expect(isUniqueViolation(wrapped, 'users_email_uq')).toBe(true);
    expect(isUniqueViolation(wrapped, 'other_uq')).toBe(false);
    expect(pgErrorCode(new Error('plain'))).toBeUndefined();
  });
});
