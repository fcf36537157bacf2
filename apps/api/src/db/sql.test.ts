import { describe, expect, it } from 'vitest';
import { containing, isUniqueViolation, pgErrorCode } from './sql';

describe('[SQL] shared helpers', () => {
  it('[SQL] search text is matched literally: % and _ are not wildcards', () => {
    expect(containing('50%_off\\')).toBe('%50\\%\\_off\\\\%');
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
