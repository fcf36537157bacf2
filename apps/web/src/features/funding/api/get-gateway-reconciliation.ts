import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GatewayReconciliationView } from '@vendport/shared';
import { type ApiEnvelope, api } from '@/lib/api-client';
import { fundingKeys } from './query-keys';

export const GATEWAY_RECONCILIATION_PATH = 'gateway-reconciliation';

/** The latest runs against Paystack and the discrepancies (OPEN, RESOLVED, or both). */
export const getGatewayReconciliation = (status: string | undefined, signal?: AbortSignal) =>
  api.get<ApiEnvelope<GatewayReconciliationView>>(GATEWAY_RECONCILIATION_PATH, { query: { status }, signal });

export const gatewayReconciliationQueryOptions = (status: string | undefined) =>
  queryOptions({
    queryKey: fundingKeys.gatewayReconciliation(status),
    queryFn: ({ signal }) => getGatewayReconciliation(status, signal),
  });

export const useGatewayReconciliation = (status: string | undefined) =>
  useQuery(gatewayReconciliationQueryOptions(status));
