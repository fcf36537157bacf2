import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DiscrepancyView } from '@vendport/shared';
import toast from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '@/lib/session';
import { makeUser, stubFetch } from '../../../../test/factories';
import { renderApp } from '../../../../test/render-app';

const ok = (data: unknown, message = 'ok') => ({ success: true, message, data });
const layout = () => [
  { path: '/api/v1/notifications/unread-count', body: ok({ count: 0 }) },
  { path: '/api/v1/me', body: ok(sessionStore.getSnapshot()?.user) },
];
const asAdmin = (permissions: string[]) =>
  sessionStore.login(makeUser({ area: 'ADMIN', roles: ['ADMIN'], permissions }), 'tok', false);

const item: DiscrepancyView = {
  id: '0190aaaa-0000-7000-8000-000000000001',
  kind: 'DELIVERED_AFTER_REFUND',
  source: 'CALLBACK',
  provider: 'RELOADLY',
  status: 'OPEN',
  vendId: '0190aaaa-0000-7000-8000-00000000000a',
  vendCode: 'VND-LATE00000001',
  vendStatus: 'FAILED',
  msisdn: '+2348031234567',
  corporateId: '0190aaaa-0000-7000-8000-0000000000c1',
  corporateName: 'Late Truth Traders Ltd',
  reconciliationId: null,
  ourStatus: 'FAILED',
  ourAmountKobo: 50_000,
  providerStatus: 'SUCCESSFUL',
  providerAmountKobo: null,
  providerReference: '100042',
  providerMessage: 'SUCCESSFUL',
  actions: ['CHARGE_AGAIN', 'WRITE_OFF', 'DISMISS'],
  resolution: null,
  resolutionNote: null,
  resolutionTransferId: null,
  resolvedAt: null,
  createdAt: '2026-01-05T14:07:00.000Z',
};
const page = (rows: DiscrepancyView[]) => ({
  success: true,
  message: 'Discrepancies retrieved',
  data: rows,
  currentPage: 1,
  lastPage: 1,
  hasMorePages: false,
  total: rows.length,
  limit: 40,
});

afterEach(() => {
  toast.remove();
  sessionStore.clear();
});

describe('review queue', () => {
  it('[DISCREPANCIES] shows both versions (Lagos time) and resolves with the chosen action and the password', async () => {
    asAdmin(['vending.read', 'vending.manage']);
    const stub = stubFetch([
      ...layout(),
      { path: /^\/api\/v1\/admin\/discrepancies\?/, body: page([item]) },
      {
        method: 'POST',
        path: `/api/v1/admin/discrepancies/${item.id}/resolve`,
        body: ok(
          { ...item, status: 'RESOLVED', resolution: 'WRITTEN_OFF', actions: [] },
          'Discrepancy resolved',
        ),
      },
    ]);
    vi.stubGlobal('fetch', stub.fn);
    renderApp('/admin-dashboard/discrepancies?status=OPEN');
    const table = await screen.findByRole('table', { name: 'Discrepancies' }, { timeout: 15_000 });
    const row = (await within(table).findByText('VND-LATE00000001')).closest('tr')!;
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual([
      '05/01/2026 3:07 PM',
      'Delivered after we refunded itRELOADLY · Provider callback',
      'VND-LATE00000001Late Truth Traders Ltd',
      'FAILED₦500.00',
      'SUCCESSFUL',
      'Open',
      'Resolve',
    ]);
    expect(
      stub.calls.some((c) => c.url.includes('/admin/discrepancies?') && c.url.includes('status=OPEN')),
    ).toBe(true);

    await userEvent.click(within(row).getByRole('button', { name: 'Resolve VND-LATE00000001' }));
    const dialog = await screen.findByRole('dialog', { name: 'Resolve discrepancy' });
    expect(dialog).toHaveTextContent('Late Truth Traders Ltd’s wallet is charged for ₦500.00 again');
    await userEvent.selectOptions(within(dialog).getByLabelText('Resolution'), 'WRITE_OFF');
    expect(dialog).toHaveTextContent('The platform’s loss account pays the provider’s ₦500.00');
    const submit = within(dialog).getByRole('button', { name: 'Resolve' });
    expect(submit).toBeDisabled();
    await userEvent.type(within(dialog).getByLabelText(/^Password/), 'Correct-Horse-Battery-9');
    await userEvent.click(submit);
    expect(await screen.findByText('Discrepancy resolved')).toBeInTheDocument();
    const post = stub.calls.find((c) => c.method === 'POST')!;
    expect(post.body).toEqual({ action: 'WRITE_OFF', password: 'Correct-Horse-Battery-9' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('[DISCREPANCIES] dismissing needs a note; without vending.manage there is nothing to resolve', async () => {
    asAdmin(['vending.read', 'vending.manage']);
    const stub = stubFetch([...layout(), { path: /^\/api\/v1\/admin\/discrepancies\?/, body: page([item]) }]);
    vi.stubGlobal('fetch', stub.fn);
    const first = renderApp('/admin-dashboard/discrepancies');
    const table = await screen.findByRole('table', { name: 'Discrepancies' }, { timeout: 15_000 });
    await userEvent.click(await within(table).findByRole('button', { name: 'Resolve VND-LATE00000001' }));
    const dialog = await screen.findByRole('dialog', { name: 'Resolve discrepancy' });
    await userEvent.selectOptions(within(dialog).getByLabelText('Resolution'), 'DISMISS');
    await userEvent.type(within(dialog).getByLabelText(/^Password/), 'Correct-Horse-Battery-9');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Resolve' }));
    expect(await within(dialog).findByText('Say why the discrepancy is dismissed')).toBeInTheDocument();
    expect(stub.calls.some((c) => c.method === 'POST')).toBe(false);
    first.unmount();

    sessionStore.clear();
    asAdmin(['vending.read']);
    vi.stubGlobal(
      'fetch',
      stubFetch([...layout(), { path: /^\/api\/v1\/admin\/discrepancies\?/, body: page([item]) }]).fn,
    );
    renderApp('/admin-dashboard/discrepancies');
    const readOnly = await screen.findByRole('table', { name: 'Discrepancies' }, { timeout: 15_000 });
    await within(readOnly).findByText('VND-LATE00000001');
    expect(within(readOnly).queryByRole('button', { name: /Resolve/ })).not.toBeInTheDocument();
  });
});
