// Test data builders for the catalogue, VTU and commission screens.
import type { CommissionsView, DataPlanView, ServiceView, VtuLineView } from '@vendport/shared';

export function makeService(overrides: Partial<ServiceView> = {}): ServiceView {
  return {
    id: '0b6c2a55-8f1e-4d6a-9c1b-1a2b3c4d5e01',
    network: 'MTN',
    service: 'AIRTIME',
    platform: 'AGGREGATOR',
    fallbackPlatforms: ['VTU'],
    commissionBps: 300,
    commission: '3.00',
    minAmountKobo: 5_000,
    minAmount: '₦50.00',
    maxAmountKobo: 5_000_000,
    maxAmount: '₦50,000.00',
    status: 'ACTIVE',
    assigned: null,
    createdAt: '2026-01-02T09:00:00.000Z',
    updatedAt: '2026-01-02T09:00:00.000Z',
    ...overrides,
  };
}

export function makeDataPlan(overrides: Partial<DataPlanView> = {}): DataPlanView {
  return {
    id: '7d1e3f20-5a6b-4c7d-8e9f-0a1b2c3d4e51',
    network: 'MTN',
    code: 'MTN-1.5GB-30D',
    name: 'MTN 1.5GB monthly',
    size: '1.5GB',
    validity: '30 days',
    priceKobo: 150_000,
    price: '₦1,500.00',
    status: 'ACTIVE',
    createdAt: '2026-01-02T09:00:00.000Z',
    updatedAt: '2026-01-02T09:00:00.000Z',
    ...overrides,
  };
}

export function makeVtuLine(overrides: Partial<VtuLineView> = {}): VtuLineView {
  return {
    id: '3f9a1c2e-4b5d-4e6f-8a7b-9c0d1e2f3a41',
    code: 'VTU-7K3QX9',
    name: 'MTN dealer line 1',
    network: 'MTN',
    msisdn: '+2348031112222',
    status: 'ACTIVE',
    publicApi: true,
    corporateId: null,
    corporateName: null,
    floatKobo: 25_000_000,
    float: '₦250,000.00',
    providerBalanceKobo: null,
    providerBalance: null,
    balanceCheckedAt: null,
    createdAt: '2026-01-02T09:00:00.000Z',
    ...overrides,
  };
}

export function makeCommissions(overrides: Partial<CommissionsView> = {}): CommissionsView {
  const line = { vends: 0, amountKobo: 0, amount: '₦0.00', commissionKobo: 0, commission: '₦0.00' };
  return {
    totals: { ...line, upfrontKobo: 0, accruedKobo: 0, settledKobo: 0 },
    commissionBalanceKobo: null,
    unsettledKobo: null,
    upfrontCommission: null,
    byDay: [],
    byService: [],
    byClient: null,
    ...overrides,
  };
}
