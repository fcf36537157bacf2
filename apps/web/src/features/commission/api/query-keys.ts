import { MONEY_QUERY_ROOTS } from '@/lib/money-queries';

// The report itself is lib/api/get-commissions (commissionReportKey), under the same root.
export const commissionKeys = {
  all: [MONEY_QUERY_ROOTS.commissions] as const,
  settlements: () => [...commissionKeys.all, 'settlements'] as const,
};
