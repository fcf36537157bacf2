// Page sizes and list filters of spec §3 and §9.
import { z } from 'zod';

export const PAGE_SIZES = [40, 80, 100] as const;
export const DEFAULT_PAGE_SIZE = 40;
export const NOTIFICATIONS_PAGE_SIZE = 40;

export const pageQuery = z.object({
  page: z.coerce.number().int().min(1, 'page must be 1 or more').default(1),
  limit: z.coerce
    .number()
    .int()
    .refine((n) => (PAGE_SIZES as readonly number[]).includes(n), 'limit must be 40, 80 or 100')
    .default(DEFAULT_PAGE_SIZE),
});

/** A history's keyset pager: `cursor` from a page's nextCursor or prevCursor, `page` the number shown. */
export const cursorQuery = z.object({
  cursor: z
    .string()
    .max(400, 'The page cursor is not valid: open the list from its first page')
    .optional()
    .describe('nextCursor or prevCursor of the page before; send page±1 with it'),
});

/** A real calendar day (2024-02-31 and 2024-13-01 are refused, not turned into other days). */
const isoDate = z.iso.date({ error: 'Use a real date in the format YYYY-MM-DD' });

/** Common filters: search and a date range (inclusive, calendar days in Africa/Lagos). */
export const listFilters = pageQuery.extend({
  search: z.string().trim().max(100).optional(),
  startDate: isoDate.optional(),
  endDate: isoDate.optional(),
});
export type ListFilters = z.infer<typeof listFilters>;

export const dateOnly = isoDate;

export function pageMeta(total: number, page: number, limit: number) {
  const lastPage = Math.max(1, Math.ceil(total / limit));
  return { currentPage: page, lastPage, hasMorePages: page < lastPage, total, limit };
}
