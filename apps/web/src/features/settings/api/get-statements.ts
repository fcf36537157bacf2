import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Paginated, StatementView } from '@vendport/shared';
import { api } from '@/lib/api-client';
import { settingsKeys } from './query-keys';

/** My statements, latest period first. */
export const getStatements = (page: number, limit: number, signal?: AbortSignal) =>
  api.get<Paginated<StatementView>>('reconciliation/statements', { query: { page, limit }, signal });

export const statementsQueryOptions = (page: number, limit: number) =>
  queryOptions({
    queryKey: settingsKeys.statements(page, limit),
    queryFn: ({ signal }) => getStatements(page, limit, signal),
    placeholderData: keepPreviousData,
  });

export const useStatements = (page: number, limit: number) => useQuery(statementsQueryOptions(page, limit));
