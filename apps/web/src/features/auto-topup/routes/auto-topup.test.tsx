import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AutoTopupRunView, AutoTopupSubscriberView } from '@vendport/shared';
import toast from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '@/lib/session';
import {
  asAutoTopupClient,
  autoTopupLayout,
  autoTopupSettingsOf,
} from '../../../../test/auto-topup-factories';
import { pageOf, stubFetch } from '../../../../test/factories';
import { renderApp } from '../../../../test/render-app';
import { checkSubscriberCsv } from '../components/import-subscribers-modal';

const ok = (data: unknown, message = 'ok') => ({ success: true, message, data });
const page = (data: unknown[]) => pageOf(data);
const asClient = asAutoTopupClient;
const settings = autoTopupSettingsOf({
  dailyCapKobo: 500_000,
  dailyCap: '₦5,000.00',
  spentTodayKobo: 10_000,
  spentToday: '₦100.00',
  spentThisMonthKobo: 10_000,
  spentThisMonth: '₦100.00',
  updatedAt: '2026-03-01T10:00:00Z',
});
const sub: AutoTopupSubscriberView = {
  id: 's1',
  name: 'Ada Obi',
  phone: '+2348031234567',
  network: 'MTN',
  type: 'AIRTIME',
  amountKobo: 50_000,
  amount: '₦500.00',
  planCode: null,
  bill: null,
  frequency: 'MONTHLY',
  weekday: null,
  monthDay: 31,
  onceDate: null,
  time: '08:00',
  schedule: 'Monthly on day 31 at 8:00 AM (or the last day)',
  paused: false,
  // 08:00 Lagos.
  nextRunAt: '2026-04-30T07:00:00.000Z',
  createdAt: '2026-03-01T10:00:00Z',
};
const layout = () => autoTopupLayout(settings);

afterEach(() => {
  toast.remove();
  sessionStore.clear();
  vi.unstubAllGlobals();
});

describe('auto top-up (client)', () => {
  it('[AUTOTOPUP] subscribers show their schedule and next run in Lagos time; Remove asks first', async () => {
    asClient();
    const stub = stubFetch([
      ...layout(),
      { path: /^\/api\/v1\/auto-topup\/subscribers\?/, body: page([sub]) },
      { method: 'DELETE', path: '/api/v1/auto-topup/subscribers/s1', body: ok(null, 'Subscriber removed') },
    ]);
    vi.stubGlobal('fetch', stub.fn);
    renderApp('/dashboard/auto-top-up-subscribers');
    const row = (await screen.findByText('Ada Obi')).closest('tr')!;
    expect(within(row).getByText('Monthly on day 31 at 8:00 AM (or the last day)')).toBeInTheDocument();
    expect(within(row).getByTestId('next-run')).toHaveTextContent('30/04/2026');
    expect(within(row).getByTestId('next-run')).toHaveTextContent('8:00 AM');
    await userEvent.click(within(row).getByRole('button', { name: 'Remove' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Ada Obi will no longer be topped up.');
    expect(stub.calls.some((c) => c.method === 'DELETE')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(stub.calls.some((c) => c.method === 'DELETE')).toBe(true));
    expect(await screen.findByText('Subscriber removed')).toBeInTheDocument();
  });

  it('[AUTOTOPUP] autotopup.read alone: the menu and the lists, without a control that changes anything', async () => {
    asClient(['autotopup.read']);
    vi.stubGlobal(
      'fetch',
      stubFetch([...layout(), { path: /^\/api\/v1\/auto-topup\/subscribers\?/, body: page([sub]) }]).fn,
    );
    const { unmount } = renderApp('/dashboard/auto-top-up-subscribers');
    const row = (await screen.findByText('Ada Obi')).closest('tr')!;
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    for (const name of ['Auto Top-up Settings', 'Subscribers', 'Top-up Transactions'])
      expect(within(nav).getByRole('link', { name })).toBeInTheDocument();
    for (const name of ['Run now', 'Edit', 'Pause', 'Remove'])
      expect(within(row).queryByRole('button', { name })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add subscriber' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Import CSV' })).not.toBeInTheDocument();
    unmount();
    renderApp('/dashboard/auto-topup-settings');
    const form = await screen.findByRole('form', { name: 'Auto top-up settings' });
    expect(within(form).getByLabelText(/Default time of day/)).toBeDisabled();
    expect(within(form).queryByRole('button', { name: 'Save settings' })).not.toBeInTheDocument();
    expect(within(form).getByTestId('read-only-note')).toBeInTheDocument();
  });

  it('[AUTOTOPUP] pause, remove and save answered success false say so as errors (issue 36 point 10)', async () => {
    asClient();
    const refused = (message: string) => ({ success: false, message });
    const stub = stubFetch([
      ...layout(),
      { path: /^\/api\/v1\/auto-topup\/subscribers\?/, body: page([sub]) },
      {
        method: 'PUT',
        path: '/api/v1/auto-topup/subscribers/s1/pause',
        body: refused('Pausing is not possible now'),
      },
      {
        method: 'DELETE',
        path: '/api/v1/auto-topup/subscribers/s1',
        body: refused('Removing is not possible now'),
      },
      { method: 'POST', path: '/api/v1/auto-topup/settings', body: refused('Saving is not possible now') },
    ]);
    vi.stubGlobal('fetch', stub.fn);
    const success = vi.spyOn(toast, 'success');
    const error = vi.spyOn(toast, 'error');
    const { unmount } = renderApp('/dashboard/auto-top-up-subscribers');
    const row = (await screen.findByText('Ada Obi')).closest('tr')!;
    await userEvent.click(within(row).getByRole('button', { name: 'Pause' }));
    expect(await screen.findByText('Pausing is not possible now')).toBeInTheDocument();
    expect(error).toHaveBeenCalledWith('Pausing is not possible now');
    await userEvent.click(within(row).getByRole('button', { name: 'Remove' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Removing is not possible now')).toBeInTheDocument();
    // A refusal is not a removal: the confirmation stays open.
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    unmount();
    toast.remove();

    renderApp('/dashboard/auto-topup-settings');
    await userEvent.click(await screen.findByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Saving is not possible now')).toBeInTheDocument();
    expect(error).toHaveBeenCalledWith('Saving is not possible now');
    expect(error).toHaveBeenCalledWith('Removing is not possible now');
    // Not one refusal was shown as a success.
    expect(success).not.toHaveBeenCalled();
    success.mockRestore();
    error.mockRestore();
  });

  it('[AUTOTOPUP] the subscriber form checks before sending and shows the detected network', async () => {
    asClient();
    const stub = stubFetch([
      ...layout(),
      { path: /^\/api\/v1\/auto-topup\/subscribers\?/, body: page([]) },
      { method: 'POST', path: '/api/v1/auto-topup/subscribers', body: ok(sub, 'Subscriber added') },
    ]);
    vi.stubGlobal('fetch', stub.fn);
    renderApp('/dashboard/auto-top-up-subscribers');
    expect(
      await screen.findByText('No subscribers yet. Add one, or import a CSV of them.'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add subscriber' }));
    const form = await screen.findByRole('form', { name: 'Subscriber' });
    await userEvent.click(within(form).getByRole('button', { name: 'Add subscriber' }));
    expect(within(form).getByText('Name is required')).toBeInTheDocument();
    expect(stub.calls.some((c) => c.method === 'POST')).toBe(false);
    await userEvent.type(within(form).getByLabelText(/Name/), 'Ada Obi');
    await userEvent.type(within(form).getByLabelText(/Phone number/), '8031234567');
    expect(within(form).getByText('Detected network: MTN')).toBeInTheDocument();
    await userEvent.type(within(form).getByLabelText(/Amount/), '500');
    await userEvent.click(within(form).getByRole('button', { name: 'Add subscriber' }));
    await waitFor(() => expect(stub.calls.some((c) => c.method === 'POST')).toBe(true));
    expect(stub.calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'Ada Obi',
      phone: '8031234567',
      type: 'AIRTIME',
      amount: '500',
      frequency: 'DAILY',
      time: '08:00',
    });
  });

  it('[AUTOTOPUP] a subscribers file is checked row by row before upload', () => {
    expect(checkSubscriberCsv('nonsense')).toHaveProperty('fileError');
    expect(
      checkSubscriberCsv(
        'name,phone,type,amount,frequency,weekday\nAda,08031234567,AIRTIME,100,WEEKLY,Fri\nBad,1,AIRTIME,100,DAILY,\n',
      ),
    ).toEqual({ rows: 2, errors: ['Row 2: Enter a valid Nigerian phone number'] });
  });

  it('[AUTOTOPUP] transactions list each run with its status, reason and vend', async () => {
    asClient();
    const run: AutoTopupRunView = {
      id: 'r1',
      subscriberId: 's1',
      subscriberName: 'Ada Obi',
      phone: '+2348031234567',
      network: 'MTN',
      type: 'AIRTIME',
      planCode: null,
      bill: null,
      amountKobo: 50_000,
      amount: '₦500.00',
      dueAt: '2026-03-31T07:00:00.000Z',
      trigger: 'SCHEDULE',
      status: 'SKIPPED',
      reason: 'Insufficient wallet balance',
      vendId: null,
      vendCode: null,
      vendStatus: null,
      updatedAt: '2026-03-31T07:00:05.000Z',
    };
    vi.stubGlobal(
      'fetch',
      stubFetch([...layout(), { path: /^\/api\/v1\/auto-topup\/runs\?/, body: page([run]) }]).fn,
    );
    renderApp('/dashboard/auto-topup-transactions');
    const row = (await screen.findByText('Ada Obi')).closest('tr')!;
    expect(within(row).getByText('Skipped')).toBeInTheDocument();
    expect(within(row).getByText('Insufficient wallet balance')).toBeInTheDocument();
    expect(within(row).getByText('31/03/2026')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeEnabled();
  });
});
