import { act, fireEvent, render, screen } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppToaster, TOAST_EDGE, toastStackTop } from './toaster';

const viewport = { width: 1366, height: 800 };
const phone = { width: 390, height: 844 };

afterEach(() => {
  act(() => toast.remove());
  vi.useRealTimers();
});

describe('toast placement', () => {
  it('[TOAST] the stack starts below the header bar, or at the top edge where there is none', () => {
    expect(toastStackTop({ viewport, headerBottom: 64, stackHeight: 56, obstacles: [] })).toBe(76);
    expect(toastStackTop({ viewport, headerBottom: null, stackHeight: 56, obstacles: [] })).toBe(TOAST_EDGE);
  });

  it('[TOAST] moves below a primary action in the top-right column; ignores what lies outside it', () => {
    const pageAction = { top: 88, bottom: 128, left: 1180, right: 1334 };
    expect(toastStackTop({ viewport, headerBottom: 64, stackHeight: 56, obstacles: [pageAction] })).toBe(136);
    const leftButton = { top: 88, bottom: 128, left: 300, right: 420 };
    expect(toastStackTop({ viewport, headerBottom: 64, stackHeight: 56, obstacles: [leftButton] })).toBe(76);
  });

  it('[TOAST] takes the first gap tall enough for the whole stack', () => {
    // A dialog on a phone: its close button at the top, its buttons at the bottom.
    const close = { top: 100, bottom: 130, left: 330, right: 360 };
    const field = { top: 210, bottom: 244, left: 40, right: 350 };
    const buttons = { top: 700, bottom: 744, left: 40, right: 350 };
    const obstacles = [buttons, field, close];
    // One toast fits between the close button and the field.
    expect(toastStackTop({ viewport: phone, headerBottom: 64, stackHeight: 56, obstacles })).toBe(138);
    // Three do not: they go between the field and the buttons.
    expect(toastStackTop({ viewport: phone, headerBottom: 64, stackHeight: 190, obstacles })).toBe(252);
    // No gap at all: just below the header.
    expect(toastStackTop({ viewport: phone, headerBottom: 64, stackHeight: 700, obstacles })).toBe(76);
  });

  it('[TOAST] keeps clear of every control where the top third has room, else of the primary actions and the control just pressed', () => {
    const copy = [120, 183, 245].map((top) => ({ top, bottom: top + 26, left: 1212, right: 1292 }));
    const paid = { top: 567, bottom: 607, left: 1199, right: 1309 };
    // One toast fits between the header and the first Copy button.
    expect(
      toastStackTop({ viewport, headerBottom: 64, stackHeight: 30, obstacles: [paid], controls: copy }),
    ).toBe(76);
    // Two do not, and the next gap clear of every control (below the last Copy) is lower than a
    // third of the screen: they only keep clear of "I have paid" and of the Copy just pressed.
    const pressed = copy[1]!;
    expect(
      toastStackTop({
        viewport,
        headerBottom: 64,
        stackHeight: 120,
        obstacles: [paid, pressed],
        controls: copy,
      }),
    ).toBe(217);
    expect(
      toastStackTop({ viewport, headerBottom: 64, stackHeight: 120, obstacles: [paid], controls: copy }),
    ).toBe(76);
  });
});

describe('toast lifetime', () => {
  it('[TOAST] an error stays twice as long as a success (4 s against 2 s); both can be dismissed, loading cannot', () => {
    vi.useFakeTimers();
    render(<AppToaster />);
    act(() => {
      toast.success('Saved');
      toast.error('Could not save');
      toast.loading('Saving');
    });
    const bar = (text: string) => screen.getByText(text).parentElement as HTMLElement;
    expect(bar('Saved').querySelector('[data-testid="toast-dismiss"]')).not.toBeNull();
    expect(bar('Could not save').querySelector('[data-testid="toast-dismiss"]')).not.toBeNull();
    expect(bar('Saving').querySelector('[data-testid="toast-dismiss"]')).toBeNull();

    // Past the success's 2 s (and its exit), the error is still there.
    act(() => vi.advanceTimersByTime(2100));
    act(() => vi.advanceTimersByTime(1100));
    expect(screen.queryByText('Saved')).not.toBeInTheDocument();
    expect(screen.getByText('Could not save')).toBeInTheDocument();

    act(() => vi.advanceTimersByTime(1000));
    act(() => vi.advanceTimersByTime(1100));
    expect(screen.queryByText('Could not save')).not.toBeInTheDocument();
    // The loading toast stays until it is settled.
    expect(screen.getByText('Saving')).toBeInTheDocument();
  });

  it('[TOAST] the dismiss button closes an error at once', () => {
    vi.useFakeTimers();
    render(<AppToaster />);
    act(() => {
      toast.error('The request failed');
    });
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    act(() => vi.advanceTimersByTime(1100));
    expect(screen.queryByText('The request failed')).not.toBeInTheDocument();
  });

  it('[TOAST] a success clears the error shown before it; an error after a success stays', () => {
    vi.useFakeTimers();
    render(<AppToaster />);
    act(() => {
      toast.error('Enter a valid amount');
    });
    expect(screen.getByText('Enter a valid amount')).toBeInTheDocument();
    act(() => {
      toast.success('Service updated');
    });
    act(() => vi.advanceTimersByTime(1100));
    expect(screen.queryByText('Enter a valid amount')).not.toBeInTheDocument();
    expect(screen.getByText('Service updated')).toBeInTheDocument();
    act(() => {
      toast.error('The line is busy');
    });
    act(() => vi.advanceTimersByTime(500));
    expect(screen.getByText('The line is busy')).toBeInTheDocument();
  });
});

describe('a toast’s time on screen', () => {
  it('[TOAST] counts from when it is shown whole: while it is still entering (a busy page), its 2 s wait', async () => {
    vi.useFakeTimers();
    // A browser whose toast entrance has not finished: the bar's animation ends when we say.
    let finish: () => void = () => undefined;
    const finished = new Promise<void>((r) => {
      finish = r;
    });
    const entrance = { playState: 'running', finished } as unknown as Animation;
    vi.stubGlobal('document', Object.assign(document, { getAnimations: () => [entrance] }));
    const spies = [
      vi.spyOn(HTMLElement.prototype, 'getAnimations').mockImplementation(function (this: HTMLElement) {
        return this.querySelector(':scope > [data-toast-id]') ? [entrance] : [];
      }),
      // The toast's height is known (react-hot-toast animates a bar in only then).
      vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({
        height: 48,
        width: 300,
        top: 0,
        bottom: 48,
        left: 0,
        right: 300,
        x: 0,
        y: 0,
        toJSON: () => ({}),
      }),
    ];
    render(<AppToaster />);
    act(() => {
      toast.success('Two-factor authentication reset.');
    });
    // Whether the toast is up (react-hot-toast's wrapper carries its class only while visible).
    const up = () =>
      (screen.queryByText('Two-factor authentication reset.')?.closest('[data-rht-toaster] > div')
        ?.className ?? '') !== '';
    // 2.5 s of a page too busy to finish the entrance: the success is still up.
    await act(async () => vi.advanceTimersByTime(2_500));
    expect(up()).toBe(true);
    // Shown whole: its 2 s start now.
    await act(async () => {
      finish();
      await finished;
    });
    await act(async () => vi.advanceTimersByTime(1_900));
    expect(up()).toBe(true);
    await act(async () => vi.advanceTimersByTime(200));
    expect(up()).toBe(false);
    for (const s of spies) s.mockRestore();
    Reflect.deleteProperty(document, 'getAnimations');
  });
});
