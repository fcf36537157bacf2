import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { VendAttemptView } from '@vendport/shared';
import toast from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '@/lib/session';
import { makeVendDetail } from '../../../../test/catalogue-factories';
import { makeUser, stubFetch } from '../../../../test/factories';
import { renderApp } from '../../../../test/render-app';
import { formatDuration, VendAttempts } from './vend-attempts';

const ok = (data: unknown, message = 'ok') => ({ success: true, message, data });

const failed: VendAttemptView = {
  position: 0,
  provider: 'VTPASS',
  status: 'FAILED',
  // 10:15:00 and 10:15:02 in Lagos (UTC+1).
  createdAt: '2026-01-05T09:15:00.000Z',
  answeredAt: '2026-01-05T09:15:02.000Z',
  platform: 'AGGREGATOR',
  requestId: '202601051015VND-A1',
  providerReference: '17373874736',
  failureKind: 'PROVIDER',
  message: 'VTpass 016 TRANSACTION FAILED',
  durationMs: 1840,
  requeryCount: 0,
  raw: { code: '016', response_description: 'TRANSACTION FAILED' },
};
const delivered: VendAttemptView = {
  position: 1,
  provider: 'RELOADLY',
  status: 'SUCCESSFUL',
  createdAt: '2026-01-05T13:40:03.000Z',
  answeredAt: '2026-01-05T13:40:04.000Z',
  platform: 'AGGREGATOR',
  requestId: '202601051440VND-A1-2',
  providerReference: 'RL-998',
  failureKind: null,
  message: 'Delivered',
  durationMs: 640,
  requeryCount: 2,
  raw: null,
};
const asClient = (a: VendAttemptView): VendAttemptView => ({
  ...a,
  platform: null,
  requestId: null,
  providerReference: null,
  failureKind: null,
  message: null,
  durationMs: null,
  requeryCount: null,
  raw: null,
});

afterEach(() => {
  toast.remove();
  sessionStore.clear();
});

describe('VendAttempts', () => {
  it('[VENDING] lists each attempt: position + 1, provider, status, sent and answered in Lagos time', () => {
    render(<VendAttempts attempts={[failed, delivered]} admin={false} />);
    const items = within(screen.getByRole('list', { name: 'Attempts' })).getAllByTestId('vend-attempt');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent(/^1\. VTpassFailedSent 10:15 AM · answered 10:15 AM$/);
    expect(items[1]).toHaveTextContent(/^2\. ReloadlySuccessfulSent 2:40 PM · answered 2:40 PM$/);
    expect(screen.queryByText('Request ID')).not.toBeInTheDocument();
    expect(screen.queryByText('Raw answer')).not.toBeInTheDocument();
  });

  it('[VENDING] admins see the request id, reference, message, duration, status checks and the raw answer folded', async () => {
    render(<VendAttempts attempts={[failed, { ...delivered, answeredAt: null, status: 'SENT' }]} admin />);
    const [first, second] = screen.getAllByTestId('vend-attempt');
    expect(first).toHaveTextContent('202601051015VND-A1');
    expect(first).toHaveTextContent('17373874736');
    expect(first).toHaveTextContent('VTpass 016 TRANSACTION FAILED');
    expect(first).toHaveTextContent('Duration1.8 s');
    expect(first).toHaveTextContent('Status checks0');
    const raw = within(first).getByText('Raw answer');
    const pre = first.querySelector('pre')!;
    expect(pre).not.toBeVisible();
    await userEvent.click(raw);
    expect(pre).toBeVisible();
    expect(pre).toHaveTextContent('"response_description": "TRANSACTION FAILED"');
    expect(second).toHaveTextContent('Sent 2:40 PM · no answer yet');
    expect(second).toHaveTextContent('Status checks2');
    expect(within(second).queryByText('Raw answer')).not.toBeInTheDocument();
    expect(formatDuration(640)).toBe('640 ms');
  });

  it('[VENDING] renders nothing without attempts', () => {
    const { container } = render(<VendAttempts attempts={[]} admin />);
    expect(container).toBeEmptyDOMElement();
  });
});

describe('vend details: attempts', () => {
  const serve = (detail: ReturnType<typeof makeVendDetail>) => {
    const stub = stubFetch([
      { path: '/api/v1/notifications/unread-count', body: ok({ count: 0 }) },
      { path: '/api/v1/me', body: ok(sessionStore.getSnapshot()?.user) },
      { path: `/api/v1/vend/${detail.id}`, body: ok(detail) },
    ]);
    vi.stubGlobal('fetch', stub.fn);
  };

  it('[VENDING] a client sees the attempts without the upstream details', async () => {
    sessionStore.login(makeUser({ permissions: ['transactions.read', 'vend'] }), 'tok', false);
    const v = makeVendDetail({ attempts: [asClient(failed), asClient(delivered)] });
    serve(v);
    renderApp(`/dashboard/vending-history/${v.id}`);
    const list = await screen.findByRole('list', { name: 'Attempts' }, { timeout: 5000 });
    expect(within(list).getAllByTestId('vend-attempt')).toHaveLength(2);
    expect(screen.getByRole('heading', { name: 'Attempts' })).toBeInTheDocument();
    expect(screen.queryByText('Request ID')).not.toBeInTheDocument();
  });

  it('[VENDING] an admin sees the upstream details; a simulator vend has no Attempts section', async () => {
    sessionStore.login(
      makeUser({ area: 'ADMIN', roles: ['ADMIN'], permissions: ['vending.read', 'vending.manage'] }),
      'tok',
      false,
    );
    const v = makeVendDetail({ attempts: [failed] });
    serve(v);
    const { router } = renderApp(`/admin-dashboard/vending-history/${v.id}`);
    const list = await screen.findByRole('list', { name: 'Attempts' }, { timeout: 5000 });
    expect(within(list).getByText('Request ID')).toBeInTheDocument();
    const sim = makeVendDetail({ id: 'vnd_sim', code: 'VND-SIM000000009', attempts: [] });
    serve(sim);
    await router.navigate(`/admin-dashboard/vending-history/${sim.id}`);
    await waitFor(() => expect(screen.getByTestId('vend-code')).toHaveTextContent(sim.code));
    await screen.findByRole('list', { name: 'Timeline' });
    expect(screen.queryByRole('list', { name: 'Attempts' })).not.toBeInTheDocument();
  });
});
