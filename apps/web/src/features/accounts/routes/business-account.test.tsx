import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BusinessAccountView } from '@vendport/shared';
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
const asAdmin = (permissions = ['clients.read', 'verification.read', 'verification.manage']) =>
  sessionStore.login(makeUser({ area: 'ADMIN', roles: ['ADMIN'], permissions }), 'tok', false);

const ID = '5b0c6f5e-3c1a-4d6e-9a52-1f2e3d4c5b6a';
const account = (o: Partial<BusinessAccountView> = {}): BusinessAccountView => ({
  id: ID,
  name: 'Okafor Telecoms Ltd',
  email: 'ops@okafor.ng',
  msisdn: null,
  clientType: 'POSTPAID',
  createdAt: '2025-11-03T09:00:00.000Z',
  // 23:30 UTC on 1 Dec is 2 Dec in Lagos.
  verificationRequestedAt: '2025-12-01T23:30:00.000Z',
  verificationStatus: 'PENDING',
  documentsCount: 2,
  totalFunding: 5_000_000,
  availableBalance: -250_000,
  declineReason: null,
  decidedAt: null,
  documents: [
    {
      documentId: 'd1',
      documentUrl: '/api/v1/verification-documents/d1/file',
      kind: 'CERTIFICATE_OF_INCORPORATION',
      originalName: 'cac.pdf',
      mime: 'application/pdf',
      sizeBytes: 120_000,
      createdAt: '2025-12-01T10:00:00.000Z',
    },
    {
      documentId: 'd2',
      documentUrl: '/api/v1/verification-documents/d2/file',
      kind: 'DIRECTOR_ID',
      originalName: 'id.png',
      mime: 'image/png',
      sizeBytes: 2_048,
      createdAt: '2025-12-01T10:00:00.000Z',
    },
  ],
  ...o,
});
const path = `/admin-dashboard/accounts/${ID}`;
const show = (a = account()) => ({ path: `/api/v1/verifications/${ID}/show`, body: ok(a) });
const file = {
  path: /\/api\/v1\/verification-documents\/d2\/file$/,
  body: new Blob(['png'], { type: 'image/png' }),
};

afterEach(() => {
  toast.remove();
  sessionStore.clear();
  vi.unstubAllGlobals();
});

describe('Business Account', () => {
  it('[VERIFICATION] cards, details ("—" for a missing phone, DD/MM/YYYY in Lagos), documents: thumbnail and PDF tile', async () => {
    asAdmin();
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => {} }));
    vi.stubGlobal('fetch', stubFetch([...layout(), show(), file]).fn);
    renderApp(path);
    expect(await screen.findByRole('heading', { name: 'Business Account' })).toBeInTheDocument();
    const overview = within(await screen.findByTestId('account-overview'));
    expect(
      overview.getByText('Total Funding').closest('[data-figure-label]')?.nextElementSibling,
    ).toHaveTextContent('₦50,000.00');
    expect(overview.getByText('Postpaid')).toBeInTheDocument();
    expect(overview.getByText('-₦2,500.00')).toBeInTheDocument();
    const details = within(screen.getByTestId('account-details'));
    const value = (label: string) => details.getByText(label).nextElementSibling?.textContent;
    expect(value('Phone Number')).toBe('—');
    expect(value('Onboarding Date')).toBe('03/11/2025');
    expect(value('Request Date')).toBe('02/12/2025');
    expect(value('Corporate Name')).toBe('Okafor Telecoms Ltd');
    expect(screen.getByText('PDF Document')).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: 'id.png' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download cac.pdf' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Approve' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Decline' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Review' })).not.toBeInTheDocument();
  });

  it('[VERIFICATION] no request on file: no Approve or Decline, "No verification requested yet"', async () => {
    asAdmin();
    vi.stubGlobal(
      'fetch',
      stubFetch([...layout(), show(account({ verificationRequestedAt: null, documents: [] }))]).fn,
    );
    renderApp(path);
    expect(await screen.findByText('No verification requested yet')).toBeInTheDocument();
    for (const name of ['Approve', 'Decline', 'Review'])
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
  });

  it('[VERIFICATION] a new request after a decline: Approve and Decline, the previous reason shown', async () => {
    asAdmin();
    const again = account({
      verificationStatus: 'PENDING',
      declineReason: 'Blurry CAC',
      decidedAt: '2025-11-20T10:00:00.000Z',
    });
    vi.stubGlobal('fetch', stubFetch([...layout(), show(again)]).fn);
    renderApp(path);
    expect(await screen.findByRole('button', { name: 'Approve' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Decline' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Review' })).not.toBeInTheDocument();
    const details = within(screen.getByTestId('account-details'));
    expect(details.getByText('Previous Decline Reason').nextElementSibling).toHaveTextContent(
      'Blurry CAC (20/11/2025)',
    );
    expect(details.queryByText('Declined')).not.toBeInTheDocument();
  });

  it('[VERIFICATION] Review only for DECLINED (with the reason), nothing for VERIFIED; no documents', async () => {
    asAdmin();
    const declined = account({ verificationStatus: 'DECLINED', declineReason: 'Blurry CAC', documents: [] });
    vi.stubGlobal('fetch', stubFetch([...layout(), show(declined)]).fn);
    const { unmount } = renderApp(path);
    expect(await screen.findByRole('button', { name: 'Review' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    expect(screen.getByText('Declined')).toBeInTheDocument();
    expect(screen.getByText('Blurry CAC')).toBeInTheDocument();
    expect(screen.getByText('No Document Available')).toBeInTheDocument();
    unmount();
    vi.stubGlobal('fetch', stubFetch([...layout(), show(account({ verificationStatus: 'VERIFIED' }))]).fn);
    renderApp(path);
    expect(await screen.findByText('Approved')).toBeInTheDocument();
    for (const name of ['Approve', 'Decline', 'Review'])
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
  });

  it('[VERIFICATION] approve: Submit disabled while empty, errors as toasts, then the success modal', async () => {
    asAdmin();
    const stub = stubFetch([
      ...layout(),
      show(),
      {
        method: 'PUT',
        path: '/api/v1/verifications/verify',
        body: ok(account({ verificationStatus: 'VERIFIED' }), 'Account has been successfully approved.'),
      },
    ]);
    vi.stubGlobal('fetch', stub.fn);
    renderApp(path);
    await userEvent.click(await screen.findByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve Account' });
    const submit = within(dialog).getByRole('button', { name: 'Submit' });
    expect(submit).toBeDisabled();
    const password = within(dialog).getByLabelText(/Password/, { selector: 'input' });
    await userEvent.type(password, 'x');
    await userEvent.clear(password);
    await userEvent.tab();
    expect(await within(dialog).findByText('Please enter your password')).toBeInTheDocument();
    await userEvent.type(password, 'secret');
    await userEvent.click(submit);
    const success = await screen.findByRole('dialog', { name: 'Verification successful' });
    expect(success).toHaveTextContent('Account has been successfully approved.');
    expect(stub.calls.find((c) => c.method === 'PUT')?.body).toEqual({
      corporateId: ID,
      password: 'secret',
      review: false,
    });
  });

  it('[VERIFICATION] decline: reason and password messages, each error as a toast, then the success modal', async () => {
    asAdmin();
    let attempts = 0;
    const stub = stubFetch([...layout(), show()]);
    const base = stub.fn;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
      if ((init.method ?? 'GET') === 'PUT') {
        attempts++;
        return attempts === 1
          ? new Response(
              JSON.stringify({
                success: false,
                message: 'The password you entered is incorrect',
                errors: ['The password you entered is incorrect'],
                code: 'INVALID_PASSWORD',
              }),
              { status: 400, headers: { 'content-type': 'application/json' } },
            )
          : new Response(
              JSON.stringify(
                ok(
                  account({ verificationStatus: 'DECLINED' }),
                  'Account has been successfully declined. The client has been informed.',
                ),
              ),
              { headers: { 'content-type': 'application/json' } },
            );
      }
      return base(input, init);
    });
    renderApp(path);
    await userEvent.click(await screen.findByRole('button', { name: 'Decline' }));
    const dialog = await screen.findByRole('dialog', { name: 'Decline Account' });
    const confirm = within(dialog).getByRole('button', { name: 'Confirm Decline' });
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    expect(confirm).toBeDisabled();
    await userEvent.type(within(dialog).getByLabelText(/Password/, { selector: 'input' }), 'wrong');
    await userEvent.click(confirm);
    expect(await within(dialog).findByText('Please enter your reason')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText(/Reason/), 'Blurry CAC');
    await userEvent.click(confirm);
    expect(await screen.findByText('The password you entered is incorrect')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Decline Account' })).toBeInTheDocument();
    await userEvent.click(confirm);
    const success = await screen.findByRole('dialog', { name: 'Decline successful' });
    expect(success).toHaveTextContent(
      'Account has been successfully declined. The client has been informed.',
    );
  });

  it('[VERIFICATION] the accounts screen lists verification requests by status; a row opens its Business Account', async () => {
    asAdmin();
    const stub = stubFetch([
      ...layout(),
      {
        path: /^\/api\/v1\/verifications\/pending\?/,
        body: {
          success: true,
          message: 'ok',
          data: [
            {
              id: ID,
              name: 'Okafor Telecoms Ltd',
              email: 'ops@okafor.ng',
              msisdn: null,
              clientType: 'PREPAID',
              createdAt: '2025-11-03T09:00:00.000Z',
              verificationRequestedAt: '2025-12-01T23:30:00.000Z',
              verificationStatus: 'PENDING',
              documentsCount: 2,
            },
          ],
          currentPage: 1,
          lastPage: 1,
          hasMorePages: false,
          total: 1,
          limit: 40,
        },
      },
    ]);
    vi.stubGlobal('fetch', stub.fn);
    renderApp('/admin-dashboard/accounts?tab=verifications&verification=pending');
    const table = await screen.findByRole('table', { name: 'Verification requests' });
    const link = await within(table).findByRole('link', { name: 'Okafor Telecoms Ltd' });
    expect(link).toHaveAttribute('href', `/admin-dashboard/accounts/${ID}`);
    expect(within(table).getByText('02/12/2025')).toBeInTheDocument();
    expect(stub.calls.some((c) => c.url.includes('/api/v1/verifications/pending?'))).toBe(true);
    expect(screen.getByText('Page 1')).toBeInTheDocument();
  });
});
