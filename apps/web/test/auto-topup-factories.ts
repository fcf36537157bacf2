// Auto top-up as the web tests build it: a signed-in client with auto top-up on, its settings,
// the routes every auto top-up screen reads, and subscribers (a line, and a meter: issue 51
// point 5). Shared by the auto top-up screens' tests and the forms walk (test/form-cases.tsx).
import type { AutoTopupSettingsView, AutoTopupSubscriberView } from '@vendport/shared';
import { sessionStore } from '@/lib/session';
import { bill } from './bill-factories';
import { makeUser } from './factories';

const ok = (data: unknown) => ({ success: true, message: 'ok', data });

/** A client user of a verified account whose platform switch for auto top-up is on. */
export const asAutoTopupClient = (permissions = ['autotopup.read', 'autotopup.manage']) =>
  sessionStore.login(
    makeUser({
      permissions,
      corporate: {
        id: 'corp_1',
        name: 'Acme Ltd',
        clientType: 'PREPAID',
        status: 'ACTIVE',
        verificationStatus: 'VERIFIED',
        verificationRequestedAt: '2026-01-05T10:00:00Z',
        testMode: false,
        testModeAllowed: false,
        autoTopUpEnabled: true,
      },
    }),
    'tok',
    false,
  );

export const autoTopupSettingsOf = (over: Partial<AutoTopupSettingsView> = {}): AutoTopupSettingsView => ({
  platformEnabled: true,
  enabled: true,
  defaultTime: '08:00',
  dailyCapKobo: null,
  dailyCap: null,
  monthlyCapKobo: null,
  monthlyCap: null,
  insufficientFundsPolicy: 'SKIP_NOTIFY',
  spentTodayKobo: 0,
  spentToday: '₦0.00',
  spentThisMonthKobo: 0,
  spentThisMonth: '₦0.00',
  updatedAt: null,
  ...over,
});

/** What the client area's frame and the auto top-up screens read before their lists. */
export const autoTopupLayout = (settings: AutoTopupSettingsView) => [
  { path: '/api/v1/notifications/unread-count', body: ok({ count: 0 }) },
  { path: '/api/v1/me', body: ok(sessionStore.getSnapshot()?.user) },
  { path: '/api/v1/auto-topup/settings', body: ok(settings) },
];

// The meter's bill as the Bills page's fixture has it (bill-factories).
const { biller, billerName, customerNumber, meterType, subscriptionType, bouquetCode, customerName } = bill(
  {},
);

/** A prepaid meter of Ikeja Electric paid ₦5,000 monthly, verified as TESTMETER1. */
export const meterSubscriber: AutoTopupSubscriberView = {
  id: 's-meter',
  name: 'Shop meter',
  phone: '+2348031234567',
  network: 'IKEDC',
  type: 'ELECTRICITY',
  amountKobo: 500_000,
  amount: '₦5,000.00',
  planCode: null,
  bill: { biller, billerName, customerNumber, meterType, subscriptionType, bouquetCode, customerName },
  frequency: 'MONTHLY',
  weekday: null,
  monthDay: 1,
  onceDate: null,
  time: '08:00',
  schedule: 'Monthly on day 1 at 8:00 AM',
  paused: false,
  nextRunAt: '2026-12-01T07:00:00.000Z',
  createdAt: '2026-11-29T10:00:00Z',
};
