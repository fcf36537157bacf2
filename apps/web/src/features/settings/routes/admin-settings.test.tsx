import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PlatformSettingsView } from '@vendport/shared';
import toast from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '@/lib/session';
import { makeUser, stubFetch } from '../../../../test/factories';
import { renderApp } from '../../../../test/render-app';

const ok = (data: unknown, message = 'ok') => ({ success: true, message, data });

const settings = (smtp: Partial<PlatformSettingsView['smtp']> = {}): PlatformSettingsView => ({
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
  vtuLowFloatThresholdKobo: 0,
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
    ...smtp,
  },
});

const routes = () => [
  { path: '/api/v1/notifications/unread-count', body: ok({ count: 0 }) },
  { path: '/api/v1/me', body: ok(sessionStore.getSnapshot()?.user) },
  {
    path: '/api/v1/platform',
    body: ok({ platformName: 'VendPort', supportEmail: '', supportPhone: '', maintenanceBanner: '' }),
  },
  { path: '/api/v1/get-settings', body: ok(settings()) },
];

afterEach(() => {
  toast.remove();
  sessionStore.clear();
});

describe('admin settings', () => {
  it('[SETTINGS] the fee rule is previewed in words; a save posts the form as typed', async () => {
    sessionStore.login(makeUser({ area: 'ADMIN', permissions: ['settings.manage'] }), 'tok', false);
    const stub = stubFetch([
      ...routes(),
      { method: 'POST', path: '/api/v1/settings', body: ok(settings(), 'Settings saved') },
    ]);
    vi.stubGlobal('fetch', stub.fn);
    renderApp('/admin-dashboard/settings');
    const form = within(await screen.findByRole('form', { name: 'Platform settings' }, { timeout: 12_000 }));
    expect(screen.getByTestId('fee-rule-preview')).toHaveTextContent(
      'Clients will see: 1.5% of the amount, plus ₦100.00 from ₦2,500.00, capped at ₦2,000.00.',
    );
    expect(form.getByRole('button', { name: 'Save settings' })).toBeDisabled();
    const rate = form.getByLabelText('Percentage of the amount (%)');
    await userEvent.clear(rate);
    await userEvent.type(rate, '2');
    expect(screen.getByTestId('fee-rule-preview')).toHaveTextContent('Clients will see: 2% of the amount');
    const account = form.getByLabelText('Account number');
    await userEvent.clear(account);
    await userEvent.type(account, '123');
    await userEvent.click(form.getByRole('button', { name: 'Save settings' }));
    expect(await form.findByText('The account number is a 10-digit NUBAN')).toBeInTheDocument();
    expect(stub.calls.some((c) => c.method === 'POST')).toBe(false);
    await userEvent.type(account, '4567890');
    await userEvent.click(form.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Settings saved')).toBeInTheDocument();
    expect(stub.calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      cardFeeRatePercent: '2',
      fundingAccountNumber: '1234567890',
      cardFeeCap: '2000.00',
      apiRateKeyPerS: '20',
      apiRateClientBurst: '100',
    });
  }, 20_000);

  it('[SETTINGS] SMTP: an empty password keeps the stored one; the test email shows the server’s answer', async () => {
    sessionStore.login(makeUser({ area: 'ADMIN', permissions: ['settings.manage'] }), 'tok', false);
    const stub = stubFetch([
      ...routes(),
      {
        method: 'POST',
        path: '/api/v1/settings/smtp',
        body: ok(settings({ port: 2525 }), 'SMTP settings saved'),
      },
      {
        method: 'POST',
        path: '/api/v1/settings/smtp/test',
        body: ok(
          {
            delivered: false,
            via: 'SETTINGS',
            serverAnswer: 'Invalid login: 535 5.7.8 Authentication credentials invalid',
            outboxId: 'o1',
          },
          'The test email was not delivered: Invalid login: 535 5.7.8 Authentication credentials invalid',
        ),
      },
    ]);
    vi.stubGlobal('fetch', stub.fn);
    renderApp('/admin-dashboard/settings?tab=email');
    const form = within(await screen.findByRole('form', { name: 'SMTP settings' }, { timeout: 12_000 }));
    expect(form.getByLabelText('Password')).toHaveValue('');
    expect(form.getByLabelText('Password')).toHaveAttribute('placeholder', 'Stored: leave empty to keep it');
    const port = form.getByLabelText('Port');
    await userEvent.clear(port);
    await userEvent.type(port, '2525');
    await userEvent.click(form.getByRole('button', { name: 'Save SMTP settings' }));
    expect(await screen.findByText('SMTP settings saved')).toBeInTheDocument();
    const saved = stub.calls.find((c) => c.url === '/api/v1/settings/smtp')?.body as Record<string, unknown>;
    expect(saved).toMatchObject({ enabled: true, host: 'smtp.example.com', port: 2525, user: 'relay' });
    expect(saved).not.toHaveProperty('password');

    await userEvent.clear(screen.getByLabelText('Send a test email to'));
    await userEvent.type(screen.getByLabelText('Send a test email to'), 'ops@vendport.test');
    await userEvent.click(screen.getByRole('button', { name: 'Send test email' }));
    expect(await screen.findByText('The test email was not delivered')).toBeInTheDocument();
    expect(screen.getByTestId('smtp-answer')).toHaveTextContent(
      'Invalid login: 535 5.7.8 Authentication credentials invalid',
    );
    await waitFor(() =>
      expect(stub.calls.find((c) => c.url === '/api/v1/settings/smtp/test')?.body).toEqual({
        to: 'ops@vendport.test',
      }),
    );
  }, 20_000);
});
