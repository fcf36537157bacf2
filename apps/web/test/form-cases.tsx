// The table of every form of both areas for the class tests over forms and money fields (issue
// 53 points 1, 5 and 10: src/app/every-form.test.tsx, src/app/every-money-field.test.tsx): for
// each form the source writes, how a person reaches it, what they type, the request it sends and
// how the screen says it succeeded; and the render of a case with its stubs.

import userEvent from '@testing-library/user-event';
import type {
  DataPlanView,
  DiscrepancyView,
  GatewayDiscrepancyView,
  ProviderPlanView,
  SessionUser,
  TeamMemberView,
  UpstreamProviderView,
} from '@vendport/shared';
import type { ReactElement } from 'react';
import { expect, vi } from 'vitest';
import { SendReceiptModal } from '@/components/receipt-actions';
import { FilterBar } from '@/components/ui/filter-bar';
import {
  ApproveModal as ApproveClientModal,
  DeclineModal as DeclineClientModal,
} from '@/features/accounts/components/decision-modals';
import { DeleteRoleModal } from '@/features/admin-management/components/delete-role-modal';
import { MemberActionModal } from '@/features/admin-management/components/member-action-modals';
import {
  EditMemberModal,
  InviteMemberModal,
} from '@/features/admin-management/components/member-form-modals';
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form';
import { SettingsForm } from '@/features/auto-topup/components/settings-form';
import { SubscriberFormModal } from '@/features/auto-topup/components/subscriber-form-modal';
import { BillerFormModal } from '@/features/bills/components/biller-form-modal';
import { ClientRateLimitsCard } from '@/features/corporate-clients/components/client-rate-limits-card';
import { CreditLimitModal } from '@/features/corporate-clients/components/credit-limit-modal';
import { FundWalletModal } from '@/features/corporate-clients/components/fund-wallet-modal';
import {
  AutoTopupModal,
  ResetPasswordModal,
  TestModeModal,
} from '@/features/corporate-clients/components/lifecycle-modals';
import { OnboardClientModal } from '@/features/corporate-clients/components/onboard-client-modal';
import { SettleCommissionModal } from '@/features/corporate-clients/components/settle-commission-modal';
import { StatusModal } from '@/features/corporate-clients/components/status-modal';
import { SwitchTypeModal } from '@/features/corporate-clients/components/switch-type-modal';
import { UpfrontCommissionModal } from '@/features/corporate-clients/components/upfront-commission-modal';
import { DataPlanFormModal } from '@/features/data-plans/components/data-plan-form-modal';
import { ProviderPlanModal } from '@/features/data-plans/components/provider-plan-modal';
import { ResolveModal } from '@/features/discrepancies/components/resolve-modal';
import { RunForm } from '@/features/discrepancies/components/run-form';
import { ApproveModal } from '@/features/funding/components/approve-modal';
import { DeclineModal } from '@/features/funding/components/decline-modal';
import { ResolveDiscrepancyModal } from '@/features/funding/components/resolve-discrepancy-modal';
import { ProfileDetailsForm } from '@/features/profile/components/profile-details-form';
import { TwoFactorCard } from '@/features/profile/components/two-factor-card';
import { UpdatePasswordForm } from '@/features/profile/components/update-password-form';
import { ProviderHealthPanel } from '@/features/providers/components/provider-health-panel';
import { ValuationReport } from '@/features/sales-valuation/components/valuation-report';
import { ServiceFormModal } from '@/features/services/components/service-form-modal';
import { ApiKeysCard } from '@/features/settings/components/api-keys-card';
import { IpAllowlistCard } from '@/features/settings/components/ip-allowlist-card';
import { ModeCard } from '@/features/settings/components/mode-card';
import { PlatformSettingsCard } from '@/features/settings/components/platform-settings-card';
import { ReconciliationCard } from '@/features/settings/components/reconciliation-card';
import { SmtpCard } from '@/features/settings/components/smtp-card';
import { WebhookCard } from '@/features/settings/components/webhook-card';
import { ReverseModal } from '@/features/vending/components/reverse-modal';
import { AddLineModal } from '@/features/vtu/components/add-line-modal';
import { FundLineModal } from '@/features/vtu/components/fund-line-modal';
import { CardFundingCard } from '@/features/wallet/components/card-funding-card';
import { FundRequestForm } from '@/features/wallet/components/fund-request-form';
import { sessionStore } from '@/lib/session';
import { autoTopupSettingsOf, meterSubscriber } from './auto-topup-factories';
import { BILLS_PAGE_GETS, bill, biller, ELECTRICITY, verification } from './bill-factories';
import { makeCommissions, makeDataPlan, makeVend, makeVtuLine, PLANS, SERVICES } from './catalogue-factories';
import { makeCorporateClient, makeFundRequest, makeUser, makeWalletBalance, pageOf } from './factories';
import {
  fillForm,
  renderAlone,
  renderApp,
  SENT_MESSAGE,
  type Sent,
  type StubRoute,
  screen,
  setValue,
  submit,
  waitFor,
  walkFetch,
  within,
} from './form-walk';

const ok = (data: unknown, message = 'ok') => ({ success: true, message, data });
const noop = () => undefined;

type Walk = { sent: Sent[]; gotten: string[] };

export type FormCase = {
  /** The source file that writes the form (relative to src). */
  file: string;
  /** The form as a person names it. */
  name: string;
  /** Who is signed in (null: nobody). */
  user?: Partial<SessionUser> | null;
  /** The component alone, or a path of the app. */
  render: ReactElement | string;
  /** GET answers the screen needs. */
  gets?: StubRoute[];
  /** Answers of the request the form sends (default: a success saying SENT_MESSAGE). */
  answers?: StubRoute[];
  /** What a person does to reach the form; returns it. Default: the one form on screen. */
  open?: () => Promise<HTMLElement>;
  /** Values by label, before the generic filling; or a step of its own after it. */
  values?: Array<[RegExp, string]>;
  fill?: (form: HTMLElement) => Promise<void> | void;
  /** The submit button, when the form has several. */
  button?: RegExp;
  /** What follows the submit before the request (a confirmation dialog's button). */
  afterSubmit?: () => Promise<void>;
  /** The request it sends: "METHOD /api/v1/path" (a search: the address it goes to). */
  sends: string | RegExp;
  /** What says it succeeded, when not the answer's message as a toast (a check of its own). */
  says?: string | RegExp | (() => void);
};

const ADMIN: Partial<SessionUser> = { area: 'ADMIN', roles: ['ADMIN', 'Super Admin'], permissions: [] };
const client = makeCorporateClient();
const CID = client.id;
const member: TeamMemberView = {
  id: '7d1f6b4e-2a3c-4b5d-8e9f-0a1b2c3d4e5f',
  first_name: 'Tunde',
  last_name: 'Clerk',
  email: 'tunde@acme.ng',
  msisdn: null,
  status: 'ACTIVE',
  role: { id: '4f3e2d1c-0b9a-4c8d-9e7f-6a5b4c3d2e1f', name: 'Clerk' },
  defaultPassword: false,
  twoFactorMethod: 'TOTP',
  lastLoginAt: null,
  createdAt: '2026-01-05T10:15:00.000Z',
};
const roles = [
  {
    id: '4f3e2d1c-0b9a-4c8d-9e7f-6a5b4c3d2e1f',
    name: 'Clerk',
    description: 'Buys airtime',
    permissions: ['vend'],
    isSystem: false,
    usersCount: 1,
    createdAt: '2026-01-05T10:15:00.000Z',
  },
];
const discrepancy: DiscrepancyView = {
  id: 'd1',
  kind: 'DELIVERED_AFTER_REFUND',
  source: 'CALLBACK',
  provider: 'VTPASS',
  status: 'OPEN',
  vendId: 'v1',
  vendCode: 'VND-7K3QX9M2',
  vendStatus: 'REVERSED',
  msisdn: '+2348031234567',
  corporateId: CID,
  corporateName: 'Acme Telecoms Ltd',
  reconciliationId: null,
  ourStatus: 'REVERSED',
  ourAmountKobo: 150_000,
  providerStatus: 'delivered',
  providerAmountKobo: 150_000,
  providerReference: 'VTP-1',
  providerMessage: 'TRANSACTION SUCCESSFUL',
  actions: ['CHARGE_AGAIN', 'WRITE_OFF'],
  resolution: null,
  resolutionNote: null,
  resolutionTransferId: null,
  resolvedAt: null,
  createdAt: '2026-01-05T10:15:00.000Z',
} as DiscrepancyView;
const gatewayDiscrepancy: GatewayDiscrepancyView = {
  id: 'g1',
  code: 'GD-1',
  kind: 'UNCREDITED',
  reference: 'CP-7K3QX9M2',
  channel: 'card',
  corporateId: CID,
  corporateName: 'Acme Telecoms Ltd',
  paystackAmountKobo: 500_000,
  paystackCurrency: 'NGN',
  oursAmountKobo: null,
  heldKobo: 0,
  detail: 'Paystack lists it as paid; no credit here.',
  status: 'OPEN',
  resolution: null,
  resolvedAmountKobo: null,
  note: null,
  actions: ['CREDIT', 'WRITE_OFF'],
  createdAt: '2026-01-05T10:15:00.000Z',
  resolvedAt: null,
} as GatewayDiscrepancyView;
const providerPlan: ProviderPlanView = {
  dataPlanId: 'p1',
  network: 'MTN',
  code: 'MTN-1GB-30D',
  name: 'MTN 1GB',
  priceKobo: 100_000,
  status: 'ACTIVE',
  provider: 'VTPASS',
  mapping: null,
} as ProviderPlanView;
const lastHour = { delivered: 412, failed: 3, unknown: 57, timeout: 21, refused: 0, p50Ms: 640, p95Ms: 5000 };
const upstream = {
  id: 'VTPASS',
  name: 'VTpass',
  configured: true,
  usable: true,
  hasBalance: true,
  balanceKobo: 5_000_000,
  balanceCheckedAt: null,
  balanceError: null,
  lowBalance: false,
  last24h: { attempts: 10, ok: 9, failed: 1, unknown: 0, refunded: 0, counted: true, successRate: 0.9 },
  health: { state: 'CLOSED', since: null, reason: null, forced: false, lastHour },
} as unknown as UpstreamProviderView;
const plan: DataPlanView = makeDataPlan();
const onboardingData = {
  clientTypes: [
    { value: 'PREPAID', label: 'Prepaid', credit: false },
    { value: 'POSTPAID', label: 'Postpaid', credit: true },
  ],
  services: [
    {
      id: '11111111-1111-4111-8111-111111111111',
      network: 'MTN',
      service: 'AIRTIME',
      platform: 'AGGREGATOR',
      isDefault: true,
    },
  ],
};
const autoTopupSettings = autoTopupSettingsOf({ spentToday: '0.00', spentThisMonth: '0.00' });
const commissionReport = makeCommissions({
  byClient: [
    {
      corporateId: 'c1',
      corporateName: 'Acme Telecoms Ltd',
      vends: 5,
      amountKobo: 1_000_000,
      commissionKobo: 30_000,
    },
  ],
});
const platformSettings = {
  platformName: 'VendPort',
  supportEmail: 'support@vendport.local',
  supportPhone: '+2348000000000',
  fundingBankName: 'VendPort Demo Bank',
  fundingAccountNumber: '0000000000',
  fundingAccountName: 'VendPort Collections',
  cardFeeRateBps: 150,
  cardFeeFlatKobo: 10_000,
  cardFeeFlatFromKobo: 250_000,
  cardFeeCapKobo: 200_000,
  cardFeeRule: '1.5% of the amount, plus ₦100.00 from ₦2,500.00, capped at ₦2,000.00.',
  lowBalanceThresholdKobo: 0,
  vtuLowFloatThresholdKobo: 5_000_000,
  maxVendAmountKobo: 100_000_000,
  vendFailureAlertCount: 10,
  maintenanceBanner: '',
  apiRateKeyPerS: 20,
  apiRateKeyBurst: 40,
  apiRateClientPerS: 50,
  apiRateClientBurst: 100,
  updatedAt: null,
  smtp: {
    enabled: true,
    host: 'smtp.example.com',
    port: 587,
    user: 'relay',
    secure: false,
    hasPassword: true,
    source: 'SETTINGS',
    updatedAt: '2026-03-01T09:00:00.000Z',
  },
};

/**
 * A success said by the screen around the form (its success dialog, titled by what was done):
 * the form hands it what to say. `doneSaid` checks it did.
 */
const done = vi.fn();
const doneSaid = () => expect(done).toHaveBeenCalled();

/** The one form on screen (a dialog's when one is open). */
async function theForm(name?: string | RegExp): Promise<HTMLElement> {
  if (name) return screen.findByRole('form', { name });
  return waitFor(() => {
    const dialogs = screen.queryAllByRole('dialog');
    const scope = dialogs.length ? dialogs[dialogs.length - 1] : document.body;
    const forms = scope.querySelectorAll('form');
    if (forms.length !== 1) throw new Error(`${forms.length} forms on screen`);
    return forms[0] as HTMLElement;
  });
}

const press = async (name: string | RegExp) => (await screen.findByRole('button', { name })).click();

/** The client of the Bills page (issue 51) and what the page reads before its forms. */
const BILLS_USER: Partial<SessionUser> = {
  permissions: ['vend', 'transactions.read', 'wallet.read', 'commission.read'],
};
const BILLS_GETS = BILLS_PAGE_GETS;

export const FORMS: FormCase[] = [
  // ------------------------------------------------------------------ shared frames
  {
    file: 'components/ui/filter-bar.tsx',
    name: 'a list’s filters (search)',
    render: <FilterBar fields={[{ kind: 'search', name: 'search', label: 'Search', placeholder: 'Name' }]} />,
    open: () => theForm(),
    values: [[/Search/, 'Acme']],
    sends: /search=Acme/,
  },
  // ------------------------------------------------------------------ bills (issue 51)
  {
    file: 'features/bills/components/verify-form.tsx',
    name: 'Verify a meter (Bills)',
    user: BILLS_USER,
    render: '/dashboard/bills',
    gets: BILLS_GETS,
    open: () => theForm('Verify a meter'),
    values: [[/Meter number/, '1111111111111']],
    answers: [{ method: 'POST', path: '/api/v1/bills/verify', body: ok(verification({}), SENT_MESSAGE) }],
    sends: 'POST /api/v1/bills/verify',
    says: () => expect(screen.getByTestId('bill-verified')).toHaveTextContent('TESTMETER1'),
  },
  {
    file: 'features/bills/components/pay-form.tsx',
    name: 'Buy electricity (verified, then Confirm)',
    user: BILLS_USER,
    render: '/dashboard/bills',
    gets: BILLS_GETS,
    open: async () => {
      const verify = await theForm('Verify a meter');
      fillForm(verify, [[/Meter number/, '1111111111111']]);
      await submit(verify);
      return screen.findByRole('form', { name: 'Buy electricity' }, { timeout: 10_000 });
    },
    values: [
      [/Amount/, '5000'],
      [/Customer phone/, '8031234567'],
    ],
    afterSubmit: async () => {
      await screen.findByTestId('bill-confirm');
      await press('Buy electricity');
    },
    answers: [
      { method: 'POST', path: '/api/v1/bills/verify', body: ok(verification({}), 'Meter verified') },
      { method: 'POST', path: '/api/v1/bills/pay', body: ok(bill({}), SENT_MESSAGE) },
    ],
    sends: 'POST /api/v1/bills/pay',
    says: () => expect(screen.getByTestId('bill-token')).toHaveTextContent('2636-2054-4059-8275-7802'),
  },
  {
    file: 'components/receipt-actions.tsx',
    name: 'Send the receipt (email and phone)',
    user: BILLS_USER,
    render: <SendReceiptModal bill={{ id: 'b-1', code: 'VND-7K3QX9M2' }} onClose={noop} />,
    values: [
      [/Email address/, 'customer@example.com'],
      [/Phone number/, '8031234567'],
    ],
    sends: 'POST /api/v1/bills/b-1/send',
  },
  {
    file: 'features/bills/components/biller-form-modal.tsx',
    name: 'Edit biller',
    user: ADMIN,
    render: <BillerFormModal biller={biller({ id: 'srv-IKEDC' })} onClose={noop} />,
    values: [[/Commission/, '1.5']],
    sends: 'PATCH /api/v1/admin/billers/srv-IKEDC',
  },
  // ------------------------------------------------------------------ sign-in and sign-up
  {
    file: 'features/auth/routes/login.tsx',
    name: 'Sign in',
    user: null,
    render: '/',
    values: [[/Email/, 'ada@lagos.ng']],
    says: /code/i,
    answers: [
      {
        method: 'POST',
        path: '/api/v1/login',
        body: ok({ user: makeUser({ is2faAuthenticated: false }), access_token: 't' }, SENT_MESSAGE),
      },
    ],
    sends: 'POST /api/v1/login',
  },
  {
    file: 'features/auth/routes/sign-up.tsx',
    name: 'Sign up',
    user: null,
    render: '/sign-up',
    fill: (form) => {
      for (const box of within(form).queryAllByRole('checkbox'))
        if (!(box as HTMLInputElement).checked) (box as HTMLInputElement).click();
    },
    answers: [
      {
        method: 'POST',
        path: '/api/v1/register',
        body: ok({ user: makeUser({ hasVerifiedEmail: false }), access_token: 't' }, SENT_MESSAGE),
      },
    ],
    sends: 'POST /api/v1/register',
  },
  {
    file: 'features/auth/routes/forgot-password.tsx',
    name: 'Forgot password',
    user: null,
    render: '/forgot-password',
    sends: 'POST /api/v1/forgot-password',
  },
  {
    file: 'features/auth/components/reset-password-form.tsx',
    name: 'Reset password (code and new password)',
    render: <ResetPasswordForm email="ada@lagos.ng" onDone={noop} />,
    sends: 'POST /api/v1/change-password',
  },
  {
    file: 'features/auth/components/code-form.tsx',
    name: 'Sign-in code',
    user: { is2faAuthenticated: false },
    render: '/2fa',
    values: [[/code/i, '123456']],
    answers: [{ method: 'POST', path: '/api/v1/2fa', body: ok({ user: makeUser() }, SENT_MESSAGE) }],
    sends: 'POST /api/v1/2fa',
  },
  {
    file: 'features/auth/routes/change-password.tsx',
    name: 'Change the temporary password',
    user: { defaultPassword: true },
    render: '/change-password',
    answers: [
      { method: 'POST', path: '/api/v1/change-password', body: ok({ user: makeUser() }, SENT_MESSAGE) },
    ],
    sends: 'POST /api/v1/change-password',
  },
  // ------------------------------------------------------------------ profile
  {
    file: 'features/profile/components/profile-details-form.tsx',
    name: 'Profile details',
    render: <ProfileDetailsForm user={makeUser()} />,
    values: [[/First name/, 'Adaora']],
    answers: [{ method: 'PUT', path: '/api/v1/profile', body: ok({ user: makeUser() }, SENT_MESSAGE) }],
    sends: 'PUT /api/v1/profile',
  },
  {
    file: 'features/profile/components/update-password-form.tsx',
    name: 'Update password',
    render: <UpdatePasswordForm />,
    values: [[/Current/, 'Old-Lagos-Passphrase-1']],
    sends: 'PUT /api/v1/update-password',
  },
  {
    file: 'features/profile/components/two-factor-card.tsx',
    name: 'Turn on the authenticator app',
    render: <TwoFactorCard user={makeUser({ twoFactorMethod: 'EMAIL' })} />,
    answers: [
      {
        method: 'POST',
        path: '/api/v1/2fa/setup',
        body: ok({ secret: 'JBSWY3DPEHPK3PXP', otpauth_uri: 'otpauth://totp/x' }),
      },
      {
        method: 'POST',
        path: '/api/v1/2fa/enable',
        body: ok({ user: makeUser({ twoFactorMethod: 'TOTP' }) }, SENT_MESSAGE),
      },
    ],
    open: async () => {
      await press('Set up authenticator app');
      return theForm();
    },
    sends: 'POST /api/v1/2fa/enable',
  },
  {
    file: 'features/profile/components/two-factor-card.tsx',
    name: 'Reset my authenticator app',
    render: <TwoFactorCard user={makeUser({ twoFactorMethod: 'TOTP' })} />,
    answers: [
      {
        method: 'PUT',
        path: '/api/v1/2fa',
        body: ok({ user: makeUser({ twoFactorMethod: 'EMAIL' }) }, SENT_MESSAGE),
      },
    ],
    sends: 'PUT /api/v1/2fa',
  },
  // ------------------------------------------------------------------ team and roles
  {
    file: 'features/admin-management/components/member-form-modals.tsx',
    name: 'Invite user',
    render: <InviteMemberModal roles={roles} onClose={noop} />,
    answers: [{ method: 'POST', path: '/api/v1/admins/create', body: ok(member, SENT_MESSAGE) }],
    sends: 'POST /api/v1/admins/create',
    says: `Invitation sent to ${member.email}`,
  },
  {
    file: 'features/admin-management/components/member-form-modals.tsx',
    name: 'Edit user',
    render: <EditMemberModal member={member} roles={roles} isSelf={false} onClose={noop} />,
    values: [[/First name/, 'Tunde']],
    answers: [{ method: 'PUT', path: '/api/v1/admins/update', body: ok(member, SENT_MESSAGE) }],
    sends: 'PUT /api/v1/admins/update',
  },
  {
    file: 'features/admin-management/components/member-action-modals.tsx',
    name: 'Reset two-factor sign-in (a member)',
    render: <MemberActionModal action={{ kind: 'reset-2fa', member }} onClose={noop} />,
    answers: [{ method: 'PUT', path: /reset-2fa/, body: ok(member, SENT_MESSAGE) }],
    sends: `PUT /api/v1/admins/reset-2fa/${member.id}`,
  },
  {
    file: 'features/admin-management/components/delete-role-modal.tsx',
    name: 'Delete role',
    render: <DeleteRoleModal role={{ ...roles[0], usersCount: 0 }} onClose={noop} onDeleted={noop} />,
    sends: `DELETE /api/v1/roles/${roles[0].id}`,
  },
  {
    file: 'features/admin-management/components/role-form.tsx',
    name: 'Create role',
    render: '/dashboard/admin-management/create-role',
    user: { permissions: ['team.read', 'team.manage', 'roles.read', 'roles.manage'] },
    gets: [
      { path: '/api/v1/permissions', body: ok([{ name: 'vend', description: 'Buy airtime and data' }]) },
    ],
    fill: (form) => {
      const box = within(form).queryAllByRole('checkbox')[0] as HTMLInputElement | undefined;
      box?.click();
    },
    answers: [{ method: 'POST', path: '/api/v1/roles/create', body: ok(roles[0], SENT_MESSAGE) }],
    sends: 'POST /api/v1/roles/create',
  },
  // ------------------------------------------------------------------ wallet
  {
    file: 'features/wallet/components/fund-request-form.tsx',
    name: 'Bank transfer (fund request)',
    render: <FundRequestForm kind="FUNDING" />,
    answers: [{ method: 'POST', path: /fund-request/, body: ok(makeFundRequest(), SENT_MESSAGE) }],
    sends: 'POST /api/v1/fund-request',
  },
  {
    file: 'features/wallet/components/card-funding-card.tsx',
    name: 'Fund by card',
    render: <CardFundingCard />,
    gets: [
      {
        path: /^\/api\/v1\/fund\/card\/fee/,
        body: ok({ amountKobo: 10_000, feeKobo: 150, totalKobo: 10_150 }),
      },
    ],
    answers: [{ method: 'POST', path: /card/, body: { success: false, message: SENT_MESSAGE } }],
    sends: 'POST /api/v1/fund/card/initialize',
  },
  {
    file: 'features/settings/components/mode-card.tsx',
    name: 'Add test money',
    user: { corporate: { ...makeUser().corporate!, testModeAllowed: true, testMode: true } },
    render: <ModeCard canManage />,
    answers: [
      {
        method: 'POST',
        path: '/api/v1/sandbox/fund',
        body: ok({ sandboxBalanceKobo: 10_000 }, SENT_MESSAGE),
      },
    ],
    sends: 'POST /api/v1/sandbox/fund',
  },
  // ------------------------------------------------------------------ client settings
  {
    file: 'features/settings/components/webhook-card.tsx',
    name: 'Webhook URL',
    render: <WebhookCard canManage />,
    gets: [{ path: '/api/v1/web-hook-url', body: ok({ url: null, secretMasked: null, updatedAt: null }) }],
    open: () => theForm(),
    answers: [
      {
        method: 'POST',
        path: '/api/v1/web-hook-url',
        body: ok({ url: 'https://example.com/hooks/vendport', secret: 'whsec_x' }, SENT_MESSAGE),
      },
    ],
    sends: 'POST /api/v1/web-hook-url',
  },
  {
    file: 'features/settings/components/webhook-card.tsx',
    name: 'Rotate the webhook secret',
    render: <WebhookCard canManage />,
    gets: [
      {
        path: '/api/v1/web-hook-url',
        body: ok({ url: 'https://example.com/h', secretMasked: 'whsec_…abcd', updatedAt: null }),
      },
    ],
    open: async () => {
      await press(/Rotate/);
      return theForm();
    },
    answers: [
      {
        method: 'POST',
        path: /rotate-secret/,
        body: ok({ url: 'https://example.com/h', secret: 'whsec_x' }, SENT_MESSAGE),
      },
    ],
    sends: 'POST /api/v1/web-hook-url/rotate-secret',
  },
  {
    file: 'features/settings/components/webhook-card.tsx',
    name: 'Remove the webhook',
    render: <WebhookCard canManage />,
    gets: [
      {
        path: '/api/v1/web-hook-url',
        body: ok({ url: 'https://example.com/h', secretMasked: 'whsec_…abcd', updatedAt: null }),
      },
    ],
    open: async () => {
      await press(/^Remove/);
      return theForm();
    },
    sends: 'DELETE /api/v1/web-hook-url',
  },
  {
    file: 'features/settings/components/ip-allowlist-card.tsx',
    name: 'Add IP address',
    render: <IpAllowlistCard canManage />,
    gets: [{ path: '/api/v1/ip', body: ok([]) }],
    answers: [
      {
        method: 'POST',
        path: '/api/v1/ip/add',
        body: ok({ id: 'ip1', address: '198.51.100.7' }, SENT_MESSAGE),
      },
    ],
    // The first address restricts the API to the list: asked first.
    afterSubmit: () => press('Restrict to this address'),
    sends: 'POST /api/v1/ip/add',
  },
  {
    file: 'features/settings/components/api-keys-card.tsx',
    name: 'Reset a key (password)',
    render: <ApiKeysCard />,
    gets: [
      {
        path: '/api/v1/get-api-key',
        body: ok([
          { mode: 'LIVE', masked: 'vp_live_…abcd', createdAt: '2026-01-05T10:15:00.000Z', lastUsedAt: null },
          { mode: 'TEST', masked: 'vp_test_…abcd', createdAt: '2026-01-05T10:15:00.000Z', lastUsedAt: null },
        ]),
      },
    ],
    open: async () => {
      await press('Reset test key');
      return theForm();
    },
    answers: [
      {
        method: 'POST',
        path: /reset-api-key/,
        body: ok({ mode: 'TEST', key: 'vp_test_full' }, SENT_MESSAGE),
      },
    ],
    sends: 'POST /api/v1/reset-api-key',
  },
  {
    file: 'features/settings/components/reconciliation-card.tsx',
    name: 'Statements and alerts',
    render: <ReconciliationCard canManage />,
    gets: [
      {
        path: '/api/v1/reconciliation/settings',
        body: ok({
          enabled: false,
          frequency: 'DAILY',
          emails: [],
          inApp: true,
          format: 'CSV',
          lowBalanceThresholdKobo: null,
          platformLowBalanceThresholdKobo: 5_000_000,
          updatedAt: null,
        }),
      },
    ],
    sends: 'POST /api/v1/reconciliation/settings',
  },
  // ------------------------------------------------------------------ vending
  {
    file: 'features/vending/components/reverse-modal.tsx',
    name: 'Reverse a vend',
    user: ADMIN,
    render: (
      <ReverseModal
        vend={{ id: 'v1', code: 'VND-7K3QX9M2', chargedKobo: 150_000, corporateName: 'Acme Telecoms Ltd' }}
        onClose={noop}
        onReversed={noop}
      />
    ),
    sends: 'POST /api/v1/vend/v1/reverse',
  },
  // ------------------------------------------------------------------ auto top-up
  {
    file: 'features/auto-topup/components/settings-form.tsx',
    name: 'Auto top-up settings',
    render: <SettingsForm settings={autoTopupSettings} />,
    sends: 'POST /api/v1/auto-topup/settings',
  },
  {
    file: 'features/auto-topup/components/subscriber-form-modal.tsx',
    name: 'Add a subscriber',
    render: <SubscriberFormModal subscriber={null} defaultTime="08:00" onClose={noop} />,
    gets: [
      { path: '/api/v1/services', body: ok(SERVICES) },
      { path: '/api/v1/data-plans', body: ok(PLANS) },
    ],
    values: [[/Name/, 'Amaka Nwosu']],
    sends: 'POST /api/v1/auto-topup/subscribers',
  },
  {
    // A bill subscriber (issue 51 point 5): its biller, meter and amount within the biller's limits.
    file: 'features/auto-topup/components/subscriber-form-modal.tsx',
    name: 'Edit a meter subscriber',
    render: <SubscriberFormModal subscriber={meterSubscriber} defaultTime="08:00" onClose={noop} />,
    gets: [{ path: '/api/v1/bills/billers?kind=ELECTRICITY', body: ok(ELECTRICITY) }],
    values: [[/Amount/, '7500']],
    sends: 'PUT /api/v1/auto-topup/subscribers/s-meter',
  },
  // ------------------------------------------------------------------ admin: clients
  {
    file: 'features/corporate-clients/components/onboard-client-modal.tsx',
    name: 'Onboard client (Prepaid, the default)',
    user: ADMIN,
    render: <OnboardClientModal onClose={noop} onDone={noop} />,
    gets: [
      {
        path: '/api/v1/onboarding-data',
        body: ok(onboardingData),
      },
    ],
    open: () => theForm('Onboard client'),
    values: [[/Company name/, 'Lagos Airtime Ltd']],
    answers: [
      {
        method: 'POST',
        path: '/api/v1/onboard',
        body: ok({ corporateId: 'c1', userId: 'u1', email: 'ada@lagos.ng' }, SENT_MESSAGE),
      },
    ],
    sends: 'POST /api/v1/onboard',
  },
  {
    file: 'features/corporate-clients/components/onboard-client-modal.tsx',
    name: 'Onboard client (Postpaid, with its credit limit)',
    user: ADMIN,
    render: <OnboardClientModal onClose={noop} onDone={noop} />,
    gets: [{ path: '/api/v1/onboarding-data', body: ok(onboardingData) }],
    open: async () => {
      const form = await theForm('Onboard client');
      setValue(within(form).getByLabelText(/Client type/) as HTMLSelectElement, 'POSTPAID');
      await within(form).findByLabelText(/Credit limit/);
      return form;
    },
    values: [[/Company name/, 'Kano Traders Ltd']],
    answers: [
      {
        method: 'POST',
        path: '/api/v1/onboard',
        body: ok({ corporateId: 'c2', userId: 'u2', email: 'ada@lagos.ng' }, SENT_MESSAGE),
      },
    ],
    sends: 'POST /api/v1/onboard',
  },
  {
    file: 'features/corporate-clients/components/fund-wallet-modal.tsx',
    name: 'Fund wallet (admin)',
    user: ADMIN,
    render: <FundWalletModal client={client} onClose={noop} onDone={done} />,
    answers: [
      {
        method: 'POST',
        path: '/api/v1/fund',
        body: ok({ balanceKobo: 10_000, availableKobo: 10_000 }, SENT_MESSAGE),
      },
    ],
    sends: 'POST /api/v1/fund',
    says: doneSaid,
  },
  {
    file: 'features/corporate-clients/components/credit-limit-modal.tsx',
    name: 'Credit limit',
    user: ADMIN,
    render: (
      <CreditLimitModal
        client={makeCorporateClient({ clientType: 'POSTPAID' })}
        onClose={noop}
        onDone={done}
      />
    ),
    answers: [
      {
        method: 'PUT',
        path: '/api/v1/set-limit',
        body: ok(
          { clientType: 'POSTPAID', creditLimitKobo: 10_000, balanceKobo: 0, availableKobo: 10_000 },
          SENT_MESSAGE,
        ),
      },
    ],
    sends: 'PUT /api/v1/set-limit',
    says: doneSaid,
  },
  {
    file: 'features/corporate-clients/components/switch-type-modal.tsx',
    name: 'Switch client type',
    user: ADMIN,
    render: <SwitchTypeModal client={client} onClose={noop} onDone={done} />,
    answers: [
      {
        method: 'POST',
        path: '/api/v1/corporate-clients/switch',
        body: ok(
          { clientType: 'POSTPAID', creditLimitKobo: 0, balanceKobo: 0, availableKobo: 0 },
          SENT_MESSAGE,
        ),
      },
    ],
    sends: 'POST /api/v1/corporate-clients/switch',
    says: doneSaid,
  },
  {
    file: 'features/corporate-clients/components/status-modal.tsx',
    name: 'Deactivate client',
    user: ADMIN,
    render: <StatusModal client={client} onClose={noop} onDone={done} />,
    sends: 'PUT /api/v1/corporate-clients/status',
    says: doneSaid,
  },
  {
    file: 'features/corporate-clients/components/settle-commission-modal.tsx',
    name: 'Settle commission',
    user: ADMIN,
    render: <SettleCommissionModal client={client} unsettledKobo={45_000} onClose={noop} onDone={done} />,
    sends: 'POST /api/v1/commissions/settle',
    says: doneSaid,
  },
  {
    file: 'features/corporate-clients/components/upfront-commission-modal.tsx',
    name: 'Commission upfront',
    user: ADMIN,
    render: <UpfrontCommissionModal client={client} upfront onClose={noop} onDone={done} />,
    answers: [
      {
        method: 'PATCH',
        path: '/api/v1/corporate-clients/upfront-commission',
        body: ok({ corporateId: CID, upfrontCommission: true }, SENT_MESSAGE),
      },
    ],
    sends: 'PATCH /api/v1/corporate-clients/upfront-commission',
    says: doneSaid,
  },
  {
    file: 'features/corporate-clients/components/lifecycle-modals.tsx',
    name: 'Test mode',
    user: ADMIN,
    render: <TestModeModal client={client} onClose={noop} onDone={done} />,
    sends: 'PUT /api/v1/test-mode',
    says: doneSaid,
  },
  {
    file: 'features/corporate-clients/components/lifecycle-modals.tsx',
    name: 'Auto top-up for the client',
    user: ADMIN,
    render: <AutoTopupModal client={client} onClose={noop} onDone={done} />,
    sends: 'PUT /api/v1/corporate-clients/auto-topup',
    says: doneSaid,
  },
  {
    file: 'features/corporate-clients/components/lifecycle-modals.tsx',
    name: 'Reset the client’s password',
    user: ADMIN,
    render: <ResetPasswordModal client={client} onClose={noop} onDone={done} />,
    answers: [
      { method: 'PUT', path: '/api/v1/reset-password', body: ok({ email: client.email }, SENT_MESSAGE) },
    ],
    sends: 'PUT /api/v1/reset-password',
    says: doneSaid,
  },
  {
    file: 'features/corporate-clients/components/client-rate-limits-card.tsx',
    name: 'Client API rate limits',
    user: { ...ADMIN, permissions: ['clients.read', 'clients.manage'] },
    render: <ClientRateLimitsCard corporateId={CID} canManage />,
    gets: [
      {
        path: `/api/v1/corporate-clients/${CID}/api-rate-limits`,
        body: ok({
          key: { perSecond: 20, burst: 40, source: 'DEFAULT' },
          client: { perSecond: 50, burst: 100, source: 'DEFAULT' },
          override: { keyPerS: null, keyBurst: null, clientPerS: null, clientBurst: null },
          defaults: { keyPerS: 20, keyBurst: 40, clientPerS: 50, clientBurst: 100 },
          refusals: { since: '2026-03-01T09:00:00.000Z', total: 0, byKey: [] },
        }),
      },
    ],
    sends: `PUT /api/v1/corporate-clients/${CID}/api-rate-limits`,
  },
  {
    file: 'features/accounts/components/decision-modals.tsx',
    name: 'Approve verification',
    user: ADMIN,
    render: <ApproveClientModal corporateId={CID} review={false} onClose={noop} onDone={noop} />,
    sends: 'PUT /api/v1/verifications/verify',
  },
  {
    file: 'features/accounts/components/decision-modals.tsx',
    name: 'Decline verification',
    user: ADMIN,
    render: <DeclineClientModal corporateId={CID} onClose={noop} onDone={noop} />,
    sends: 'PUT /api/v1/verifications/decline',
  },
  // ------------------------------------------------------------------ admin: funding
  {
    file: 'features/funding/components/approve-modal.tsx',
    name: 'Approve a fund request',
    user: ADMIN,
    render: <ApproveModal request={makeFundRequest()} onClose={noop} onApproved={done} />,
    sends: 'POST /api/v1/corporates-transactions/approve',
    says: doneSaid,
  },
  {
    file: 'features/funding/components/decline-modal.tsx',
    name: 'Decline a fund request',
    user: ADMIN,
    render: <DeclineModal request={makeFundRequest()} onClose={noop} onDeclined={done} />,
    sends: 'POST /api/v1/corporates-transactions/decline',
    says: doneSaid,
  },
  {
    file: 'features/funding/components/resolve-discrepancy-modal.tsx',
    name: 'Resolve a gateway discrepancy',
    user: ADMIN,
    render: <ResolveDiscrepancyModal discrepancy={gatewayDiscrepancy} onClose={noop} />,
    sends: 'POST /api/v1/gateway-reconciliation/discrepancies/g1/resolve',
  },
  // ------------------------------------------------------------------ admin: catalogue and lines
  {
    file: 'features/services/components/service-form-modal.tsx',
    name: 'Add service',
    user: ADMIN,
    render: <ServiceFormModal service={null} onClose={noop} onSaved={noop} />,
    sends: 'POST /api/v1/services/add',
  },
  {
    file: 'features/data-plans/components/data-plan-form-modal.tsx',
    name: 'Add data plan',
    user: ADMIN,
    render: <DataPlanFormModal plan={null} network="MTN" onClose={noop} onSaved={noop} />,
    values: [
      [/Code/, 'MTN-2GB-30D'],
      [/Size/, '2GB'],
      [/Validity/, '30 days'],
    ],
    sends: 'POST /api/v1/data-plans/add',
  },
  {
    file: 'features/data-plans/components/data-plan-form-modal.tsx',
    name: 'Edit data plan',
    user: ADMIN,
    render: <DataPlanFormModal plan={plan} network={plan.network} onClose={noop} onSaved={noop} />,
    sends: `PUT /api/v1/data-plans/update/${plan.id}`,
  },
  {
    file: 'features/data-plans/components/provider-plan-modal.tsx',
    name: 'Provider code mapping',
    user: ADMIN,
    render: <ProviderPlanModal row={providerPlan} onClose={noop} />,
    values: [[/code/i, 'mtn-1gb']],
    sends: 'PUT /api/v1/admin/provider-plans',
  },
  {
    file: 'features/vtu/components/add-line-modal.tsx',
    name: 'Add VTU line',
    user: ADMIN,
    render: <AddLineModal onClose={noop} />,
    sends: 'POST /api/v1/vtu/add',
  },
  {
    file: 'features/vtu/components/fund-line-modal.tsx',
    name: 'Fund a VTU line',
    user: ADMIN,
    render: <FundLineModal line={makeVtuLine()} onClose={noop} onFunded={done} />,
    sends: 'POST /api/v1/vtu/fund',
    says: doneSaid,
  },
  {
    file: 'features/providers/components/provider-health-panel.tsx',
    name: 'Force a provider open',
    user: ADMIN,
    render: <ProviderHealthPanel providers={[upstream]} manage />,
    open: async () => {
      await press(/Force open/);
      return theForm();
    },
    values: [[/Reason/i, 'Failing every vend since 09:00']],
    sends: 'POST /api/v1/admin/providers/VTPASS/health',
  },
  {
    file: 'features/discrepancies/components/resolve-modal.tsx',
    name: 'Resolve a vend discrepancy',
    user: ADMIN,
    render: <ResolveModal item={discrepancy} onClose={noop} />,
    sends: 'POST /api/v1/admin/discrepancies/d1/resolve',
  },
  {
    file: 'features/discrepancies/components/run-form.tsx',
    name: 'Reconcile a day',
    user: ADMIN,
    render: <RunForm onDone={noop} />,
    answers: [
      {
        method: 'POST',
        path: '/api/v1/admin/reconciliations',
        body: ok({ id: 'r1', status: 'DONE' }, SENT_MESSAGE),
      },
    ],
    sends: 'POST /api/v1/admin/reconciliations',
  },
  // ------------------------------------------------------------------ admin: settings
  {
    file: 'features/settings/components/platform-settings-card.tsx',
    name: 'Platform settings',
    user: { ...ADMIN, permissions: ['settings.manage'] },
    render: <PlatformSettingsCard />,
    gets: [{ path: '/api/v1/get-settings', body: ok(platformSettings) }],
    open: () => theForm('Platform settings'),
    sends: 'POST /api/v1/settings',
  },
  {
    file: 'features/settings/components/smtp-card.tsx',
    name: 'SMTP settings',
    user: { ...ADMIN, permissions: ['settings.manage'] },
    render: <SmtpCard />,
    gets: [{ path: '/api/v1/get-settings', body: ok(platformSettings) }],
    open: () => theForm('SMTP settings'),
    sends: 'POST /api/v1/settings/smtp',
  },
  // ------------------------------------------------------------------ screens whose forms sit on the route
  {
    file: 'features/vending/components/single-vend.tsx',
    name: 'Buy airtime (then Confirm)',
    user: { permissions: ['vend', 'transactions.read', 'wallet.read', 'wallet.fund', 'commission.read'] },
    render: '/dashboard/vending-history',
    gets: [
      { path: '/api/v1/services', body: ok(SERVICES) },
      { path: '/api/v1/data-plans', body: ok(PLANS) },
      { path: '/api/v1/get-wallet-balance', body: ok(makeWalletBalance()) },
      { path: /^\/api\/v1\/commissions\?/, body: ok({ upfrontCommission: false }) },
      { path: /^\/api\/v1\/transactions\/vending\?/, body: pageOf([]) },
    ],
    open: () => theForm('Buy airtime or data'),
    afterSubmit: async () => {
      const dialog = await screen.findByRole('dialog');
      within(dialog)
        .getAllByRole('button')
        .find((b) => /^(Confirm|Buy|Pay)/.test(b.textContent ?? ''))
        ?.click();
    },
    answers: [
      { method: 'POST', path: '/api/v1/vend', body: ok(makeVend({ status: 'SUCCESSFUL' }), SENT_MESSAGE) },
    ],
    sends: 'POST /api/v1/vend',
  },
  {
    file: 'features/verification/routes/verification.tsx',
    name: 'Upload documents',
    user: { permissions: ['verification.submit', 'settings.read'] },
    render: '/dashboard/verification',
    gets: [
      {
        path: '/api/v1/verification-details/corp_1',
        body: ok({
          corporateId: 'corp_1',
          verificationStatus: 'PENDING',
          verificationRequestedAt: null,
          declineReason: null,
          decidedAt: null,
          documents: [],
        }),
      },
    ],
    open: () => theForm('Upload documents'),
    fill: async (form) => {
      await userEvent.upload(within(form).getByLabelText('Files'), [
        new File(['%PDF-'], 'cac.pdf', { type: 'application/pdf' }),
      ]);
      setValue(
        within(form).getByLabelText('Type of cac.pdf') as HTMLSelectElement,
        'CERTIFICATE_OF_INCORPORATION',
      );
    },
    answers: [{ method: 'POST', path: '/api/v1/upload-documents', body: ok([], SENT_MESSAGE) }],
    sends: 'POST /api/v1/upload-documents',
  },
  {
    file: 'features/settings/routes/developers.tsx',
    name: 'Reveal test key (password)',
    user: { permissions: ['settings.read', 'settings.manage', 'apikey.manage'] },
    render: '/dashboard/developers',
    gets: [
      {
        path: '/api/v1/get-api-key',
        body: ok([
          { mode: 'LIVE', masked: 'vp_live_…3f9a', createdAt: '2026-01-05T10:15:00.000Z', lastUsedAt: null },
          { mode: 'TEST', masked: 'vp_test_…77c1', createdAt: '2026-01-05T10:15:00.000Z', lastUsedAt: null },
        ]),
      },
      {
        path: '/api/v1/web-hook-url',
        body: ok({ url: null, secret: null, secretMasked: null, updatedAt: null }),
      },
      { path: /^\/api\/v1\/webhooks\/deliveries\?/, body: pageOf([]) },
    ],
    open: async () => {
      await press('Reveal key');
      return theForm();
    },
    answers: [
      {
        method: 'GET',
        path: '/api/v1/api-key/copy?mode=TEST',
        body: ok({ mode: 'TEST', key: 'vp_test_full' }, SENT_MESSAGE),
      },
    ],
    sends: 'GET /api/v1/api-key/copy?mode=TEST',
    says: 'vp_test_full',
  },
  {
    file: 'features/sales-valuation/components/valuation-report.tsx',
    name: 'Valuation period',
    user: { permissions: ['reports.read', 'transactions.read'] },
    render: <ValuationReport clientId="corp_1" />,
    gets: [
      {
        path: /^\/api\/v1\/evaluation\/vending\/corp_1\/count\?/,
        body: ok({ clientName: 'Acme Ltd', count: 0, chunks: 0, chunkSize: 5000 }),
      },
    ],
    open: () => theForm('Valuation period'),
    sends: 'GET /api/v1/evaluation/vending/corp_1/count',
    says: () =>
      expect(
        screen.queryByLabelText('Valuation progress') ?? screen.queryByText(/No vends|0 vends|Acme Ltd/),
      ).not.toBeNull(),
  },
  {
    file: 'features/analytics/routes/analytics.tsx',
    name: 'Settle accrued commission (Analytics)',
    user: {
      ...ADMIN,
      permissions: ['analytics.read', 'commissions.read', 'commissions.manage', 'clients.read'],
    },
    render: '/admin-dashboard/analytics?view=commission',
    gets: [{ path: /^\/api\/v1\/commissions(\?.*)?$/, body: ok(commissionReport) }],
    open: async () => {
      await press('Settle accrued commission of Acme Telecoms Ltd');
      return theForm();
    },
    answers: [
      {
        method: 'POST',
        path: '/api/v1/commissions/settle',
        body: ok(
          {
            id: 'st1',
            corporateId: 'c1',
            amountKobo: 15_000,
            amount: '₦150.00',
            vends: 3,
            trigger: 'ADMIN',
            createdAt: '2026-01-05T10:00:00.000Z',
          },
          SENT_MESSAGE,
        ),
      },
    ],
    sends: 'POST /api/v1/commissions/settle',
  },
  {
    file: 'features/auto-topup/routes/admin-auto-topup.tsx',
    name: 'Enable auto top-up (admin, a client’s page)',
    user: { ...ADMIN, permissions: ['clients.read', 'clients.manage', 'autotopup.read', 'autotopup.manage'] },
    render: `/admin-dashboard/auto-top-up/${CID}`,
    gets: [
      {
        path: `/api/v1/auto-top-up/${CID}`,
        body: ok({
          corporate: { id: CID, name: 'Acme Telecoms Ltd', status: 'ACTIVE', autoTopUpEnabled: false },
          settings: autoTopupSettings,
          totals: {
            subscribers: 0,
            active: 0,
            paused: 0,
            runs: 0,
            successful: 0,
            notVended: 0,
            vendedKobo: 0,
            vended: '0.00',
          },
        }),
      },
      { path: new RegExp(`^/api/v1/auto-top-up/${CID}/(subscribers|runs)`), body: pageOf([]) },
    ],
    open: async () => {
      await press(/^Enable/);
      return theForm();
    },
    sends: 'PUT /api/v1/corporate-clients/auto-topup',
  },
];

// ---------------------------------------------------------------- a case on screen

/** What the page logged as errors during the current case. */
export const logged: string[] = [];
/** Each case's time, printed with FORM_WALK_TIMES=1. */
export const timings: string[] = [];

/** Renders the case's screen with its stubs; the form a person reaches. */
export async function openCase(c: FormCase) {
  if (c.user !== null) sessionStore.login(makeUser(c.user ?? {}), 'tok', false);
  const stub = walkFetch(
    [
      ...(c.gets ?? []),
      { path: '/api/v1/notifications/unread-count', body: ok({ count: 0 }) },
      { path: '/api/v1/me', body: () => ok(sessionStore.getSnapshot()?.user) },
    ],
    c.answers,
  );
  vi.stubGlobal('fetch', stub.fn);
  const log = vi.spyOn(console, 'error').mockImplementation((...args) => {
    logged.push(args.map(String).join(' '));
  });
  let router: { state: { location: { search: string; pathname: string } } } | null = null;
  router = typeof c.render === 'string' ? renderApp(c.render).router : renderAlone(c.render).router;
  const form = await (c.open ?? (() => theForm()))();
  return { stub, log, form, router };
}

export function sentLine(s: Walk) {
  return s.sent.map((r) => `${r.method} ${r.path}`);
}
