// Class tests over every form of both areas (issue 53 points 1, 5 and 10), in the page's DOM
// without a browser. The forms are found in the source (each <form>, <PasswordActionModal> and
// <PasswordConfirmModal>, counted per file): the table has a case for each, and the first
// test fails on a form the table does not name, so a form added next month must join it.
//
// [FORMS] Each form, filled as a person would and submitted, sends its request (method and path)
// and says it succeeded as a toast (point 10: every mutation's success is said). A refusal of a
// field the user cannot see fails it (useAppForm's log), as "Onboard client" did for a prepaid
// client while the hidden credit limit failed validation.
//
// The table of forms is test/form-cases.tsx; every-money-field.test.tsx walks their money fields.

import toast from 'react-hot-toast';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { sessionStore } from '@/lib/session';
import { UNSEEN_ERROR_LOG } from '@/lib/use-app-form';
import { FORMS, logged, openCase, sentLine, timings } from '../../test/form-cases';
import {
  fillForm,
  formsInSource,
  SENT_MESSAGE,
  screen,
  submit,
  toastTexts,
  waitFor,
} from '../../test/form-walk';

afterEach(() => {
  toast.remove();
  sessionStore.clear();
});
afterAll(() => {
  if (process.env.FORM_WALK_TIMES) console.log(timings.join('\n'));
});

describe('every form of both areas', () => {
  it('[FORMS] the table names every form of the source (a new form must join it)', () => {
    const inSource = formsInSource();
    const inTable: Record<string, number> = {};
    for (const c of FORMS) inTable[c.file] = (inTable[c.file] ?? 0) + 1;
    const missing = Object.entries(inSource)
      .filter(([file, n]) => (inTable[file] ?? 0) < n)
      .map(([file, n]) => `${file}: ${n} form(s) in the source, ${inTable[file] ?? 0} in the table`);
    expect(missing).toEqual([]);
    // And the table names no form that is not there.
    expect(Object.keys(inTable).filter((f) => !inSource[f])).toEqual([]);
  });

  it.each(FORMS.map((c) => [`${c.file}: ${c.name}`, c] as const))(
    '[FORMS] %s: filled as a person would, it sends its request and says so',
    async (_, c) => {
      const started = performance.now();
      logged.length = 0;
      const { stub, form, router } = await openCase(c);
      fillForm(form, c.values);
      await c.fill?.(form);
      await submit(form, c.button);
      await c.afterSubmit?.();
      if (typeof c.sends === 'string' && c.sends.startsWith('GET ')) {
        const wanted = c.sends.slice(4);
        await waitFor(() => expect(stub.gotten.some((g) => g.startsWith(wanted))).toBe(true));
      }
      if (typeof c.sends === 'string' && /^[A-Z]+ \//.test(c.sends)) {
        if (!c.sends.startsWith('GET '))
          await waitFor(() => expect(sentLine(stub)).toContain(c.sends)).catch((e: Error) => {
            throw new Error(
              `${e.message}\nsent: ${sentLine(stub).join(', ') || 'nothing'}; GETs: ${stub.gotten.join(', ')}\n` +
                `on screen: ${Array.from(form.querySelectorAll('[id$="-error"], [role="alert"]'))
                  .map((x) => x.textContent)
                  .join(' | ')}; toasts: ${toastTexts().join(' | ')}`,
            );
          });
        // Said as a person sees it: the answer's message as a toast, or what the case names.
        const says = c.says ?? SENT_MESSAGE;
        if (typeof says === 'function') await waitFor(says);
        else
          await waitFor(() =>
            expect(
              typeof says === 'string'
                ? toastTexts().some((t) => t.includes(says)) || screen.queryAllByText(says).length > 0
                : toastTexts().some((t) => says.test(t)) || screen.queryAllByText(says).length > 0,
            ).toBe(true),
          );
      } else {
        // A search: nothing sent, the address carries it.
        await waitFor(() =>
          expect(
            `${router?.state.location.pathname ?? window.location.pathname}${router?.state.location.search ?? window.location.search}`,
          ).toMatch(c.sends),
        );
      }
      expect(logged.filter((l) => l.startsWith(UNSEEN_ERROR_LOG))).toEqual([]);
      timings.push(`${Math.round(performance.now() - started)} ms ${c.file}: ${c.name}`);
    },
  );
});
