// Toasts of spec §2/§9: top-right, very high z-index, at most 20 on screen, 4 s (2 s for
// success), loading toasts stay until dismissed; success dark green, error red.
//
// They never hide what the user must press next: the stack starts below the app's header bar,
// in the right-hand column, at the first gap clear of every button, link and field there when
// that gap is in the top third of the screen; else at the first clear of the primary actions
// (primary and danger buttons, submit buttons, a page header's actions), of an open dialog's
// controls and of the control just pressed. Every toast but a
// loading one has a dismiss button, and a toast stays while the pointer is on it (react-hot-toast
// pauses its timer), so an error, which already stays twice as long as a success, can be read in
// full. Toasts stack with a gap, never on top of each other. A success clears the error toasts
// shown before it (the form's earlier failure no longer holds). A toast's time counts from when it
// is on screen whole (issue 53 point 10): while one is still entering, the clocks wait, so a page
// busy with what the action set off (a dialog closing, lists reloading) cannot spend a success's
// 2 s before anyone can read it.
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import toast, { type DefaultToastOptions, type Toast, ToastBar, Toaster, useToaster } from 'react-hot-toast';
import { CloseIcon } from './icons';

export const TOAST_LIMIT = 20;
export const TOAST_Z_INDEX = 99999;
export const TOAST_DURATION_MS = { success: 2000, error: 4000, blank: 4000 } as const;

/** Marks what a toast must not cover (the header bar is found by `data-app-header`). */
export const KEEP_CLEAR_ATTR = 'data-toast-keep-clear';
/** What a toast must never cover on a page: its primary actions. */
const KEEP_CLEAR_SELECTOR = `[${KEEP_CLEAR_ATTR}], button[type="submit"]`;
/** What it had better not cover either where the column has room; in an open dialog, must not. */
const CONTROL_SELECTOR = 'button, a[href], input, select, textarea';

/** Distance from the viewport's edges (react-hot-toast's own), between toasts, around obstacles. */
export const TOAST_EDGE = 16;
export const TOAST_GUTTER = 8;
const TOAST_MAX_WIDTH = 420;
const TOAST_MIN_HEIGHT = 48;
const CLEARANCE = 8;

export type Box = { top: number; bottom: number; left: number; right: number };

type Placement = {
  viewport: { width: number; height: number };
  headerBottom: number | null;
  stackHeight: number;
  obstacles: Box[];
};

const firstTop = (headerBottom: number | null) =>
  headerBottom && headerBottom > 0 ? headerBottom + TOAST_GUTTER + 4 : TOAST_EDGE;

/**
 * The first top (px from the top of the viewport), below the header bar, at which a stack of
 * `stackHeight` in the right-hand column meets none of the obstacles; null when there is no such
 * gap in the screen.
 */
export function toastGap({ viewport, headerBottom, stackHeight, obstacles }: Placement): number | null {
  const first = firstTop(headerBottom);
  const columnRight = viewport.width - TOAST_EDGE;
  const columnLeft = Math.max(TOAST_EDGE, columnRight - TOAST_MAX_WIDTH);
  const inColumn = obstacles
    .filter(
      (o) => o.right > columnLeft && o.left < columnRight && o.bottom > first && o.top < viewport.height,
    )
    .map((o) => ({ top: o.top - CLEARANCE, bottom: o.bottom + CLEARANCE }));
  const fits = (top: number) =>
    top + stackHeight <= viewport.height - TOAST_EDGE &&
    inColumn.every((o) => o.bottom <= top || o.top >= top + stackHeight);
  const candidates = [first, ...inColumn.map((o) => o.bottom).filter((b) => b > first)].sort((a, b) => a - b);
  const top = candidates.find(fits);
  return top === undefined ? null : Math.round(top);
}

/**
 * Where the toast stack starts: in the top third of the screen, the first gap clear of every
 * control when the column has one; else the first clear of the primary actions, the open
 * dialog's controls and the control just used (in `obstacles`); else just below the header (a
 * phone with a long dialog).
 */
export function toastStackTop({ controls = [], ...placement }: Placement & { controls?: Box[] }): number {
  const clearOfAll = controls.length
    ? toastGap({ ...placement, obstacles: [...placement.obstacles, ...controls] })
    : null;
  if (clearOfAll !== null && clearOfAll <= placement.viewport.height / 3) return clearOfAll;
  return toastGap(placement) ?? Math.round(firstTop(placement.headerBottom));
}

function boxesOf(elements: Iterable<Element>): Box[] {
  const boxes: Box[] = [];
  for (const el of elements) {
    // The toasts themselves, the header bar and the sidebar are never under the column's stack.
    if (el.closest('[data-rht-toaster], [data-app-header], aside')) continue;
    const r = el.getBoundingClientRect();
    if (r.width > 0 && r.height > 0)
      boxes.push({ top: r.top, bottom: r.bottom, left: r.left, right: r.right });
  }
  return boxes;
}

function measureTop(stackHeight: number): number {
  const header = document.querySelector('[data-app-header]');
  const headerBox = header?.getBoundingClientRect();
  const placement = {
    viewport: { width: window.innerWidth, height: window.innerHeight },
    headerBottom: headerBox && headerBox.height > 0 ? headerBox.bottom : null,
    stackHeight,
  };
  // With a dialog open only its controls can be pressed, and each of them counts.
  const dialog = document.querySelector('[role="dialog"][aria-modal="true"]');
  if (dialog)
    return toastStackTop({ ...placement, obstacles: boxesOf(dialog.querySelectorAll(CONTROL_SELECTOR)) });
  // The control just pressed (a Copy button, say) stays in sight too.
  const focused = document.activeElement?.matches(CONTROL_SELECTOR) ? [document.activeElement] : [];
  return toastStackTop({
    ...placement,
    obstacles: boxesOf([...Array.from(document.querySelectorAll(KEEP_CLEAR_SELECTOR)), ...focused]),
    controls: boxesOf(document.querySelectorAll(CONTROL_SELECTOR)),
  });
}

/** The stack's top, followed frame by frame while toasts show (pages scroll, dialogs open). */
function useStackTop(toasts: Toast[]): number {
  const visible = toasts.filter((t) => t.visible);
  const stackHeight = visible.reduce((h, t) => h + (t.height ?? TOAST_MIN_HEIGHT) + TOAST_GUTTER, 0);
  const [top, setTop] = useState(TOAST_EDGE);
  const showing = visible.length > 0;
  // Measured before paint, so a toast shows in its place from its first frame.
  useLayoutEffect(() => {
    if (!showing) return;
    let frame = 0;
    const tick = () => {
      setTop(measureTop(stackHeight));
      frame = requestAnimationFrame(tick);
    };
    tick();
    return () => cancelAnimationFrame(frame);
  }, [showing, stackHeight]);
  return top;
}

/**
 * The error toasts a success makes stale (issue 36): those shown before it. The form failed, the
 * person fixed it and it succeeded: the earlier error no longer holds. `toasts` is the store's
 * list, newest first; an error raised after the success stays.
 */
export function staleErrors(toasts: Toast[]): string[] {
  const success = toasts.findIndex((t) => t.visible && t.type === 'success');
  if (success < 0) return [];
  return toasts
    .slice(success + 1)
    .filter((t) => t.visible && t.type === 'error')
    .map((t) => t.id);
}

const TOAST_OPTIONS = {
  duration: TOAST_DURATION_MS.blank,
  style: { fontSize: '0.875rem', maxWidth: `${TOAST_MAX_WIDTH}px` },
  success: {
    duration: TOAST_DURATION_MS.success,
    style: { background: '#14532d', color: '#ffffff' },
    iconTheme: { primary: '#ffffff', secondary: '#14532d' },
  },
  error: {
    duration: TOAST_DURATION_MS.error,
    style: { background: '#dc2626', color: '#ffffff' },
    iconTheme: { primary: '#ffffff', secondary: '#dc2626' },
  },
  loading: { duration: Number.POSITIVE_INFINITY },
} satisfies DefaultToastOptions;

/** The longest the clocks wait for a toast's entrance (an animation that never ends). */
export const ENTRANCE_WAIT_MAX_MS = 3000;

/**
 * Holds every toast's clock while a toast is still entering (its entrance animation not
 * finished), through react-hot-toast's own pause. Where the browser has no Web Animations (a DOM
 * without layout, as in unit tests) there is nothing to wait for.
 */
function useClockFromEntrance(toasts: Toast[], pause: () => void, resume: () => void) {
  const entered = useRef(new Set<string>());
  const [entering, setEntering] = useState(0);
  useEffect(() => {
    if (typeof document.getAnimations !== 'function') return;
    const waiting: Array<Promise<unknown>> = [];
    for (const t of toasts) {
      // The bar animates in once its height is known (react-hot-toast shows it only then).
      if (!t.visible || !t.height || entered.current.has(t.id)) continue;
      const bar = document.querySelector(`[data-toast-id="${CSS.escape(t.id)}"]`)?.parentElement;
      if (!bar) continue;
      entered.current.add(t.id);
      const running = bar.getAnimations().filter((a) => a.playState !== 'finished');
      if (running.length === 0) continue;
      waiting.push(
        Promise.race([
          Promise.all(running.map((a) => a.finished.catch(() => undefined))),
          new Promise((r) => setTimeout(r, ENTRANCE_WAIT_MAX_MS)),
        ]),
      );
    }
    if (waiting.length === 0) return;
    setEntering((n) => n + waiting.length);
    for (const w of waiting) void w.then(() => setEntering((n) => n - 1));
  }, [toasts]);
  // Only the change between entering and not pauses or resumes: a pointer resting on a toast
  // (react-hot-toast's own pause) is left alone.
  const was = useRef(0);
  useEffect(() => {
    if (entering > 0 && was.current === 0) pause();
    if (entering === 0 && was.current > 0) resume();
    was.current = entering;
  }, [entering, pause, resume]);
}

export function AppToaster() {
  const {
    toasts,
    handlers: { startPause, endPause },
  } = useToaster(TOAST_OPTIONS);
  useClockFromEntrance(toasts, startPause, endPause);
  useEffect(() => {
    const visible = toasts.filter((t) => t.visible);
    // Newest first in the store: dismiss everything beyond the limit.
    for (const t of visible.slice(TOAST_LIMIT)) toast.dismiss(t.id);
    // A success clears the errors shown before it.
    for (const id of staleErrors(toasts)) toast.dismiss(id);
  }, [toasts]);
  const top = useStackTop(toasts);

  return (
    <Toaster
      position="top-right"
      gutter={TOAST_GUTTER}
      containerStyle={{ zIndex: TOAST_Z_INDEX, top }}
      toastOptions={TOAST_OPTIONS}
    >
      {(t) => (
        <ToastBar toast={t}>
          {({ icon, message }) => (
            <>
              <span data-toast-id={t.id} hidden />
              {icon}
              {message}
              {t.type !== 'loading' ? (
                <button
                  type="button"
                  onClick={() => toast.dismiss(t.id)}
                  aria-label="Dismiss"
                  title="Dismiss"
                  data-testid="toast-dismiss"
                  className="-mr-1 shrink-0 rounded p-1 opacity-80 hover:bg-white/15 hover:opacity-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-white/70"
                >
                  <CloseIcon className="h-4 w-4" />
                </button>
              ) : null}
            </>
          )}
        </ToastBar>
      )}
    </Toaster>
  );
}
