// What the class tests over every form (issue 53 points 1, 5 and 10) share: the forms of the web
// app found in its source, a render of one with a fetch stub that records what is sent, a filler
// that types what a person would, and the money fields' hints and refusals as the page shows them.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppToaster } from '@/components/ui/toaster';
import { setApiNavigator } from '@/lib/api-client';
import { createQueryClient } from '@/lib/query-client';
import { renderApp } from './render-app';

export const SRC = path.resolve(import.meta.dirname, '../src');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return /\.tsx$/.test(e.name) && !/\.test\.tsx$/.test(e.name) ? [p] : [];
  });
}

/** The frames that are a form themselves (they render a <form>): their users are the forms. */
const FORM_FRAMES = ['components/password-action-modal.tsx'];

/**
 * Every form of the app as its source writes it: each `<form`, `<PasswordActionModal` and
 * `<PasswordConfirmModal` (a form of its own) per file, counted, outside the frames.
 */
export function formsInSource(): Record<string, number> {
  const out: Record<string, number> = {};
  for (const file of sources(SRC)) {
    const rel = path.relative(SRC, file);
    if (FORM_FRAMES.includes(rel)) continue;
    const n = (
      readFileSync(file, 'utf8').match(/<form\b|<PasswordActionModal\b|<PasswordConfirmModal\b/g) ?? []
    ).length;
    if (n > 0) out[rel] = n;
  }
  return out;
}

/** Every money field as the source writes it: each `<MoneyInput`, counted per file. */
export function moneyInputsInSource(): Record<string, number> {
  const out: Record<string, number> = {};
  for (const file of sources(SRC)) {
    const rel = path.relative(SRC, file);
    if (rel === 'components/ui/money-input.tsx') continue;
    const n = (readFileSync(file, 'utf8').match(/<MoneyInput\b/g) ?? []).length;
    if (n > 0) out[rel] = n;
  }
  return out;
}

export type StubRoute = { method?: string; path: string | RegExp; status?: number; body: unknown };
export type Sent = { method: string; path: string; body: unknown };

/** What a mutation's stub answers: a success whose message the walk looks for on screen. */
export const SENT_MESSAGE = 'Done: the form walk’s request was answered.';

/**
 * A fetch stub: GETs answered from `gets` (404 otherwise), every other method recorded and
 * answered from `answers` (by method and path) or with a success carrying SENT_MESSAGE.
 */
export function walkFetch(gets: StubRoute[], answers: StubRoute[] = []) {
  const sent: Sent[] = [];
  const gotten: string[] = [];
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  const match = (routes: StubRoute[], method: string, p: string) =>
    routes.find(
      (r) => (r.method ?? 'GET') === method && (typeof r.path === 'string' ? r.path === p : r.path.test(p)),
    );
  const fn = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.toString() : input.url;
    const method = (init.method ?? 'GET').toUpperCase();
    const p = url.replace(/^https?:\/\/[^/]+/, '');
    if (method === 'GET') {
      gotten.push(p);
      const r = match(gets, method, p) ?? match(answers, method, p);
      if (!r) return json({ success: false, message: `No stub for GET ${p}`, errors: [] }, 404);
      return json(typeof r.body === 'function' ? (r.body as () => unknown)() : r.body, r.status);
    }
    const body =
      typeof init.body === 'string'
        ? JSON.parse(init.body)
        : init.body instanceof FormData
          ? init.body
          : undefined;
    sent.push({ method, path: p.split('?')[0], body });
    const r = match(answers, method, p) ?? answers.find((a) => a.method === '*');
    if (r) return json(typeof r.body === 'function' ? (r.body as () => unknown)() : r.body, r.status);
    return json({ success: true, message: SENT_MESSAGE, data: null });
  };
  return { fn, sent, gotten };
}

/** Renders `element` alone (a form component) with a query client, a router and the toaster. */
export function renderAlone(element: ReactElement) {
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: ['/'] });
  setApiNavigator((to) => void router.navigate(to));
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
  const utils = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <AppToaster />
    </QueryClientProvider>,
  );
  return { ...utils, router };
}

export { renderApp };

/** The label a person reads for a field. */
export function labelOf(el: Element): string {
  const id = el.getAttribute('id');
  const label = id ? document.querySelector(`label[for="${CSS.escape(id)}"]`) : null;
  return (label?.textContent ?? el.getAttribute('aria-label') ?? el.getAttribute('name') ?? '').trim();
}

/** The texts an input's aria-describedby points at whose id ends with `suffix`. */
function described(input: Element, suffix: string): string {
  return (input.getAttribute('aria-describedby') ?? '')
    .split(/\s+/)
    .filter((id) => id.endsWith(suffix))
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ')
    .trim();
}

/** A money field's hint limits ("Between ₦50.00 and ₦50,000.00"), as naira texts. */
export function hintOf(input: Element): { min: string; max: string } | null {
  const m = /Between (₦[\d,]+\.\d\d) and (₦[\d,]+\.\d\d)/.exec(described(input, '-helper'));
  return m ? { min: m[1], max: m[2] } : null;
}

/** The message under a field, or ''. */
export const errorOf = (input: Element) => described(input, '-error');

/** Sets a field's value as typing would (React's onChange sees it). */
export function setValue(el: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement, value: string) {
  fireEvent.change(el, { target: { value } });
  fireEvent.blur(el);
}

export const WALK_PASSWORD = 'Lagos-Harbour-Passphrase-53';

/**
 * Fills every empty field of `form` a person can see with what a person would type there (by
 * its label and type); `values` (label pattern → value) overrides. Selects left empty take their
 * first choice; money fields the smallest amount their hint allows.
 */
export function fillForm(form: HTMLElement, values: Array<[RegExp, string]> = []) {
  const fields = Array.from(form.querySelectorAll<HTMLInputElement>('input, select, textarea'));
  for (const el of fields) {
    if (!el.isConnected || el.disabled || el.readOnly || el.closest('[hidden]')) continue;
    const type = el.getAttribute('type') ?? 'text';
    if (['checkbox', 'radio', 'file', 'hidden', 'submit', 'button'].includes(type)) continue;
    const label = labelOf(el);
    const what = `${el.getAttribute('name') ?? ''} ${label}`.toLowerCase();
    const given = values.find(([re]) => re.test(label));
    if (given) {
      setValue(el, given[1]);
      continue;
    }
    if (el.tagName === 'SELECT') {
      const select = el as unknown as HTMLSelectElement;
      const first = Array.from(select.options).find((o) => o.value && !o.disabled);
      if (!select.value && first) setValue(select, first.value);
      continue;
    }
    if (el.hasAttribute('data-money-input')) {
      setValue(
        el,
        hintOf(el)
          ?.min.replace('₦', '')
          .replace(/^0\.00$/, '100') ?? '100',
      );
      continue;
    }
    if (el.value.trim()) continue;
    let value = 'Lagos Airtime Ltd';
    if (type === 'password' || /password/.test(what)) value = WALK_PASSWORD;
    else if (type === 'email' || /email/.test(what)) value = 'ada@lagos.ng';
    else if (type === 'tel' || /phone|msisdn/.test(what)) value = '8031234567';
    else if (type === 'url' || /url|webhook/.test(what)) value = 'https://example.com/hooks/vendport';
    else if (type === 'time') value = '08:00';
    else if (type === 'date') value = '2026-01-05';
    else if (/\bip\b|address|cidr/.test(what)) value = '198.51.100.7';
    else if (/code/.test(what)) value = '123456';
    else if (/reference/.test(what)) value = 'TRF-53-0001';
    else if (/reason|note/.test(what)) value = 'Checked against the bank statement of 5 January.';
    else if (/%|percent|commission|rate|count|burst|second|port|minute|day/.test(what)) value = '1';
    setValue(el, value);
  }
}

/** The submit button of `form` (its only one, or the one named `name`). */
export function submitOf(form: HTMLElement, name?: RegExp): HTMLButtonElement {
  const buttons = within(form)
    .getAllByRole('button')
    .filter((b) => (b as HTMLButtonElement).type === 'submit') as HTMLButtonElement[];
  const b = name ? buttons.find((x) => name.test(x.textContent ?? '')) : buttons[0];
  if (!b) throw new Error(`no submit button in form "${form.getAttribute('aria-label') ?? ''}"`);
  return b;
}

/** Submits as pressing its button does (a disabled button cannot be pressed). */
export async function submit(form: HTMLElement, name?: RegExp) {
  const b = submitOf(form, name);
  if (b.disabled) throw new Error(`the submit button "${b.textContent}" is disabled`);
  fireEvent.click(b);
}

/** The text of every toast on screen. */
export const toastTexts = () =>
  Array.from(document.querySelectorAll('[data-rht-toaster] [role="status"]')).map((t) => t.textContent ?? '');

export { screen, waitFor, within };
