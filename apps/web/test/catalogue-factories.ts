// Test data builders for the catalogue, VTU, commission and vending screens.
import type {
  CommissionsView,
  DataPlanView,
  ServiceView,
  VendDetailView,
  VendView,
  VtuLineView,
} from '@vendport/shared';

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
    providerBalanceKobo: null,
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
    pendingKobo: null,
    upfrontCommission: null,
    byDay: [],
    byService: [],
    byClient: null,
    ...overrides,
  };
}

/** Services assigned to the vending account: MTN, Airtel and Glo airtime and data; no 9mobile. */
export const SERVICES: ServiceView[] = [
  makeService({ id: 'svc_mtn_airtime', assigned: true }),
  makeService({
    id: 'svc_mtn_data',
    assigned: true,
    service: 'DATA',
    commissionBps: 200,
    commission: '2.00',
  }),
  makeService({
    id: 'svc_airtel_airtime',
    assigned: true,
    network: 'AIRTEL',
    commissionBps: 350,
    commission: '3.50',
  }),
  makeService({
    id: 'svc_glo_airtime',
    assigned: true,
    network: 'GLO',
    commissionBps: 450,
    commission: '4.50',
  }),
  makeService({
    id: 'svc_glo_data',
    assigned: true,
    network: 'GLO',
    service: 'DATA',
    commissionBps: 250,
    commission: '2.50',
  }),
];

export const PLANS: DataPlanView[] = [
  makeDataPlan({ id: 'plan_mtn_1_5' }),
  makeDataPlan({
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
    attempts: [],
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
