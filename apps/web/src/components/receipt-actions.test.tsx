// The receipt's buttons and the "Send to email/phone" form (issue 51 points 3 and 5): the form's
// own checks (at least one destination, a valid email, a Nigerian number) send nothing; a valid
// form sends the email and the number as +234..., says the server's message and closes; a refusal
// (SMS not configured) is said and keeps the form open. On a bill's details the client downloads
// the PDF and opens the form; an admin sees neither; an airtime vend has the download only.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '@/lib/session';
import { bill } from '../../test/bill-factories';
import { makeVendDetail } from '../../test/catalogue-factories';
import { makeUser, stubFetch } from '../../test/factories';
import { renderAlone } from '../../test/form-walk';
import { renderApp } from '../../test/render-app';
import { SendReceiptModal } from './receipt-actions';

const ok = (data: unknown, message = 'ok') => ({ success: true, message, data });

afterEach(() => {
  toast.remove();
  sessionStore.clear();
  vi.unstubAllGlobals();
});

describe('send the receipt', () => {
  it('[RECEIPT] checks the form first: one destination at least, a valid email, a Nigerian number', async () => {
    const stub = stubFetch([]);
    vi.stubGlobal('fetch', stub.fn);
    renderAlone(<SendReceiptModal bill={{ id: 'b-1', code: 'VND-ABC123' }} onClose={() => undefined} />);
    const form = within(await screen.findByRole('form', { name: 'Send the receipt' }));
    await userEvent.click(form.getByRole('button', { name: 'Send' }));
    expect(await form.findByText('Enter an email address or a phone number')).toBeInTheDocument();
    await userEvent.type(form.getByLabelText(/Email address/), 'not-an-email');
    await userEvent.type(form.getByLabelText(/Phone number/), '12345');
    await userEvent.click(form.getByRole('button', { name: 'Send' }));
    expect(await form.findByText('Enter a valid email address')).toBeInTheDocument();
    expect(form.getByText('Enter a valid Nigerian phone number')).toBeInTheDocument();
    expect(stub.calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('[RECEIPT] a valid form sends both, says so and closes; a refusal is said and the form stays', async () => {
    const answers = [
      {
        method: 'POST',
        path: '/api/v1/bills/b-1/send',
        status: 503,
        body: {
          success: false,
          message: 'SMS is not configured on this platform',
          errors: [],
          code: 'SERVICE_UNAVAILABLE',
        },
      },
      {
        method: 'POST',
        path: '/api/v1/bills/b-1/send',
        body: ok({ email: 'cu***@example.com', phone: '+234803****567' }, 'Receipt sent by email and SMS'),
      },
    ];
    const stub = stubFetch(answers);
    vi.stubGlobal('fetch', stub.fn);
    const onClose = vi.fn();
    const { router } = renderAlone(
      <SendReceiptModal bill={{ id: 'b-1', code: 'VND-ABC123' }} onClose={onClose} />,
    );
    const form = within(await screen.findByRole('form', { name: 'Send the receipt' }));
    await userEvent.type(form.getByLabelText(/Email address/), 'customer@example.com');
    await userEvent.type(form.getByLabelText(/Phone number/), '08031234567');
    await userEvent.click(form.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('SMS is not configured on this platform')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    // A 503 refusal of this form is said in it: the screen does not leave for /503.
    expect(router.state.location.pathname).toBe('/');
    answers.shift();
    await userEvent.click(form.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Receipt sent by email and SMS')).toBeInTheDocument();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const posts = stub.calls.filter((c) => c.method === 'POST');
    expect(posts).toHaveLength(2);
    expect(posts[1]!.body).toEqual({ email: 'customer@example.com', phone: '+2348031234567' });
  });
});

describe('the receipt on a vend’s details', () => {
  const serve = (detail: ReturnType<typeof makeVendDetail>, extra: Parameters<typeof stubFetch>[0] = []) => {
    const stub = stubFetch([
      ...extra,
      { path: '/api/v1/notifications/unread-count', body: ok({ count: 0 }) },
      { path: '/api/v1/me', body: ok(sessionStore.getSnapshot()?.user) },
      { path: `/api/v1/vend/${detail.id}`, body: ok(detail) },
      {
        path: `/api/v1/vend/${detail.id}/receipt.pdf`,
        body: new Blob(['%PDF-1.4'], { type: 'application/pdf' }),
        headers: { 'content-disposition': `attachment; filename="receipt-${detail.code}.pdf"` },
      },
    ]);
    vi.stubGlobal('fetch', stub.fn);
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => {} }));
    return stub;
  };

  it('[RECEIPT] a client downloads a bill’s PDF and opens the send form from the bill', async () => {
    sessionStore.login(makeUser({ permissions: ['transactions.read', 'vend'] }), 'tok', false);
    const b = bill({ id: 'vnd-1', code: 'VND-ABC123' });
    const detail = makeVendDetail({
      id: 'vnd-1',
      code: 'VND-ABC123',
      type: 'ELECTRICITY' as never,
      status: 'SUCCESSFUL',
    });
    const stub = serve(detail, [{ path: '/api/v1/bills/vnd-1', body: ok(b) }]);
    renderApp('/dashboard/vending-history/vnd-1');
    await userEvent.click(await screen.findByRole('button', { name: 'Download receipt' }, { timeout: 5000 }));
    await waitFor(() => expect(stub.calls.some((c) => c.url.endsWith('/vend/vnd-1/receipt.pdf'))).toBe(true));
    expect(await screen.findByText('Receipt downloaded')).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Send to email/phone' }));
    expect(await screen.findByRole('form', { name: 'Send the receipt' })).toBeInTheDocument();
  });

  it('[RECEIPT] an airtime vend has the download only; an admin has neither', async () => {
    sessionStore.login(makeUser({ permissions: ['transactions.read', 'vend'] }), 'tok', false);
    const detail = makeVendDetail({ status: 'SUCCESSFUL' });
    serve(detail);
    const { unmount } = renderApp(`/dashboard/vending-history/${detail.id}`);
    expect(
      await screen.findByRole('button', { name: 'Download receipt' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send to email/phone' })).not.toBeInTheDocument();
    unmount();
    sessionStore.login(
      makeUser({ area: 'ADMIN', roles: ['ADMIN'], permissions: ['vending.read', 'vending.manage'] }),
      'tok',
      false,
    );
    serve(detail);
    renderApp(`/admin-dashboard/vending-history/${detail.id}`);
    expect(await screen.findByText('Transaction Details', {}, { timeout: 5000 })).toBeInTheDocument();
    expect((await screen.findAllByText(detail.code)).length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: 'Download receipt' })).not.toBeInTheDocument();
  });
});
