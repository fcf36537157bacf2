import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AuditView, KeysetPaginated } from '@vendport/shared';
import { api } from '@/lib/api-client';
import { type AuditFilters, auditKeys } from './query-keys';

export const AUDIT_PATH = 'audit-trails';

export const getAuditTrail = (f: AuditFilters, signal?: AbortSignal) =>
  api.get<KeysetPaginated<AuditView>>(AUDIT_PATH, { query: f, signal });

export const auditTrailQueryOptions = (f: AuditFilters) =>
  queryOptions({
    queryKey: auditKeys.list(f),
    queryFn: ({ signal }) => getAuditTrail(f, signal),
    placeholderData: keepPreviousData,
  });

export const useAuditTrail = (f: AuditFilters) => useQuery(auditTrailQueryOptions(f));
