import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { VerificationDetailsView } from '@vendport/shared';
import toast from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '@/lib/session';
import { makeUser, stubFetch } from '../../../../test/factories';
import { renderApp } from '../../../../test/render-app';
import { checkFiles } from './verification';

const ok = (data: unknown, message = 'ok') => ({ success: true, message, data });
const corporate = {
  id: 'corp_1',
  name: 'Acme Telecoms Ltd',
  clientType: 'PREPAID',
  status: 'ACTIVE',
  verificationStatus: 'PENDING',
  verificationRequestedAt: null as string | null,
  testMode: false,
  testModeAllowed: false,
  autoTopUpEnabled: false,
};
const asClient = (
  c: Partial<typeof corporate> = {},
  permissions = ['verification.submit', 'settings.read', 'settings.manage', 'autotopup.manage'],
) => sessionStore.login(makeUser({ permissions, corporate: { ...corporate, ...c } }), 'tok', false);
const layout = () => [
  { path: '/api/v1/notifications/unread-count', body: ok({ count: 0 }) },
  { path: '/api/v1/me', body: ok(sessionStore.getSnapshot()?.user) },
];
const details = (o: Partial<VerificationDetailsView> = {}): VerificationDetailsView => ({
  corporateId: 'corp_1',
  verificationStatus: 'PENDING',
  verificationRequestedAt: null,
  declineReason: null,
  decidedAt: null,
  documents: [],
  ...o,
});
const pdf = {
  documentId: 'd1',
  documentUrl: '/api/v1/verification-documents/d1/file',
  kind: 'CERTIFICATE_OF_INCORPORATION' as const,
  originalName: 'cac.pdf',
  mime: 'application/pdf',
  sizeBytes: 2048,
  createdAt: '2026-01-05T10:00:00Z',
};
const route = (d: VerificationDetailsView) => ({ path: '/api/v1/verification-details/corp_1', body: ok(d) });

afterEach(() => {
  toast.remove();
  sessionStore.clear();
  vi.unstubAllGlobals();
});

describe('business verification (client)', () => {
  it('[VERIFICATION] checks files before sending: type by name, 5 MB, at most five', () => {
    const f = (name: string, size = 10) => new File([new Uint8Array(size)], name);
    expect(checkFiles([])).toBe('Choose at least one file');
    expect(checkFiles([f('run.sh')])).toBe('run.sh is not a PDF, PNG or JPEG file');
    expect(checkFiles([f('big.pdf', 5 * 1024 * 1024 + 1)])).toBe('big.pdf is larger than 5 MB');
    expect(checkFiles(Array.from({ length: 6 }, (_, i) => f(`${i}.png`)))).toBe(
      'Choose at most 5 files at a time',
    );
    expect(checkFiles([f('a.PDF'), f('b.jpeg')])).toBeNull();
  });

  it('[VERIFICATION] no documents: empty text and the request disabled; uploading sends each file with its own type', async () => {
    asClient();
    const stub = stubFetch([
      ...layout(),
      route(details()),
      { method: 'POST', path: '/api/v1/upload-documents', status: 201, body: ok([pdf], 'Document uploaded') },
    ]);
    vi.stubGlobal('fetch', stub.fn);
    renderApp('/dashboard/verification');
    expect(await screen.findByText('No Document Available')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Request verification' })).toBeDisabled();
    expect(screen.getByText('Upload at least one document first.')).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Upload documents' });
    await userEvent.upload(within(form).getByLabelText('Files'), [
      new File(['%PDF-'], 'cac.pdf', { type: 'application/pdf' }),
      new File(['png'], 'id.png', { type: 'image/png' }),
    ]);
    // Each file needs its own type before anything is sent.
    await userEvent.click(within(form).getByRole('button', { name: 'Upload' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('Choose the type of cac.pdf');
    expect(stub.calls.some((c) => c.method === 'POST')).toBe(false);
    await userEvent.selectOptions(
      within(form).getByLabelText('Type of cac.pdf'),
      'CERTIFICATE_OF_INCORPORATION',
    );
    await userEvent.selectOptions(within(form).getByLabelText('Type of id.png'), 'DIRECTOR_ID');
    await userEvent.click(within(form).getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('Document uploaded')).toBeInTheDocument();
    const sent = stub.calls.find((c) => c.method === 'POST')?.body as FormData;
    expect(sent.getAll('kinds')).toEqual(['CERTIFICATE_OF_INCORPORATION', 'DIRECTOR_ID']);
    expect((sent.getAll('documents') as File[]).map((f) => f.name)).toEqual(['cac.pdf', 'id.png']);
    expect(sent.get('kind')).toBeNull();
  });

  it('[VERIFICATION] declined: the reason shows, documents can be deleted after a confirm, request again', async () => {
    asClient({ verificationStatus: 'DECLINED' });
    const stub = stubFetch([
      ...layout(),
      route(
        details({
          verificationStatus: 'DECLINED',
          verificationRequestedAt: '2026-01-05T09:00:00Z',
          decidedAt: '2026-01-06T09:00:00Z',
          declineReason: 'The CAC certificate is unreadable',
          documents: [pdf],
        }),
      ),
      { method: 'POST', path: '/api/v1/delete-document', body: ok(null, 'Document deleted') },
    ]);
    vi.stubGlobal('fetch', stub.fn);
    renderApp('/dashboard/verification');
    expect(await screen.findByTestId('decline-reason')).toHaveTextContent(
      'Reason: The CAC certificate is unreadable',
    );
    expect(screen.getByRole('button', { name: 'Request verification' })).toBeEnabled();
    await userEvent.click(screen.getByRole('button', { name: 'Delete cac.pdf' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete document' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Document deleted')).toBeInTheDocument();
    expect(stub.calls.find((c) => c.url.endsWith('/delete-document'))?.body).toEqual({ documentId: 'd1' });
  });

  it('[VERIFICATION] nothing submitted: "Not submitted", never "Pending"', async () => {
    asClient();
    vi.stubGlobal('fetch', stubFetch([...layout(), route(details())]).fn);
    renderApp('/dashboard/verification');
    const status = within(await screen.findByTestId('verification-status'));
    expect(status.getByText('Not submitted')).toBeInTheDocument();
    expect(status.queryByText(/Pending/)).not.toBeInTheDocument();
  });

  it('[VERIFICATION] waiting again after a decline: "Pending review", no Declined badge or red box, the old reason as history', async () => {
    asClient({ verificationStatus: 'PENDING', verificationRequestedAt: '2026-01-07T09:00:00Z' });
    vi.stubGlobal(
      'fetch',
      stubFetch([
        ...layout(),
        route(
          details({
            verificationStatus: 'PENDING',
            verificationRequestedAt: '2026-01-07T09:00:00Z',
            decidedAt: '2026-01-06T09:00:00Z',
            declineReason: 'The CAC certificate is unreadable',
            documents: [pdf],
          }),
        ),
      ]).fn,
    );
    renderApp('/dashboard/verification');
    const status = within(await screen.findByTestId('verification-status'));
    expect(status.getByText('Pending review')).toBeInTheDocument();
    expect(status.getByText(/is awaiting review/)).toBeInTheDocument();
    expect(status.queryByText('Declined')).not.toBeInTheDocument();
    expect(screen.queryByTestId('decline-reason')).not.toBeInTheDocument();
    expect(screen.queryByText('Your verification was declined')).not.toBeInTheDocument();
    expect(status.getByTestId('previous-decline')).toHaveTextContent(
      'Your previous request was declined on 06/01/2026: The CAC certificate is unreadable',
    );
    expect(screen.getByRole('button', { name: 'Request verification' })).toBeDisabled();
  });

  it('[VERIFICATION] a document’s type can be changed until verified', async () => {
    asClient({ verificationStatus: 'PENDING', verificationRequestedAt: '2026-01-07T09:00:00Z' });
    const stub = stubFetch([
      ...layout(),
      route(details({ verificationRequestedAt: '2026-01-07T09:00:00Z', documents: [pdf] })),
      {
        method: 'POST',
        path: '/api/v1/update-document-kind',
        body: ok({ ...pdf, kind: 'UTILITY_BILL' }, 'Document type changed'),
      },
    ]);
    vi.stubGlobal('fetch', stub.fn);
    renderApp('/dashboard/verification');
    const select = await screen.findByLabelText('Type of cac.pdf');
    expect(select).toHaveValue('CERTIFICATE_OF_INCORPORATION');
    await userEvent.selectOptions(select, 'UTILITY_BILL');
    expect(await screen.findByText('Document type changed')).toBeInTheDocument();
    expect(stub.calls.find((c) => c.url.endsWith('/update-document-kind'))?.body).toEqual({
      documentId: 'd1',
      kind: 'UTILITY_BILL',
    });
  });

  it('[VERIFICATION] verified: no upload, no delete, no request', async () => {
    asClient({ verificationStatus: 'VERIFIED' });
    vi.stubGlobal(
      'fetch',
      stubFetch([...layout(), route(details({ verificationStatus: 'VERIFIED', documents: [pdf] }))]).fn,
    );
    renderApp('/dashboard/verification');
    expect(await screen.findByText('Your business is verified. Thank you.')).toBeInTheDocument();
    expect(within(screen.getByTestId('verification-status')).getByText('Verified')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Upload documents' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete cac.pdf' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Type of cac.pdf')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Request verification' })).not.toBeInTheDocument();
  });
});

describe('test mode and auto top-up (client)', () => {
  const settingsRoutes = [
    { path: '/api/v1/get-api-key', body: ok([]) },
    { path: /\/api\/v1\/ip/, body: ok([]) },
    { path: /\/api\/v1\/web-hook/, body: ok(null) },
  ];

  it('[SETTINGS] test mode not allowed: it says so and offers no switch', async () => {
    asClient();
    vi.stubGlobal('fetch', stubFetch([...layout(), ...settingsRoutes]).fn);
    renderApp('/dashboard/settings');
    expect(await screen.findByTestId('test-mode-unavailable')).toHaveTextContent(
      'Test mode is not enabled for your account. Contact VendPort support to have it enabled.',
    );
    expect(screen.queryByRole('button', { name: 'Switch to test mode' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('test-mode-banner')).not.toBeInTheDocument();
  });

  it('[SETTINGS] allowed: switching calls client-test-mode, the banner appears and play money can be added', async () => {
    asClient({ testModeAllowed: true });
    const stub = stubFetch([
      ...layout(),
      ...settingsRoutes,
      {
        method: 'PUT',
        path: '/api/v1/client-test-mode',
        body: ok({ testMode: true, testModeAllowed: true }, 'Test mode is on'),
      },
    ]);
    vi.stubGlobal('fetch', stub.fn);
    renderApp('/dashboard/settings');
    await userEvent.click(await screen.findByRole('button', { name: 'Switch to test mode' }));
    expect(await screen.findByTestId('test-mode-banner')).toHaveTextContent('nothing touches live money');
    expect(stub.calls.find((c) => c.method === 'PUT')?.body).toEqual({ testMode: true });
    expect(sessionStore.getSnapshot()?.user.corporate?.testMode).toBe(true);
    await waitFor(() => expect(screen.getByRole('form', { name: 'Add test money' })).toBeInTheDocument());
  });

  it('[AUTOTOPUP] while the platform has auto top-up off, its screens say so', async () => {
    asClient();
    vi.stubGlobal('fetch', stubFetch(layout()).fn);
    renderApp('/dashboard/auto-top-up-subscribers');
    expect(
      await screen.findByText(
        'Auto top-up is disabled for your account by the platform. Contact VendPort support to have it enabled.',
      ),
    ).toBeInTheDocument();
  });
});
