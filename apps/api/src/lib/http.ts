// Small helpers for handlers: the success envelope and paged lists.
import { pageMeta } from '@vendport/shared';

export const ok = <T>(message: string, data: T) => ({ success: true as const, message, data });

export const page = <T>(message: string, rows: T[], total: number, pageNo: number, limit: number) => ({
  success: true as const,
  message,
  data: rows,
  ...pageMeta(total, pageNo, limit),
});

/** Start of a calendar day (Africa/Lagos, UTC+1, no DST) as a UTC instant. */
export function lagosDayStart(isoDate: string): Date {
  return new Date(`${isoDate}T00:00:00+01:00`);
}
/** The instant just after the end of a calendar day in Lagos. */
export function lagosDayEnd(isoDate: string): Date {
  const d = lagosDayStart(isoDate);
  return new Date(d.getTime() + 24 * 3600 * 1000);
}
