import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode, useState } from 'react';
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

describe('Modal focus', () => {
  let blurs = 0;
  function FocusHarness() {
    const [open, setOpen] = useState(false);
    return (
      <>
        <button type="button" onClick={() => setOpen(true)}>
          opener
        </button>
        {/* Mounted already open, as the client actions are. */}
        {open ? (
          <Modal open onClose={() => setOpen(false)} title="Form">
            <input
              aria-label="First field"
              // React's onBlur, as react-hook-form's validate-on-blur uses.
              onBlur={() => {
                blurs += 1;
              }}
            />
          </Modal>
        ) : null}
      </>
    );
  }

  it('[MODAL] under StrictMode, opening focuses the first field without a spurious blur; closing returns focus to the opener', async () => {
    render(
      <StrictMode>
        <FocusHarness />
      </StrictMode>,
    );
    const opener = screen.getByRole('button', { name: 'opener' });
    await userEvent.click(opener);
    expect(screen.getByLabelText('First field')).toHaveFocus();
    expect(blurs).toBe(0);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(opener).toHaveFocus());
  });
});
