import { MONEY_QUERY_ROOTS } from '@/lib/money-queries';

/** The range of a home screen, as it sits in the URL. */
export type HomeRange = {
  filter: 'today' | 'week' | 'month' | 'custom';
  startDate?: string;
  endDate?: string;
};

export const overviewKeys = {
  all: [MONEY_QUERY_ROOTS.reports, 'overview'] as const,
  corporate: (r: HomeRange) => [...overviewKeys.all, 'corporate', r] as const,
  admin: (r: { startDate: string; endDate: string }) => [...overviewKeys.all, 'admin', r] as const,
};
