// Whether a CSS media query matches now, kept in step as the window changes (phones, rotation).
import { useSyncExternalStore } from 'react';

function mediaQuery(query: string): MediaQueryList | null {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(query)
    : null;
}

export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = mediaQuery(query);
      list?.addEventListener('change', onChange);
      return () => list?.removeEventListener('change', onChange);
    },
    () => mediaQuery(query)?.matches ?? false,
    () => false,
  );
}

/** Below Tailwind's `sm` breakpoint (640 px): a phone held upright. */
export const NARROW_SCREEN = '(max-width: 639.98px)';
