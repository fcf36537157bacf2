import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '@/lib/session';
import { makeUser, pageOf, stubFetch } from '../../../../test/factories';
import { renderApp } from '../../../../test/render-app';

const ok = (data: unknown, message = 'ok') => ({ success: true, message, data });
const VEND_ID = '44444444-4444-4444-8444-444444444444';
const entry = {
  id: 'a1',
  actorId: 'u1',
  actorEmail: 'bisi@acme.ng',
  actorName: 'Bisi Adeyemi',
  actorRole: 'Finance',
  area: 'CORPORATE',
  corporateId: 'corp_1',
  action: 'vend.requery',
  targetType: 'vend',
  targetId: VEND_ID,
  ip: '102.89.1.7',
  userAgent: 'Mozilla/5.0 Test',
  summary: { code: 'VND-1', status: 'SUCCESSFUL' },
  names: {},
  // 23:30 UTC is 00:30 the next day in Lagos.
  createdAt: '2026-11-24T23:30:00.000Z',
};

afterEach(() => {
  toast.remove();
  sessionStore.clear();
  vi.unstubAllGlobals();
});

describe('audit trail', () => {
  it('[AUDIT] rows read in words with Lagos time and a link to the target; a row opens its details', async () => {
    sessionStore.login(makeUser({ permissions: ['team.audit.read'] }), 'tok', false);
    const stub = stubFetch([
      { path: '/api/v1/notifications/unread-count', body: ok({ count: 0 }) },
      { path: '/api/v1/me', body: ok(sessionStore.getSnapshot()?.user) },
      { path: /^\/api\/v1\/audit-trails/, body: pageOf([entry]) },
    ]);
    vi.stubGlobal('fetch', stub.fn);
    renderApp('/dashboard/audit-trail?targetType=vend');
    const table = await screen.findByRole('table', { name: 'Audit trail' });
    const row = (await within(table).findByText('Requeried a vend')).closest('tr')!;
    expect(within(row).getByText('25/11/2026')).toBeInTheDocument();
    expect(within(row).getByText('12:30 AM')).toBeInTheDocument();
    expect(within(row).getByText('Finance')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: /44444444/ })).toHaveAttribute(
      'href',
      `/dashboard/vending-history/${VEND_ID}`,
    );
    expect(stub.calls.some((c) => c.url.includes('targetType=vend'))).toBe(true);
    // A client has no client filter; admins do.
    expect(screen.queryByLabelText('Client')).not.toBeInTheDocument();
    await userEvent.click(within(row).getByText('Bisi Adeyemi'));
    const dialog = await screen.findByRole('dialog', { name: 'Requeried a vend' });
    expect(within(dialog).getByText('vend.requery')).toBeInTheDocument();
    expect(within(dialog).getByText('102.89.1.7')).toBeInTheDocument();
    // An enum in words, as the screens say it (issue 53 point 6).
    expect(within(dialog).getByText('Successful')).toBeInTheDocument();
  }, 20_000);

  it('[AUDIT] admins can narrow the trail to one client', async () => {
    sessionStore.login(
      makeUser({ area: 'ADMIN', roles: ['ADMIN'], permissions: ['audit.read', 'clients.read'] }),
      'tok',
      false,
    );
    const stub = stubFetch([
      { path: '/api/v1/notifications/unread-count', body: ok({ count: 0 }) },
      { path: '/api/v1/me', body: ok(sessionStore.getSnapshot()?.user) },
      { path: /^\/api\/v1\/audit-trails/, body: pageOf([]) },
      {
        path: /^\/api\/v1\/corporate-clients\?/,
        body: pageOf([{ id: 'c-9', name: 'Kano Traders Ltd', email: 'k@kano.ng' }]),
      },
    ]);
    vi.stubGlobal('fetch', stub.fn);
    renderApp('/admin-dashboard/audit-trail');
    expect(await screen.findByText('No activity recorded yet.')).toBeInTheDocument();
    const client = await screen.findByLabelText('Client');
    await screen.findByRole('option', { name: 'Kano Traders Ltd' });
    await userEvent.selectOptions(client, 'c-9');
    await vi.waitFor(() => expect(stub.calls.some((c) => c.url.includes('corporateId=c-9'))).toBe(true));
  }, 20_000);
});
