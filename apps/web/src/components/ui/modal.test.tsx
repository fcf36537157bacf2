import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Modal } from './modal';

function Harness({ initiallyOpen = false }: { initiallyOpen?: boolean }) {
  const [open, setOpen] = useState(initiallyOpen);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        open
      </button>
      <Modal open={open} onClose={() => setOpen(false)} title="Confirm">
        <p>Body text</p>
      </Modal>
    </>
  );
}

describe('Modal', () => {
  it('[MODAL] locks page scrolling while open and restores it on close', async () => {
    document.body.style.overflow = 'auto';
    render(<Harness />);
    expect(document.body.style.overflow).toBe('auto');
    await userEvent.click(screen.getByRole('button', { name: 'open' }));
    expect(screen.getByRole('dialog', { name: 'Confirm' })).toBeInTheDocument();
    expect(document.body.style.overflow).toBe('hidden');
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(document.body.style.overflow).toBe('auto');
  });

  it('[MODAL] closes on Escape and on the overlay, and unlocks when unmounted', async () => {
    const { unmount } = render(<Harness initiallyOpen />);
    expect(document.body.style.overflow).toBe('hidden');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'open' }));
    await userEvent.click(screen.getByTestId('modal-overlay'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'open' }));
    unmount();
    expect(document.body.style.overflow).toBe('');
  });

  it('[MODAL] stays locked while a second modal is still open', () => {
    const { rerender } = render(
      <>
        <Modal open onClose={() => {}} title="A" />
        <Modal open onClose={() => {}} title="B" />
      </>,
    );
    expect(document.body.style.overflow).toBe('hidden');
    rerender(
      <>
        <Modal open={false} onClose={() => {}} title="A" />
        <Modal open onClose={() => {}} title="B" />
      </>,
    );
    expect(document.body.style.overflow).toBe('hidden');
    rerender(
      <>
        <Modal open={false} onClose={() => {}} title="A" />
        <Modal open={false} onClose={() => {}} title="B" />
      </>,
    );
    expect(document.body.style.overflow).toBe('');
  });
});
