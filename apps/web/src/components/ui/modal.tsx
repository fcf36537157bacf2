// Modal dialog: overlay, Escape / overlay click to close, and a page scroll lock
// (document.body overflow hidden) while any modal is open (spec §2 Presentation).
import { type ReactNode, useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { cn } from '@/lib/cn';
import { CloseIcon } from './icons';

let openModals = 0;
let previousOverflow = '';

function lockScroll() {
  if (openModals === 0) {
    previousOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
  }
  openModals += 1;
}

function unlockScroll() {
  openModals = Math.max(0, openModals - 1);
  if (openModals === 0) document.body.style.overflow = previousOverflow;
}

export function useScrollLock(active: boolean) {
  useEffect(() => {
    if (!active) return;
    lockScroll();
    return unlockScroll;
  }, [active]);
}

export type ModalProps = {
  open: boolean;
  onClose: () => void;
  title?: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
  size?: 'sm' | 'md' | 'lg';
  /** Hide the close (x) button, e.g. while an action is running. */
  hideClose?: boolean;
  /** Block closing by Escape or overlay click (while a request is pending). */
  dismissible?: boolean;
  /** The accessible name when the modal shows no title of its own. */
  ariaLabel?: string;
};

const SIZES = { sm: 'max-w-sm', md: 'max-w-lg', lg: 'max-w-2xl' } as const;

export function Modal({
  open,
  onClose,
  title,
  description,
  children,
  footer,
  size = 'md',
  hideClose = false,
  dismissible = true,
  ariaLabel,
}: ModalProps) {
  const titleId = useId();
  const descriptionId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  // Latest handlers in refs, so focus is set once per opening and not on every render.
  const onCloseRef = useRef(onClose);
  const dismissibleRef = useRef(dismissible);
  useEffect(() => {
    onCloseRef.current = onClose;
    dismissibleRef.current = dismissible;
  });
  useScrollLock(open);

  // Focus moves in on opening and back to the opener on closing. StrictMode runs this effect
  // twice on mount (set up, clean up, set up): the opener is kept across that, focus already in
  // the panel stays put, and it returns only when the modal really closed (checked a microtask
  // later), so fields never see a spurious blur (which would show their errors untouched).
  const openerRef = useRef<HTMLElement | null>(null);
  const liveRef = useRef(false);
  useEffect(() => {
    if (!open) return;
    liveRef.current = true;
    const panel = panelRef.current;
    if (!panel?.contains(document.activeElement)) {
      openerRef.current ??= document.activeElement as HTMLElement | null;
      const first = panel?.querySelector<HTMLElement>(
        'button:not([disabled]):not([data-modal-close]), input, select, textarea, [href], [tabindex]:not([tabindex="-1"])',
      );
      (first ?? panel)?.focus();
    }
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && dismissibleRef.current) onCloseRef.current();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      liveRef.current = false;
      queueMicrotask(() => {
        if (liveRef.current) return;
        const opener = openerRef.current;
        openerRef.current = null;
        opener?.focus?.();
      });
    };
  }, [open]);

  if (!open) return null;

  return createPortal(
    <div className="fixed inset-0 z-[1000] flex items-end justify-center p-4 sm:items-center">
      <div
        className="absolute inset-0 bg-slate-900/50 backdrop-blur-[1px]"
        data-testid="modal-overlay"
        aria-hidden="true"
        onClick={() => dismissible && onClose()}
      />
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={title ? titleId : undefined}
        aria-label={title ? undefined : ariaLabel}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        className={cn(
          'relative flex max-h-[90vh] w-full flex-col rounded-2xl bg-white shadow-xl outline-none ring-1 ring-slate-900/5',
          SIZES[size],
        )}
      >
        {title || !hideClose ? (
          <div className="flex items-start justify-between gap-4 px-6 pt-5">
            <div className="min-w-0">
              {title ? (
                <h2 id={titleId} className="text-lg font-semibold text-slate-900">
                  {title}
                </h2>
              ) : null}
              {description ? (
                <p id={descriptionId} className="mt-1 text-sm text-slate-500">
                  {description}
                </p>
              ) : null}
            </div>
            {!hideClose ? (
              <button
                type="button"
                data-modal-close=""
                onClick={onClose}
                disabled={!dismissible}
                className="-mr-2 rounded-lg p-1.5 text-slate-400 hover:bg-slate-100 hover:text-slate-700 disabled:opacity-50"
                aria-label="Close"
              >
                <CloseIcon className="h-5 w-5" />
              </button>
            ) : null}
          </div>
        ) : null}
        <div className="min-h-0 flex-1 overflow-y-auto px-6 py-4">{children}</div>
        {footer ? (
          <div className="flex flex-wrap justify-end gap-3 border-t border-slate-100 px-6 py-4">{footer}</div>
        ) : null}
      </div>
    </div>,
    document.body,
  );
}
