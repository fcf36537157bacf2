// Whether a vertically scrolling box has more content above or below what it shows: the sidebar
// uses it to say that there are entries below the fold, and to bring the current entry into view.
import { type RefObject, useCallback, useLayoutEffect, useState } from 'react';

export type ScrollCues = { above: boolean; below: boolean };

export function useScrollCues(ref: RefObject<HTMLElement | null>): ScrollCues {
  const [cues, setCues] = useState<ScrollCues>({ above: false, below: false });
  const update = useCallback(() => {
    const el = ref.current;
    if (!el) return;
    const hidden = el.scrollHeight - el.clientHeight;
    const next = { above: hidden > 1 && el.scrollTop > 1, below: hidden > 1 && el.scrollTop < hidden - 1 };
    setCues((prev) => (prev.above === next.above && prev.below === next.below ? prev : next));
  }, [ref]);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    update();
    el.addEventListener('scroll', update, { passive: true });
    // The box changes height with the window; its content with the sidebar's mode and sections.
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    observer?.observe(el);
    for (const child of Array.from(el.children)) observer?.observe(child);
    return () => {
      el.removeEventListener('scroll', update);
      observer?.disconnect();
    };
  }, [ref, update]);
  return cues;
}

/** Room the shades take at the top and bottom of the box (the More button sits in the bottom one). */
export const CUE_INSET = { top: 24, bottom: 56 };

/**
 * Scrolls the box so that its current link (aria-current="page") is in view clear of the shades:
 * to the middle when it is not.
 */
export function revealCurrentLink(box: HTMLElement | null): void {
  const current = box?.querySelector<HTMLElement>('[aria-current="page"]');
  if (!box || !current) return;
  const b = box.getBoundingClientRect();
  const c = current.getBoundingClientRect();
  if (c.top >= b.top + CUE_INSET.top && c.bottom <= b.bottom - CUE_INSET.bottom) return;
  box.scrollTop += c.top + c.height / 2 - (b.top + b.height / 2);
}
