import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { IpEntryView } from '@vendport/shared';
import toast from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '@/lib/session';
import { makeUser, pageOf, stubFetch } from '../../../../test/factories';
import { renderApp } from '../../../../test/render-app';

const ok = (data: unknown, message = 'ok') => ({ success: true, message, data });
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const OWNER = ['settings.read', 'settings.manage', 'apikey.manage'];

const keys = [
  { mode: 'LIVE', masked: 'vp_live_••••••••3f9a', createdAt: '2026-01-05T10:15:00.000Z', lastUsedAt: null },
  {
    mode: 'TEST',
    masked: 'vp_test_••••••••77c1',
    createdAt: '2026-01-05T10:15:00.000Z',
    lastUsedAt: '2026-02-01T09:30:00.000Z',
  },
];

function routes() {
  return [
    { path: '/api/v1/notifications/unread-count', body: ok({ count: 0 }) },
    { path: '/api/v1/me', body: ok(sessionStore.getSnapshot()?.user) },
    { path: '/api/v1/get-api-key', body: ok(keys) },
    {
      path: '/api/v1/web-hook-url',
      body: ok({ url: null, secret: null, secretMasked: null, updatedAt: null }),
    },
    { path: /^\/api\/v1\/webhooks\/deliveries\?/, body: pageOf([]) },
  ];
}

/** A small in-memory allow-list behind GET ip, POST ip/add and DELETE ip/:id. */
function allowList(stub: ReturnType<typeof stubFetch>) {
  const entries: IpEntryView[] = [];
  const fn = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const method = init.method ?? 'GET';
    if (url === '/api/v1/ip' && method === 'GET') return json(ok(entries));
    if (url === '/api/v1/ip/add' && method === 'POST') {
      stub.calls.push({ method, url, body: JSON.parse(String(init.body)), headers: {} });
      const entry = {
        id: `ip_${entries.length + 1}`,
        address: JSON.parse(String(init.body)).address,
        createdAt: '2026-01-05T10:15:00.000Z',
      };
      entries.push(entry);
      return json(ok(entry, 'IP address added'), 201);
    }
    const del = /^\/api\/v1\/ip\/(.+)$/.exec(url);
    if (del && method === 'DELETE') {
      stub.calls.push({ method, url, body: undefined, headers: {} });
      const i = entries.findIndex((e) => e.id === del[1]);
      const [removed] = entries.splice(i, 1);
      return json(ok(removed, 'IP address removed'));
    }
    return stub.fn(input, init);
  };
  return { fn, entries };
}

afterEach(() => {
  toast.remove();
  sessionStore.clear();
});

describe('client settings', () => {
  it('[SETTINGS] the IP allow-list: empty allows all; add an address, then remove it after confirming', async () => {
    sessionStore.login(makeUser({ permissions: OWNER }), 'tok', false);
    const stub = stubFetch(routes());
    const list = allowList(stub);
    vi.stubGlobal('fetch', list.fn);
    renderApp('/dashboard/settings');
    const explainer = await screen.findByTestId('ip-explainer', {}, { timeout: 5000 });
    expect(explainer).toHaveTextContent(
      'While the list is empty, API calls with your keys are accepted from any address.',
    );
    expect(await screen.findByText('Open to every address')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'IP allow-list' });
    expect(
      within(table).getByText('No addresses yet: API calls are accepted from any address.'),
    ).toBeInTheDocument();

    const form = within(screen.getByRole('form', { name: 'Add IP address' }));
    await userEvent.click(form.getByRole('button', { name: 'Add address' }));
    expect(await form.findByText('Enter an IP address or CIDR range')).toBeInTheDocument();
    await userEvent.type(form.getByLabelText('IP address or CIDR range'), '203.0.113.7');
    await userEvent.click(form.getByRole('button', { name: 'Add address' }));
    // The first entry closes the API to every other address: asked first.
    const restrict = await screen.findByRole('dialog', { name: 'Restrict API access?' });
    expect(restrict).toHaveTextContent('From now on only 203.0.113.7 may call the API with your keys');
    expect(stub.calls.some((c) => c.method === 'POST')).toBe(false);
    await userEvent.click(within(restrict).getByRole('button', { name: 'Restrict to this address' }));
    expect(await screen.findByText('IP address added')).toBeInTheDocument();
    expect(stub.calls.find((c) => c.method === 'POST')?.body).toEqual({ address: '203.0.113.7' });
    expect(await within(table).findByText('203.0.113.7')).toBeInTheDocument();
    expect(screen.getByText('Restricted to 1 entry')).toBeInTheDocument();
    expect(explainer).toHaveTextContent(
      'Only the addresses and ranges below may call the API with your keys',
    );
    expect(form.getByLabelText('IP address or CIDR range')).toHaveValue('');

    await userEvent.click(within(table).getByRole('button', { name: 'Remove 203.0.113.7' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove IP address?' });
    expect(dialog).toHaveTextContent(
      'It is the last entry: the API will accept calls from any address again.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('IP address removed')).toBeInTheDocument();
    expect(stub.calls.find((c) => c.method === 'DELETE')?.url).toBe('/api/v1/ip/ip_1');
    await waitFor(() => expect(within(table).queryByText('203.0.113.7')).not.toBeInTheDocument());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByText('Open to every address')).toBeInTheDocument();
  });

  it('[SETTINGS] a bad IP address or range is refused under the field before any confirmation; IPv6 and CIDR pass', async () => {
    sessionStore.login(makeUser({ permissions: OWNER }), 'tok', false);
    const stub = stubFetch(routes());
    const list = allowList(stub);
    vi.stubGlobal('fetch', list.fn);
    renderApp('/dashboard/settings');
    const form = within(await screen.findByRole('form', { name: 'Add IP address' }, { timeout: 5000 }));
    const input = form.getByLabelText('IP address or CIDR range');
    for (const bad of ['300.1.1.1', '10.0.0.0/33', '2001:db8:::1', 'example.com']) {
      await userEvent.clear(input);
      await userEvent.type(input, bad);
      await userEvent.click(form.getByRole('button', { name: 'Add address' }));
      expect(
        await form.findByText(
          'Enter a valid IPv4 or IPv6 address or CIDR range (e.g. 203.0.113.7 or 10.0.0.0/8)',
        ),
      ).toBeInTheDocument();
      expect(input).toHaveAttribute('aria-invalid', 'true');
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    }
    expect(stub.calls.some((c) => c.method === 'POST')).toBe(false);

    await userEvent.clear(input);
    await userEvent.type(input, '2001:db8::/32');
    await userEvent.click(form.getByRole('button', { name: 'Add address' }));
    const restrict = await screen.findByRole('dialog', { name: 'Restrict API access?' });
    expect(restrict).toHaveTextContent('From now on only 2001:db8::/32 may call the API');
    expect(form.queryByText(/Enter a valid IPv4/)).not.toBeInTheDocument();
  });

  it('[SETTINGS] Copy full key asks for the password and sends it in X-Confirm-Password; the key shows once', async () => {
    sessionStore.login(makeUser({ permissions: OWNER }), 'tok', false);
    const stub = stubFetch([
      {
        path: '/api/v1/api-key/copy?mode=TEST',
        body: ok({ ...keys[1], key: 'vp_test_0123456789abcdef0123456789abcdef77c1' }, 'API key retrieved'),
      },
      { path: '/api/v1/ip', body: ok([]) },
      ...routes(),
    ]);
    vi.stubGlobal('fetch', stub.fn);
    renderApp('/dashboard/settings');
    const test = await screen.findByTestId('api-key-TEST', {}, { timeout: 5000 });
    expect(test).toHaveTextContent('vp_test_••••••••77c1');
    expect(test).toHaveTextContent('Last used Feb 1, 10:30 AM');
    expect(screen.getByTestId('api-key-LIVE')).toHaveTextContent('Never used');
    expect(screen.getByTestId('account-mode')).toHaveTextContent('Live');

    await userEvent.click(within(test).getByRole('button', { name: 'Copy full test key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Copy test key' });
    const submit = within(dialog).getByRole('button', { name: 'Show key' });
    expect(submit).toBeDisabled();
    await userEvent.type(
      within(dialog).getByLabelText(/^Password/, { selector: 'input' }),
      'Correct-Horse-9',
    );
    await userEvent.click(submit);
    expect(await screen.findByTestId('revealed-secret')).toHaveTextContent(
      'vp_test_0123456789abcdef0123456789abcdef77c1',
    );
    const call = stub.calls.find((c) => c.url.startsWith('/api/v1/api-key/copy'));
    expect(call?.headers['X-Confirm-Password']).toBe('Correct-Horse-9');
    expect(call?.url).not.toContain('Correct-Horse-9');
  });

  it('[SETTINGS] removing the webhook asks for the password and sends it', async () => {
    sessionStore.login(makeUser({ permissions: OWNER }), 'tok', false);
    const hook = {
      url: 'https://hooks.example.ng/vendport',
      secret: null,
      secretMasked: 'whsec_••••••••r8Uq',
      updatedAt: '2026-01-05T10:15:00.000Z',
    };
    const stub = stubFetch([
      { path: '/api/v1/web-hook-url', body: ok(hook) },
      {
        path: '/api/v1/web-hook-url',
        method: 'DELETE',
        body: ok({ url: null, secret: null, secretMasked: null, updatedAt: null }, 'Webhook removed'),
      },
      { path: '/api/v1/ip', body: ok([]) },
      ...routes(),
    ]);
    vi.stubGlobal('fetch', stub.fn);
    renderApp('/dashboard/settings');
    await userEvent.click(await screen.findByRole('button', { name: 'Remove webhook' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove webhook' });
    const submit = within(dialog).getByRole('button', { name: 'Remove webhook' });
    expect(submit).toBeDisabled();
    await userEvent.type(
      within(dialog).getByLabelText(/^Password/, { selector: 'input' }),
      'Correct-Horse-9',
    );
    await userEvent.click(submit);
    expect(await screen.findByText('Webhook removed')).toBeInTheDocument();
    const call = stub.calls.find((c) => c.method === 'DELETE');
    expect(call?.url).toBe('/api/v1/web-hook-url');
    expect(call?.body).toEqual({ password: 'Correct-Horse-9' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('[SETTINGS] sections follow the permissions: read-only settings show no add, remove or keys', async () => {
    sessionStore.login(makeUser({ permissions: ['settings.read'] }), 'tok', false);
    const stub = stubFetch([
      {
        path: '/api/v1/ip',
        body: ok([{ id: 'ip_1', address: '10.0.0.0/8', createdAt: '2026-01-05T10:15:00.000Z' }]),
      },
      ...routes(),
    ]);
    vi.stubGlobal('fetch', stub.fn);
    renderApp('/dashboard/settings');
    const table = await screen.findByRole('table', { name: 'IP allow-list' }, { timeout: 5000 });
    expect(await within(table).findByText('10.0.0.0/8')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Add IP address' })).not.toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
    expect(screen.queryByText('API keys')).not.toBeInTheDocument();
    expect(stub.calls.some((c) => c.url === '/api/v1/get-api-key')).toBe(false);
  });

  it('[SETTINGS] statements: the format is CSV only or CSV and PDF; each statement offers the files it has, whatever the format (issue 36 points 7, 8)', async () => {
    sessionStore.login(makeUser({ permissions: OWNER }), 'tok', false);
    const view = {
      enabled: true,
      frequency: 'DAILY',
      emails: ['books@acme.test'],
      inApp: true,
      format: 'CSV_PDF',
      lowBalanceThresholdKobo: null,
      platformLowBalanceThresholdKobo: 0,
      updatedAt: '2026-03-01T10:00:00.000Z',
    };
    const statement = {
      id: '7b1f2d9e-0000-4000-8000-000000000001',
      code: 'STM-ABCDEFGHJK',
      kind: 'ON_DEMAND',
      fromDate: '2026-03-01',
      toDate: '2026-03-31',
      openingKobo: 500_000,
      creditsKobo: 1_070_000,
      debitsKobo: 170_000,
      closingKobo: 1_400_000,
      entryCount: 4,
      formats: ['CSV', 'PDF'],
      createdAt: '2026-04-01T10:00:00.000Z',
    };
    const settingsRoute = { path: '/api/v1/reconciliation/settings', body: ok(view) };
    const stub = stubFetch([
      ...routes(),
      { path: '/api/v1/ip', body: ok([]) },
      settingsRoute,
      {
        path: '/api/v1/reconciliation/settings',
        method: 'POST',
        body: ok({ ...view, format: 'CSV' }, 'Reconciliation settings saved'),
      },
      { path: /^\/api\/v1\/reconciliation\/statements\?/, body: pageOf([statement]) },
      {
        path: `/api/v1/reconciliation/statements/${statement.id}/pdf`,
        body: new Blob(['%PDF-1.4'], { type: 'application/pdf' }),
      },
    ]);
    vi.stubGlobal('fetch', stub.fn);
    const user = userEvent.setup();
    renderApp('/dashboard/settings');
    await user.click(await screen.findByRole('tab', { name: 'Statements and alerts' }, { timeout: 5000 }));
    const format = await screen.findByLabelText('Format');
    expect(format).toHaveValue('CSV_PDF');
    expect(
      within(format)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['CSV only', 'CSV and PDF']);
    expect(screen.queryByText(/not available/)).not.toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Statements' });
    expect(
      await within(table).findByRole('button', { name: 'Download statement STM-ABCDEFGHJK as CSV' }),
    ).toBeInTheDocument();
    // The closing balance is the wallet's at the end of the period's last day.
    expect(within(table).getByTestId('statement-end-of-day')).toHaveTextContent('end of 31/03/2026');
    expect(within(table).getByText('₦14,000.00')).toBeInTheDocument();
    const pdf = within(table).getByRole('button', { name: 'Download statement STM-ABCDEFGHJK as PDF' });
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => {} }));
    await user.click(pdf);
    await waitFor(() =>
      expect(stub.calls.some((c) => c.url.endsWith(`/reconciliation/statements/${statement.id}/pdf`))).toBe(
        true,
      ),
    );

    settingsRoute.body = ok({ ...view, format: 'CSV' });
    await user.selectOptions(format, 'CSV');
    await user.click(screen.getByRole('button', { name: 'Save statement settings' }));
    await waitFor(() =>
      expect(
        stub.calls.find((c) => c.method === 'POST' && c.url.endsWith('/reconciliation/settings'))?.body,
      ).toMatchObject({
        format: 'CSV',
      }),
    );
    // CSV only is what new statements are sent as; the statements made keep their PDF.
    await screen.findByText('Reconciliation settings saved');
    expect(
      within(table).getByRole('button', { name: 'Download statement STM-ABCDEFGHJK as PDF' }),
    ).toBeInTheDocument();
  }, 20_000);
});
