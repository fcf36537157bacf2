// POST onboard and the form's data (GET onboarding-data as an admin: client types, services).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminOnboardingDataView, OnboardBody } from '@vendport/shared';
import { type ApiEnvelope, type ApiSuccess, api } from '@/lib/api-client';
import { clientKeys } from './query-keys';

export const useOnboardingData = () =>
  useQuery({
    queryKey: ['onboarding-data', 'admin'],
    queryFn: ({ signal }) => api.get<ApiSuccess<AdminOnboardingDataView>>('onboarding-data', { signal }),
    select: (res) => res.data,
  });

export function useOnboardClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OnboardBody) =>
      api.post<ApiEnvelope<{ corporateId: string; userId: string; email: string }>>('onboard', body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: clientKeys.all }),
  });
}
