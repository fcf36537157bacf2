export type AuditFilters = {
  page: number;
  limit: number;
  /** The keyset cursor of the page shown (histories; none on page 1). */
  cursor?: string;
  startDate?: string;
  endDate?: string;
  actor?: string;
  action?: string;
  targetType?: string;
  corporateId?: string;
};

export const auditKeys = {
  all: ['audit-trail'] as const,
  list: (f: AuditFilters) => [...auditKeys.all, 'list', f] as const,
};
