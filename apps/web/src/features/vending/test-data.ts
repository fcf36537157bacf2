// Builders of vending data for this feature's component tests.
import type { DataPlanView, ServiceView, VendDetailView, VendView } from '@vendport/shared';

export function makeService(overrides: Partial<ServiceView> = {}): ServiceView {
  return {
    id: 'svc_mtn_airtime',
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
    assigned: true,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** MTN, Airtel and Glo airtime and data; no 9mobile. */
export const SERVICES: ServiceView[] = [
  makeService(),
  makeService({ id: 'svc_mtn_data', service: 'DATA', commissionBps: 200, commission: '2.00' }),
  makeService({ id: 'svc_airtel_airtime', network: 'AIRTEL', commissionBps: 350, commission: '3.50' }),
  makeService({ id: 'svc_glo_airtime', network: 'GLO', commissionBps: 450, commission: '4.50' }),
  makeService({
    id: 'svc_glo_data',
    network: 'GLO',
    service: 'DATA',
    commissionBps: 250,
    commission: '2.50',
  }),
];

export function makePlan(overrides: Partial<DataPlanView> = {}): DataPlanView {
  return {
    id: 'plan_mtn_1_5',
    network: 'MTN',
    code: 'MTN-1.5GB-30D',
    name: 'MTN 1.5GB monthly',
    size: '1.5GB',
    validity: '30 days',
    priceKobo: 150_000,
    price: '₦1,500.00',
    status: 'ACTIVE',
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export const PLANS: DataPlanView[] = [
  makePlan(),
  makePlan({
    id: 'plan_glo_1',
    network: 'GLO',
    code: 'GLO-1GB-14D',
    name: 'Glo 1GB fortnightly',
    size: '1GB',
    validity: '14 days',
    priceKobo: 50_000,
    price: '₦500.00',
  }),
];

export function makeVend(overrides: Partial<VendView> = {}): VendView {
  return {
    id: 'vnd_1',
    code: 'VND-7K3QX9M2AB12',
    reference: 'PTL-abc123',
    mode: 'LIVE',
    channel: 'PORTAL',
    status: 'SUCCESSFUL',
    phone: '+2348031234567',
    network: 'MTN',
    type: 'AIRTIME',
    platform: 'AGGREGATOR',
    planCode: null,
    planName: null,
    amountKobo: 50_000,
    amount: '₦500.00',
    chargedKobo: 50_000,
    charged: '₦500.00',
    commissionKobo: 1_500,
    commission: '₦15.00',
    commissionMode: 'ACCRUED',
    failureReason: null,
    createdAt: '2026-01-05T10:15:00.000Z',
    completedAt: '2026-01-05T10:15:02.000Z',
    reversedAt: null,
    ...overrides,
  };
}

export function makeVendDetail(overrides: Partial<VendDetailView> = {}): VendDetailView {
  return {
    ...makeVend(),
    corporateId: 'corp_1',
    corporateName: 'Acme Telecoms Ltd',
    events: [
      {
        type: 'CREATED',
        status: 'PENDING',
        provider: null,
        outcome: null,
        message: 'Vend of ₦500.00 to +2348031234567; ₦500.00 debited',
        createdAt: '2026-01-05T10:15:00.000Z',
      },
      {
        type: 'PROVIDER_CALL',
        status: null,
        provider: null,
        outcome: 'SUCCESS',
        message: 'Delivered',
        createdAt: '2026-01-05T10:15:01.000Z',
      },
      {
        type: 'STATUS',
        status: 'SUCCESSFUL',
        provider: null,
        outcome: null,
        message: 'Delivered',
        createdAt: '2026-01-05T10:15:02.000Z',
      },
    ],
    admin: null,
    ...overrides,
  };
}
