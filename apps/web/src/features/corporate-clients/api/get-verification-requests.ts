// GET verifications/{param}: clients that asked for verification, by status, with the table pager.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Paginated, VerificationRequestView } from '@vendport/shared';
import { api } from '@/lib/api-client';

export type VerificationFilters = {
  status: 'all' | 'pending' | 'verified' | 'declined';
  page: number;
  limit: number;
  search?: string;
  startDate?: string;
  endDate?: string;
  clientType?: string;
};

export const useVerificationRequests = ({ status, ...query }: VerificationFilters) =>
  useQuery({
    queryKey: ['verifications', 'list', status, query],
    queryFn: ({ signal }) =>
      api.get<Paginated<VerificationRequestView>>(`verifications/${status}`, { query, signal }),
    placeholderData: keepPreviousData,
  });
