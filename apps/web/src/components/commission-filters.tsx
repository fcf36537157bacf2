// The commission report's filters, kept in the URL, for the client's Commission screen and the
// admin's Analytics: the period, the network and the service type; VendPort staff also narrow by
// client type. Each audience words the service filter its own way.
import { useMemo } from 'react';
import { FilterBar, type FilterField, useUrlFilters } from '@/components/ui/filter-bar';
import type { CommissionFilters } from '@/lib/api/get-commissions';
import { NETWORK_OPTIONS, SERVICE_TYPE_OPTIONS } from '@/lib/catalogue-labels';
import { CLIENT_TYPE_OPTIONS } from '@/lib/labels';

export type CommissionAudience = 'client' | 'admin';

const NAMES = ['startDate', 'endDate', 'network', 'serviceType', 'clientType'] as const;

const PERIOD_AND_NETWORK: readonly FilterField[] = [
  { kind: 'date', name: 'startDate', label: 'Start date', pair: 'endDate', end: 'start' },
  { kind: 'date', name: 'endDate', label: 'End date', pair: 'startDate', end: 'end' },
  {
    kind: 'select',
    name: 'network',
    label: 'Network',
    options: NETWORK_OPTIONS,
    allLabel: 'All networks',
  },
];

const FIELDS: Record<CommissionAudience, readonly FilterField[]> = {
  client: [
    ...PERIOD_AND_NETWORK,
    {
      kind: 'select',
      name: 'serviceType',
      label: 'Type',
      options: SERVICE_TYPE_OPTIONS,
      allLabel: 'All types',
    },
  ],
  admin: [
    ...PERIOD_AND_NETWORK,
    {
      kind: 'select',
      name: 'serviceType',
      label: 'Service',
      options: SERVICE_TYPE_OPTIONS,
      allLabel: 'Airtime and data',
    },
    {
      kind: 'select',
      name: 'clientType',
      label: 'Client type',
      options: CLIENT_TYPE_OPTIONS,
      allLabel: 'All types',
    },
  ],
};

/** The report's filters from the URL ('' when unset); clientType only for staff. */
export function useCommissionFilters(audience: CommissionAudience): CommissionFilters {
  const { startDate, endDate, network, serviceType, clientType } = useUrlFilters(NAMES);
  const byClientType = audience === 'admin';
  return useMemo(
    () => ({ startDate, endDate, network, serviceType, ...(byClientType ? { clientType } : {}) }),
    [startDate, endDate, network, serviceType, clientType, byClientType],
  );
}

export function CommissionFilterBar({ audience }: { audience: CommissionAudience }) {
  return <FilterBar label="Commission filters" fields={FIELDS[audience]} />;
}
