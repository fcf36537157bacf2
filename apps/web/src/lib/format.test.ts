import { describe, expect, it } from 'vitest';
import { makeUser } from '../../test/factories';
import { ApiError } from './api-client';
import {
  addThousandsSeparators,
  formatDate,
  formatDayHeading,
  formatNaira,
  formatShortDate,
  formatShortDateTime,
  formatTime,
} from './format';
import { DEFAULT_IDLE_TIMEOUT_MS, getIdleTimeoutMs, IDLE_TIMEOUT_STORAGE_KEY } from './idle';
import { GC_TIME_MS, queryConfig, shouldRetry } from './query-client';
import { userFromData } from './session';

describe('formats (spec §9)', () => {
  // 14:07 UTC is 3:07 PM in Lagos (UTC+1), whatever the machine's zone.
  const at = '2026-01-05T14:07:00Z';
  it('[FORMAT] dates in Africa/Lagos: a vend at 23:30 UTC belongs to the next day', () => {
    expect(formatDate('2025-12-31T23:30:00Z')).toBe('01/01/2026');
    expect(formatShortDateTime('2025-12-31T23:30:00Z')).toBe('Jan 1, 12:30 AM');
    expect(formatDayHeading('2026-03-10T22:59:59Z')).toBe('10 Mar, 2026');
  });
  it('[FORMAT] dates: DD/MM/YYYY, D MMM, YYYY, MMM D, h:mm A', () => {
    expect(formatDate(at)).toBe('05/01/2026');
    expect(formatDayHeading(at)).toBe('5 Jan, 2026');
    expect(formatShortDate(at)).toBe('Jan 5');
    expect(formatTime(at)).toBe('3:07 PM');
    expect(formatShortDateTime(at)).toBe('Jan 5, 3:07 PM');
  });

  it('[FORMAT] a missing date shows "—" (or the given fallback: the spec\'s NIL where it shows it)', () => {
    expect(formatDate(null)).toBe('—');
    expect(formatDate('not a date')).toBe('—');
    expect(formatDate(null, 'NIL')).toBe('NIL');
    expect(formatDayHeading(undefined, '-')).toBe('-');
  });

  it('[FORMAT] money comes from the shared module: en-NG naira from kobo', () => {
    expect(formatNaira(250050)).toBe('₦2,500.50');
    expect(addThousandsSeparators('1234567.5')).toBe('1,234,567.5');
  });
});

describe('idle timeout (spec §9)', () => {
  it('[IDLE] defaults to 20 minutes', () => {
    expect(DEFAULT_IDLE_TIMEOUT_MS).toBe(1_200_000);
    expect(getIdleTimeoutMs()).toBe(1_200_000);
  });

  it('[IDLE] a local-storage override wins; nonsense is ignored', () => {
    window.localStorage.setItem(IDLE_TIMEOUT_STORAGE_KEY, '1500');
    expect(getIdleTimeoutMs()).toBe(1500);
    window.localStorage.setItem(IDLE_TIMEOUT_STORAGE_KEY, '-3');
    expect(getIdleTimeoutMs()).toBe(1_200_000);
  });
});

describe('query defaults (spec §8/§9)', () => {
  it('[QUERY] failed calls are retried at most 2 times; cached data kept 60 s', () => {
    const boom = new ApiError(502, 'Bad gateway');
    expect(shouldRetry(0, boom)).toBe(true);
    expect(shouldRetry(1, boom)).toBe(true);
    expect(shouldRetry(2, boom)).toBe(false);
    expect(shouldRetry(0, new ApiError(404, 'Not found'))).toBe(false);
    expect(queryConfig.queries?.gcTime).toBe(GC_TIME_MS);
    expect(GC_TIME_MS).toBe(60_000);
  });
});

describe('userFromData', () => {
  it('[SESSION] reads the user from { user } or from the data itself', () => {
    const user = makeUser();
    expect(userFromData({ user })).toEqual(user);
    expect(userFromData(user)).toEqual(user);
    expect(userFromData(null)).toBeNull();
    expect(userFromData({ count: 1 })).toBeNull();
  });
});
