import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppToaster } from '@/components/ui/toaster';
import { createQueryClient } from '@/lib/query-client';
import { sessionStore } from '@/lib/session';
import { makeFundRequest, makeUser, stubFetch } from '../../../../test/factories';
import { ApproveModal } from './approve-modal';
import { DeclineModal } from './decline-modal';

const request = makeFundRequest({ status: 'PAID' });

function renderModal(node: React.ReactNode) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      {node}
      <AppToaster />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  sessionStore.login(makeUser({ area: 'ADMIN', roles: ['ADMIN'] }), 'tok', false);
});
afterEach(() => {
  toast.remove();
  sessionStore.clear();
});

describe('decline modal', () => {
  it('[FUNDING] shows the request, Cancel and Confirm Decline; Confirm Decline is disabled while the password is empty', async () => {
    renderModal(<DeclineModal request={request} onClose={() => {}} onDeclined={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Decline fund request' });
    expect(within(dialog).getByText('FR-7K3QX9M2')).toBeInTheDocument();
    expect(within(dialog).getByText('₦50,000.00')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeEnabled();
    const confirm = within(dialog).getByRole('button', { name: 'Confirm Decline' });
    expect(confirm).toBeDisabled();
    await userEvent.type(within(dialog).getByLabelText(/Password/, { selector: 'input' }), 'secret');
    expect(confirm).toBeEnabled();
    await userEvent.clear(within(dialog).getByLabelText(/Password/, { selector: 'input' }));
    expect(confirm).toBeDisabled();
  });

  it('[FUNDING] the validation texts are Please enter your reason and Please enter your password', async () => {
    const stub = stubFetch([]);
    vi.stubGlobal('fetch', stub.fn);
    renderModal(<DeclineModal request={request} onClose={() => {}} onDeclined={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Decline fund request' });
    const password = within(dialog).getByLabelText(/Password/, { selector: 'input' });
    // Leaving the reason empty.
    await userEvent.click(within(dialog).getByLabelText(/Reason/));
    await userEvent.click(password);
    expect(await within(dialog).findByText('Please enter your reason')).toBeInTheDocument();
    // Leaving the password empty.
    await userEvent.click(within(dialog).getByLabelText(/Reason/));
    expect(await within(dialog).findByText('Please enter your password')).toBeInTheDocument();
    // With a password but no reason, submitting is refused before any call.
    await userEvent.type(password, 'secret');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm Decline' }));
    expect(within(dialog).getByText('Please enter your reason')).toBeInTheDocument();
    expect(within(dialog).queryByText('Please enter your password')).not.toBeInTheDocument();
    expect(stub.calls).toHaveLength(0);
  });

  it('[FUNDING] a failed decline shows each error as a toast and keeps the modal open', async () => {
    vi.stubGlobal(
      'fetch',
      stubFetch([
        {
          method: 'POST',
          path: '/api/v1/corporates-transactions/decline',
          status: 400,
          body: {
            success: false,
            message: 'Invalid input',
            errors: ['The password you entered is incorrect', 'Second problem'],
            code: 'INVALID_PASSWORD',
          },
        },
      ]).fn,
    );
    const onDeclined = vi.fn();
    renderModal(<DeclineModal request={request} onClose={() => {}} onDeclined={onDeclined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Decline fund request' });
    await userEvent.type(within(dialog).getByLabelText(/Reason/), 'No transfer received');
    await userEvent.type(within(dialog).getByLabelText(/Password/, { selector: 'input' }), 'wrong');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm Decline' }));
    expect(await screen.findByText('The password you entered is incorrect')).toBeInTheDocument();
    expect(screen.getByText('Second problem')).toBeInTheDocument();
    expect(onDeclined).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Decline fund request' })).toBeInTheDocument();
  });

  it('[FUNDING] success shows the message and hands over to the success modal; success false shows the message as an error', async () => {
    const stub = stubFetch([
      {
        method: 'POST',
        path: '/api/v1/corporates-transactions/decline',
        body: {
          success: true,
          message: 'Fund request declined. The client has been informed.',
          data: { ...request, status: 'DECLINED' },
        },
      },
    ]);
    vi.stubGlobal('fetch', stub.fn);
    const onDeclined = vi.fn();
    renderModal(<DeclineModal request={request} onClose={() => {}} onDeclined={onDeclined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Decline fund request' });
    await userEvent.type(within(dialog).getByLabelText(/Reason/), '  No transfer received ');
    await userEvent.type(within(dialog).getByLabelText(/Password/, { selector: 'input' }), 'secret');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm Decline' }));
    expect(
      await screen.findByText('Fund request declined. The client has been informed.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(onDeclined).toHaveBeenCalled());
    expect(stub.calls[0]?.body).toEqual({
      fundRequestId: request.id,
      reason: 'No transfer received',
      password: 'secret',
    });

    vi.stubGlobal(
      'fetch',
      stubFetch([
        {
          method: 'POST',
          path: '/api/v1/corporates-transactions/decline',
          body: { success: false, message: 'Nothing to decline' },
        },
      ]).fn,
    );
    const errorToast = vi.spyOn(toast, 'error');
    await userEvent.click(within(dialog).getByLabelText(/Reason/));
    await userEvent.type(within(dialog).getByLabelText(/Reason/), 'Again');
    await userEvent.type(within(dialog).getByLabelText(/Password/, { selector: 'input' }), 'secret');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm Decline' }));
    await waitFor(() => expect(errorToast).toHaveBeenCalledWith('Nothing to decline'));
    expect(onDeclined).toHaveBeenCalledTimes(1);
  });
});

describe('approve modal', () => {
  it('[FUNDING] Submit is disabled while the password is empty; leaving it empty says Please enter your password', async () => {
    renderModal(<ApproveModal request={request} onClose={() => {}} onApproved={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Approve fund request' });
    const submit = within(dialog).getByRole('button', { name: 'Submit' });
    expect(submit).toBeDisabled();
    const password = within(dialog).getByLabelText(/Password/, { selector: 'input' });
    await userEvent.click(password);
    await userEvent.tab();
    expect(await within(dialog).findByText('Please enter your password')).toBeInTheDocument();
    await userEvent.type(password, 'secret');
    expect(submit).toBeEnabled();
    expect(within(dialog).queryByText('Please enter your password')).not.toBeInTheDocument();
  });
});
