// Bills of the client area and the admin's billers, as the web tests build them (the Bills page's
// tests and the forms walk, apps/web/test/form-cases.tsx), and the Bills page's client and stubs.
import type { BillerView, BillVerificationView, BillView, BouquetView } from '@vendport/shared';
import { sessionStore } from '@/lib/session';
import { makeUser, makeWalletBalance, type stubFetch } from './factories';

export const biller = (over: Partial<BillerView>): BillerView => ({
  id: `srv-${over.code}`,
  code: 'IKEDC',
  kind: 'ELECTRICITY',
  name: 'Ikeja Electric',
  customerNumberLabel: 'Meter number',
  meterTypes: ['PREPAID', 'POSTPAID'],
  providerVerifies: true,
  commissionBps: 100,
  commission: '1.00',
  minAmountKobo: 50_000,
  minAmount: '500.00',
  maxAmountKobo: 50_000_000,
  maxAmount: '500000.00',
  status: 'ACTIVE',
  assigned: true,
  updatedAt: '2026-11-01T10:00:00.000Z',
  ...over,
});

export const ELECTRICITY = [
  biller({ code: 'IKEDC' }),
  biller({ code: 'EKEDC', name: 'Eko Electric', assigned: false }),
];
export const TV = [
  biller({
    code: 'DSTV',
    kind: 'TV',
    name: 'DStv',
    customerNumberLabel: 'Smartcard number',
    meterTypes: [],
    commissionBps: 50,
    commission: '0.50',
    minAmountKobo: 10_000,
    minAmount: '100.00',
  }),
];
export const BOUQUETS: BouquetView[] = [
  {
    id: 'b1',
    biller: 'DSTV',
    code: 'dstv-padi',
    name: 'DStv Padi',
    priceKobo: 440_000,
    price: '4400.00',
    status: 'ACTIVE',
    updatedAt: '',
  },
  {
    id: 'b2',
    biller: 'DSTV',
    code: 'dstv-compact',
    name: 'DStv Compact',
    priceKobo: 1_900_000,
    price: '19000.00',
    status: 'ACTIVE',
    updatedAt: '',
  },
];

export const verification = (over: Partial<BillVerificationView>): BillVerificationView => ({
  id: '0b7f6f1e-7a38-4c1e-9d2a-2f1c2b1a0a01',
  biller: 'IKEDC',
  kind: 'ELECTRICITY',
  customerNumber: '1111111111111',
  meterType: 'PREPAID',
  customerName: 'TESTMETER1',
  address: 'ABULE - EGBA BU ABULE',
  currentBouquet: null,
  currentBouquetCode: null,
  renewalAmountKobo: null,
  renewalAmount: null,
  dueDate: null,
  minimumAmountKobo: null,
  verifiedAt: '2026-11-29T10:00:00.000Z',
  expiresAt: '2026-11-29T10:10:00.000Z',
  mode: 'LIVE',
  ...over,
});

export const bill = (over: Partial<BillView>): BillView => ({
  id: 'vnd-1',
  code: 'VND-ABC123',
  reference: 'PTL-X',
  mode: 'LIVE',
  channel: 'PORTAL',
  status: 'SUCCESSFUL',
  kind: 'ELECTRICITY',
  biller: 'IKEDC',
  billerName: 'Ikeja Electric',
  customerNumber: '1111111111111',
  meterType: 'PREPAID',
  subscriptionType: null,
  bouquetCode: null,
  bouquetName: null,
  customerName: 'TESTMETER1',
  customerAddress: 'ABULE - EGBA BU ABULE',
  phone: '+2348031234567',
  email: null,
  verificationId: '0b7f6f1e-7a38-4c1e-9d2a-2f1c2b1a0a01',
  amountKobo: 500_000,
  amount: '5000.00',
  chargedKobo: 500_000,
  charged: '5000.00',
  commissionKobo: 5_000,
  commission: '50.00',
  commissionMode: 'ACCRUED',
  token: '26362054405982757802',
  units: '79.9 kWh',
  receiptReference: null,
  details: [],
  failureReason: null,
  createdAt: '2026-11-29T10:01:00.000Z',
  completedAt: '2026-11-29T10:01:02.000Z',
  reversedAt: null,
  ...over,
});

type Route = Parameters<typeof stubFetch>[0][number];
const ok = (data: unknown) => ({ success: true, message: 'ok', data });

/** A client user who may pay bills and read the wallet and commission, signed in. */
export function signInBillsClient() {
  sessionStore.login(
    makeUser({ permissions: ['vend', 'transactions.read', 'wallet.read', 'commission.read'] }),
    'tok',
    false,
  );
}

/** What the Bills page reads before its forms: the billers, DStv's bouquets, the wallet, the terms. */
export const BILLS_PAGE_GETS: Route[] = [
  { path: '/api/v1/bills/billers?kind=ELECTRICITY', body: ok(ELECTRICITY) },
  { path: '/api/v1/bills/billers?kind=TV', body: ok(TV) },
  { path: '/api/v1/bills/billers/DSTV/bouquets', body: ok(BOUQUETS) },
  {
    path: '/api/v1/get-wallet-balance',
    body: ok(makeWalletBalance({ balanceKobo: 2_000_000, availableKobo: 2_000_000 })),
  },
  { path: /^\/api\/v1\/commissions\?/, body: ok({ upfrontCommission: false }) },
];

/** The Bills page's reads and the layout's (after `extra`, which comes first and wins). */
export function billsPageRoutes(extra: Route[] = []): Route[] {
  return [
    ...extra,
    { path: '/api/v1/notifications/unread-count', body: ok({ count: 0 }) },
    { path: '/api/v1/me', body: ok(sessionStore.getSnapshot()?.user) },
    ...BILLS_PAGE_GETS,
  ];
}
