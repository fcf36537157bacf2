import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '@/lib/session';
import { makeNotification, makeUser, stubFetch } from '../../../../test/factories';
import { renderApp } from '../../../../test/render-app';
import { groupByDay, truncateBody } from '../group-by-day';

const unread = makeNotification({
  id: 'ntf_unread',
  subject: 'Fund request approved',
  body: `Your fund request of NGN 50,000.00 has been approved. ${'The wallet now shows the new balance. '.repeat(6)}`,
  createdAt: '2026-01-05T14:30:00+01:00',
  isRead: false,
});
const read = makeNotification({
  id: 'ntf_read',
  subject: 'Verification received',
  body: 'We received your business documents.',
  createdAt: '2026-01-04T09:05:00+01:00',
  isRead: true,
  readAt: '2026-01-04T10:00:00+01:00',
});

const page = (data: unknown[], extra: Record<string, unknown> = {}) => ({
  success: true,
  message: 'Notifications',
  data,
  currentPage: 1,
  lastPage: 1,
  hasMorePages: false,
  total: data.length,
  limit: 40,
  ...extra,
});

const baseRoutes = (list: unknown[]) => [
  { path: '/api/v1/notifications?page=1', body: page(list) },
  { path: '/api/v1/notifications/unread-count', body: { success: true, message: 'ok', data: { count: 1 } } },
  { path: '/api/v1/me', body: { success: true, message: 'ok', data: sessionStore.getSnapshot()?.user } },
];

beforeEach(() => {
  sessionStore.login(makeUser(), 'tok', false);
});
afterEach(() => {
  toast.remove();
  sessionStore.clear();
});

describe('notifications', () => {
  it('[NOTIFICATIONS] groups by day with D MMM, YYYY headings and shows subject, truncated body and time', async () => {
    vi.stubGlobal('fetch', stubFetch(baseRoutes([unread, read])).fn);
    renderApp('/dashboard/notification');
    expect(await screen.findByRole('heading', { name: 'Notifications', level: 1 })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: '5 Jan, 2026' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '4 Jan, 2026' })).toBeInTheDocument();
    const items = screen.getAllByTestId('notification-item');
    expect(items).toHaveLength(2);
    expect(within(items[0] as HTMLElement).getByText('Fund request approved')).toBeInTheDocument();
    expect(within(items[0] as HTMLElement).getByText('Jan 5, 2:30 PM')).toBeInTheDocument();
    expect(within(items[0] as HTMLElement).getByText(truncateBody(unread.body))).toBeInTheDocument();
    expect(truncateBody(unread.body).length).toBeLessThan(unread.body.length);
    // Unread items look different from read ones.
    expect(items[0]).toHaveAttribute('data-unread', 'true');
    expect(items[0]).toHaveClass('bg-brand-50/70');
    expect(items[1]).toHaveAttribute('data-unread', 'false');
    expect(items[1]).not.toHaveClass('bg-brand-50/70');
    expect(screen.getByText('Page 1')).toBeInTheDocument();
  });

  it('[NOTIFICATIONS] shows the empty state (admin area too)', async () => {
    sessionStore.login(makeUser({ area: 'ADMIN', roles: ['ADMIN'] }), 'tok', false);
    vi.stubGlobal('fetch', stubFetch(baseRoutes([])).fn);
    renderApp('/admin-dashboard/notification');
    expect(await screen.findByText('You Currently have no notification')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Clear all' })).toBeDisabled();
  });

  it('[NOTIFICATIONS] opening an unread item shows its detail and marks it read without a toast', async () => {
    const stub = stubFetch([
      ...baseRoutes([unread, read]),
      {
        method: 'PUT',
        path: '/api/v1/notifications/read/ntf_unread',
        body: { success: true, message: 'Marked as read', data: null },
      },
    ]);
    vi.stubGlobal('fetch', stub.fn);
    renderApp('/dashboard/notification');
    await userEvent.click(
      await screen.findByRole('button', { name: /Unread notification: Fund request approved/ }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Fund request approved' });
    expect(within(dialog).getByTestId('notification-body')).toHaveTextContent(
      'The wallet now shows the new balance.',
    );
    expect(within(dialog).getByText('Jan 5, 2:30 PM')).toBeInTheDocument();
    await waitFor(() =>
      expect(
        stub.calls.some((c) => c.method === 'PUT' && c.url.endsWith('/notifications/read/ntf_unread')),
      ).toBe(true),
    );
    expect(screen.queryByText('Marked as read')).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('[NOTIFICATIONS] opening a read item does not call mark-read', async () => {
    const stub = stubFetch(baseRoutes([unread, read]));
    vi.stubGlobal('fetch', stub.fn);
    renderApp('/dashboard/notification');
    await userEvent.click(
      await screen.findByRole('button', { name: /^Read notification: Verification received/ }),
    );
    expect(await screen.findByRole('dialog', { name: 'Verification received' })).toBeInTheDocument();
    expect(stub.calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('[NOTIFICATIONS] deleting asks for confirmation and shows the server message as a success toast', async () => {
    const stub = stubFetch([
      ...baseRoutes([unread, read]),
      {
        method: 'PUT',
        path: '/api/v1/notifications/clear/ntf_read',
        body: { success: true, message: 'Notification deleted', data: null },
      },
    ]);
    vi.stubGlobal('fetch', stub.fn);
    renderApp('/dashboard/notification');
    await userEvent.click(
      await screen.findByRole('button', { name: 'Delete notification: Verification received' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Delete notification' });
    expect(stub.calls.some((c) => c.method === 'PUT')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Notification deleted')).toBeInTheDocument();
    expect(
      stub.calls.some((c) => c.method === 'PUT' && c.url.endsWith('/notifications/clear/ntf_read')),
    ).toBe(true);
  });

  it('[NOTIFICATIONS] a failed clear-all shows each error as an error toast', async () => {
    vi.stubGlobal(
      'fetch',
      stubFetch([
        ...baseRoutes([unread]),
        {
          method: 'PUT',
          path: '/api/v1/notifications/clear',
          status: 409,
          body: {
            success: false,
            message: 'Could not clear',
            errors: ['First problem', 'Second problem'],
            code: 'CONFLICT',
          },
        },
      ]).fn,
    );
    renderApp('/dashboard/notification');
    await userEvent.click(await screen.findByRole('button', { name: 'Clear all' }));
    const dialog = await screen.findByRole('dialog', { name: 'Clear all notifications' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Clear all' }));
    expect(await screen.findByText('First problem')).toBeInTheDocument();
    expect(screen.getByText('Second problem')).toBeInTheDocument();
  });

  it('[NOTIFICATIONS] success false shows the message as an error toast', async () => {
    vi.stubGlobal(
      'fetch',
      stubFetch([
        ...baseRoutes([unread]),
        {
          method: 'PUT',
          path: '/api/v1/notifications/clear',
          body: { success: false, message: 'Nothing to clear' },
        },
      ]).fn,
    );
    const errorToast = vi.spyOn(toast, 'error');
    renderApp('/dashboard/notification');
    await userEvent.click(await screen.findByRole('button', { name: 'Clear all' }));
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Clear all' }),
    );
    await waitFor(() => expect(errorToast).toHaveBeenCalledWith('Nothing to clear'));
  });

  it('[NOTIFICATIONS] groupByDay keeps list order and merges same-day items', () => {
    const a = makeNotification({ id: 'a', createdAt: '2026-02-10T18:00:00+01:00' });
    const b = makeNotification({ id: 'b', createdAt: '2026-02-10T08:00:00+01:00' });
    const c = makeNotification({ id: 'c', createdAt: '2026-02-09T23:59:00+01:00' });
    expect(groupByDay([a, b, c]).map((g) => [g.day, g.items.map((i) => i.id)])).toEqual([
      ['10 Feb, 2026', ['a', 'b']],
      ['9 Feb, 2026', ['c']],
    ]);
  });
});
