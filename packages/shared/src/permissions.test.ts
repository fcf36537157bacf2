import { describe, expect, it } from 'vitest';
import { ALL_ADMIN_PERMISSIONS, ALL_CORPORATE_PERMISSIONS, isPermissionOf } from './permissions';

describe('permission catalogue', () => {
  it('[PERMISSIONS] knows each area’s own permissions, and nothing else (not inherited names)', () => {
    for (const p of ALL_ADMIN_PERMISSIONS) expect(isPermissionOf('ADMIN', p)).toBe(true);
    for (const p of ALL_CORPORATE_PERMISSIONS) expect(isPermissionOf('CORPORATE', p)).toBe(true);
    expect(isPermissionOf('CORPORATE', 'admins.manage')).toBe(false);
    for (const p of ['constructor', '__proto__', 'toString', 'hasOwnProperty', ''])
      for (const area of ['ADMIN', 'CORPORATE'] as const) expect(isPermissionOf(area, p)).toBe(false);
  });
});
