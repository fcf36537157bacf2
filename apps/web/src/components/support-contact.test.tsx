// "Need help?" in the client area's sidebar: the platform's support email and phone from GET
// platform, as links; nothing when neither is set; none in the admin area.
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '@/lib/session';
import { makeUser, stubFetch } from '../../test/factories';
import { renderApp } from '../../test/render-app';

const ok = (data: unknown) => ({ success: true, message: 'ok', data });

function stub(platform: { supportEmail: string; supportPhone: string }) {
  const s = stubFetch([
    { path: '/api/v1/notifications/unread-count', body: ok({ count: 0 }) },
    { path: '/api/v1/me', body: ok(sessionStore.getSnapshot()?.user) },
    { path: '/api/v1/platform', body: ok({ platformName: 'VendPort', maintenanceBanner: '', ...platform }) },
  ]);
  vi.stubGlobal('fetch', s.fn);
  return s;
}

afterEach(() => sessionStore.clear());

describe('support contact', () => {
  it('[SUPPORT] a client sees Need help? with the support email and phone as links', async () => {
    sessionStore.login(makeUser({ permissions: ['settings.read'] }), 'tok', false);
    stub({ supportEmail: 'help@vendport.test', supportPhone: '+2348035550100' });
    renderApp('/dashboard/settings');
    const block = within(await screen.findByRole('region', { name: 'Need help?' }, { timeout: 8000 }));
    expect(block.getByRole('link', { name: 'help@vendport.test' })).toHaveAttribute(
      'href',
      'mailto:help@vendport.test',
    );
    expect(block.getByRole('link', { name: '+2348035550100' })).toHaveAttribute('href', 'tel:+2348035550100');
  });

  it('[SUPPORT] only the phone when there is no email; nothing when neither is set', async () => {
    sessionStore.login(makeUser({ permissions: ['settings.read'] }), 'tok', false);
    stub({ supportEmail: '', supportPhone: '0803 555 0100' });
    const view = renderApp('/dashboard/settings');
    const block = within(await screen.findByRole('region', { name: 'Need help?' }, { timeout: 8000 }));
    expect(block.getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual(['tel:08035550100']);
    view.unmount();

    const s = stub({ supportEmail: '', supportPhone: '' });
    renderApp('/dashboard/settings');
    await screen.findByRole('heading', { name: 'Settings', level: 1 }, { timeout: 8000 });
    await waitFor(() => expect(s.calls.some((c) => c.url === '/api/v1/platform')).toBe(true));
    await new Promise((r) => setTimeout(r, 100)); // the answer has been rendered
    expect(screen.queryByRole('region', { name: 'Need help?' })).not.toBeInTheDocument();
  });

  it('[SUPPORT] the admin area has no Need help? block', async () => {
    sessionStore.login(makeUser({ area: 'ADMIN', permissions: ['settings.manage'] }), 'tok', false);
    const s = stub({ supportEmail: 'help@vendport.test', supportPhone: '+2348035550100' });
    renderApp('/admin-dashboard/settings');
    await screen.findByRole('heading', { name: 'Settings', level: 1 }, { timeout: 8000 });
    await waitFor(() => expect(s.calls.some((c) => c.url === '/api/v1/platform')).toBe(true));
    await new Promise((r) => setTimeout(r, 100)); // the answer has been rendered
    expect(screen.queryByRole('region', { name: 'Need help?' })).not.toBeInTheDocument();
  });
});
