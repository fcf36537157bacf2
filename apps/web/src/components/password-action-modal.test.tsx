import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PasswordConfirmModal } from './password-action-modal';

function renderModal(onConfirm = vi.fn(), onClose = vi.fn(), pending = false) {
  render(
    <PasswordConfirmModal
      open
      title="Settle accrued commission"
      description="Credit the wallet now."
      submitLabel="Settle commission"
      pending={pending}
      onConfirm={onConfirm}
      onClose={onClose}
    />,
  );
  return { onConfirm, onClose, dialog: screen.getByRole('dialog', { name: 'Settle accrued commission' }) };
}

describe('password confirmation modal', () => {
  it('[PASSWORD] the submit button is disabled while the password is empty', async () => {
    const { dialog } = renderModal();
    const submit = within(dialog).getByRole('button', { name: 'Settle commission' });
    const password = within(dialog).getByLabelText(/Password/, { selector: 'input' });
    expect(password).toHaveAttribute('type', 'password');
    expect(submit).toBeDisabled();
    await userEvent.type(password, 'x');
    expect(submit).toBeEnabled();
    await userEvent.clear(password);
    expect(submit).toBeDisabled();
  });

  it('[PASSWORD] leaving the field empty says Please enter your password', async () => {
    const { dialog, onConfirm } = renderModal();
    await userEvent.click(within(dialog).getByLabelText(/Password/, { selector: 'input' }));
    await userEvent.tab();
    expect(await within(dialog).findByText('Please enter your password')).toBeInTheDocument();
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('[PASSWORD] submits the typed password; Cancel closes without it', async () => {
    const { dialog, onConfirm, onClose } = renderModal();
    await userEvent.type(within(dialog).getByLabelText(/Password/, { selector: 'input' }), 'my secret');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Settle commission' }));
    expect(onConfirm).toHaveBeenCalledWith('my secret');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('[PASSWORD] while the action runs, the button spins and the modal cannot be dismissed', async () => {
    const { dialog, onClose } = renderModal(vi.fn(), vi.fn(), true);
    expect(within(dialog).getByRole('button', { name: /Settle commission/ })).toHaveAttribute(
      'aria-busy',
      'true',
    );
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await userEvent.keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();
  });
});
