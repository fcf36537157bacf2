import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '@/lib/session';
import { makeUser, pageOf, stubFetch } from '../../../../test/factories';
import { renderApp } from '../../../../test/render-app';
import { CONTRACT } from '../lib/contract';
import { operationsOf } from '../lib/samples';

const ok = (data: unknown, message = 'ok') => ({ success: true, message, data });
const OWNER = ['settings.read', 'settings.manage', 'apikey.manage'];
const FULL_KEY = 'vp_test_0123456789abcdef0123456789abcdef77c1';
const keys = [
  { mode: 'LIVE', masked: 'vp_live_••••••••3f9a', createdAt: '2026-01-05T10:15:00.000Z', lastUsedAt: null },
  { mode: 'TEST', masked: 'vp_test_••••••••77c1', createdAt: '2026-01-05T10:15:00.000Z', lastUsedAt: null },
];
const hook = {
  url: 'https://hooks.example.ng/vendport',
  secret: null,
  secretMasked: 'whsec_••••••••r8Uq',
  updatedAt: '2026-01-05T10:15:00.000Z',
};
const delivery = {
  id: 'd1',
  eventId: 'evt_0123456789abcdef',
  eventType: 'vend.successful',
  vendId: null,
  vendCode: null,
  url: hook.url,
  mode: 'TEST',
  status: 'DELIVERED',
  attempts: 1,
  lastStatusCode: 200,
  lastError: null,
  nextAttemptAt: null,
  deliveredAt: '2026-01-05T10:15:00.000Z',
  resendOf: null,
  createdAt: '2026-01-05T10:15:00.000Z',
  durationMs: 42,
};

function routes() {
  return [
    { path: '/api/v1/notifications/unread-count', body: ok({ count: 0 }) },
    { path: '/api/v1/me', body: ok(sessionStore.getSnapshot()?.user) },
    { path: '/api/v1/get-api-key', body: ok(keys) },
    { path: '/api/v1/api-key/copy?mode=TEST', body: ok({ ...keys[1], key: FULL_KEY }, 'API key retrieved') },
    { path: '/api/v1/web-hook-url', body: ok(hook) },
    { path: /^\/api\/v1\/webhooks\/deliveries\?/, body: pageOf([]) },
    {
      path: '/api/v1/webhooks/test',
      method: 'POST',
      body: ok(delivery, 'Test event delivered: your endpoint answered HTTP 200'),
    },
  ];
}

afterEach(() => {
  toast.remove();
  sessionStore.clear();
});

describe('developers page', () => {
  it('[DEVELOPERS] samples per language for every call, the sandbox key masked until revealed with the password', async () => {
    sessionStore.login(makeUser({ permissions: OWNER }), 'tok', false);
    const stub = stubFetch(routes());
    vi.stubGlobal('fetch', stub.fn);
    renderApp('/dashboard/developers');
    expect(await screen.findByRole('heading', { name: 'Developers' }, { timeout: 5000 })).toBeVisible();
    expect(screen.getByTestId('sandbox-base-url')).toHaveTextContent(`${window.location.origin}/api/v1/api`);

    const keyEl = await screen.findByTestId('sandbox-key');
    await waitFor(() => expect(keyEl).toHaveTextContent('vp_test_••••••••77c1'));
    const vend = screen.getByTestId('sample-POST /api/v1/api/vend');
    expect(vend).toHaveTextContent("curl -X POST '");
    expect(vend).toHaveTextContent('X-API-Key: vp_test_••••••••77c1');
    expect(screen.getByTestId('sample-GET /api/v1/api/balance')).toBeInTheDocument();
    expect(screen.getByTestId('sample-GET /api/v1/api/vend/{reference}')).toBeInTheDocument();
    // The full key was never asked for.
    expect(stub.calls.some((c) => c.url.startsWith('/api/v1/api-key/copy'))).toBe(false);

    for (const [tab, text] of [
      ['Node (@vendport/client)', 'client.vend({'],
      ['Python (requests)', 'requests.post('],
      ['PHP (curl)', 'curl_setopt_array($ch'],
    ] as const) {
      await userEvent.click(screen.getByRole('tab', { name: tab }));
      expect(screen.getByTestId('sample-POST /api/v1/api/vend')).toHaveTextContent(text);
    }

    await userEvent.click(screen.getByRole('button', { name: 'Reveal key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reveal test key' });
    await userEvent.type(
      within(dialog).getByLabelText(/^Password/, { selector: 'input' }),
      'Correct-Horse-9',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Show key' }));
    await waitFor(() => expect(screen.getByTestId('sandbox-key')).toHaveTextContent(FULL_KEY));
    expect(screen.getByTestId('sample-POST /api/v1/api/vend')).toHaveTextContent(FULL_KEY);
    const call = stub.calls.find((c) => c.url.startsWith('/api/v1/api-key/copy'));
    expect(call?.headers['X-Confirm-Password']).toBe('Correct-Horse-9');
    await userEvent.click(screen.getByRole('button', { name: 'Hide key' }));
    expect(screen.getByTestId('sandbox-key')).toHaveTextContent('vp_test_••••••••77c1');
  });

  it('[DEVELOPERS] send test webhook shows the answer and links the delivery log', async () => {
    sessionStore.login(makeUser({ permissions: OWNER }), 'tok', false);
    const stub = stubFetch(routes());
    vi.stubGlobal('fetch', stub.fn);
    renderApp('/dashboard/developers');
    const button = await screen.findByRole('button', { name: 'Send test webhook' }, { timeout: 5000 });
    await waitFor(() => expect(button).toBeEnabled());
    await userEvent.click(button);
    const result = await screen.findByTestId('test-webhook-result');
    expect(result).toHaveTextContent('Delivered');
    expect(result).toHaveTextContent('HTTP 200');
    expect(result).toHaveTextContent('42 ms');
    expect(stub.calls.filter((c) => c.url === '/api/v1/webhooks/test' && c.method === 'POST')).toHaveLength(
      1,
    );
    expect(screen.getByRole('link', { name: 'Webhook delivery log (resend an event)' })).toHaveAttribute(
      'href',
      '/dashboard/settings',
    );
  });

  it('[DEVELOPERS] without apikey.manage the key is never fetched; without settings.manage no test webhook', async () => {
    sessionStore.login(makeUser({ permissions: ['settings.read'] }), 'tok', false);
    const stub = stubFetch(routes());
    vi.stubGlobal('fetch', stub.fn);
    renderApp('/dashboard/developers');
    expect(await screen.findByRole('heading', { name: 'Developers' }, { timeout: 5000 })).toBeVisible();
    expect(screen.getByTestId('sample-POST /api/v1/api/vend')).toHaveTextContent('YOUR_TEST_KEY');
    expect(screen.queryByRole('button', { name: 'Reveal key' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Send test webhook' })).toBeNull();
    expect(stub.calls.some((c) => c.url.includes('api-key'))).toBe(false);
  });
  it('[DEVELOPERS] downloads the Postman collection generated from the contract', async () => {
    sessionStore.login(makeUser({ permissions: OWNER }), 'tok', false);
    vi.stubGlobal('fetch', stubFetch(routes()).fn);
    const blobs: Blob[] = [];
    const create = vi.fn((b: Blob) => {
      blobs.push(b);
      return 'blob:postman';
    });
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: create, revokeObjectURL: vi.fn() }));
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderApp('/dashboard/developers');
    await userEvent.click(
      await screen.findByRole('button', { name: 'Postman collection' }, { timeout: 5000 }),
    );
    expect(clicked).toHaveBeenCalledTimes(1);
    const collection = JSON.parse(await blobs[0].text());
    expect(collection.info.schema).toContain('v2.1.0');
    expect(collection.item).toHaveLength(operationsOf(CONTRACT).length);
    expect(collection.variable[0]).toMatchObject({ key: 'baseUrl', value: window.location.origin });
    clicked.mockRestore();
  });
});
