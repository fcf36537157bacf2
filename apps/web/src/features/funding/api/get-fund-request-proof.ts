import { useMutation } from '@tanstack/react-query';
import { apiDownload } from '@/lib/api-client';

/** The proof of payment attached to a fund request (served behind the bearer token). */
export const getFundRequestProof = (fundRequestId: string) =>
  apiDownload(`fund-requests/${encodeURIComponent(fundRequestId)}/proof`);

export const useFundRequestProof = () => useMutation({ mutationFn: getFundRequestProof });
