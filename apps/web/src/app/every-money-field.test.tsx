// Class test over every money field of both areas (issue 53 point 5), in the page's DOM without
// a browser: every <MoneyInput> of the source is met by a form of the table (test/form-cases.tsx)
// or the test fails. Each shows its limits as its hint before any error, and refuses 0, -5, a kobo
// below the minimum, a naira above the maximum, 1.234, 99999999999999 and letters with a message
// quoting those same limits, while nothing is sent. A bulk file's rows (no field: a file) are
// checked the same way through the check the bulk screen runs.

import { amountHint } from '@vendport/shared';
import toast from 'react-hot-toast';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { checkBulkCsv } from '@/features/vending/components/bulk-csv';
import { boundsOf, serviceFor } from '@/features/vending/components/vend-rules';
import { sessionStore } from '@/lib/session';
import { PLANS, SERVICES } from '../../test/catalogue-factories';
import { FORMS, openCase, sentLine, timings } from '../../test/form-cases';
import {
  errorOf,
  fillForm,
  hintOf,
  labelOf,
  moneyInputsInSource,
  setValue,
  submit,
  waitFor,
} from '../../test/form-walk';

afterEach(() => {
  toast.remove();
  sessionStore.clear();
});
afterAll(() => {
  if (process.env.FORM_WALK_TIMES) console.log(timings.join('\n'));
});

// ---------------------------------------------------------------- every money field

/** The wrong amounts of point 5; "below" and "above" are a kobo under and a naira over the hint. */
const BAD_AMOUNTS = ['0', '-5', 'below', 'above', '1.234', '99999999999999', 'abc'] as const;

const koboOf = (naira: string) => Number(naira.replace(/[₦,.]/g, ''));

/** The wrong amount typed for `bad`, or null when it is not wrong for these limits (0 where 0 is allowed). */
function typed(bad: (typeof BAD_AMOUNTS)[number], hint: { min: string; max: string }): string | null {
  const min = koboOf(hint.min);
  if (bad === 'below') return min > 0 ? ((min - 1) / 100).toFixed(2) : null;
  if (bad === 'above') return ((koboOf(hint.max) + 100) / 100).toFixed(2);
  if (bad === '0') return min > 0 ? '0' : null;
  return bad;
}

/** Money fields met by the walk, by source file: each <MoneyInput> of the source must be met. */
const metMoney: Record<string, Set<string>> = {};

/** The forms of the files that write a money field. */
const WITH_MONEY = FORMS.filter((c) => moneyInputsInSource()[c.file]);

describe('every money field', () => {
  it.each(WITH_MONEY.map((c) => [`${c.file}: ${c.name}`, c] as const))(
    '[AMOUNTS] %s: each money field shows its limits first, and every wrong amount is refused in their words, nothing sent',
    async (_, c) => {
      const started = performance.now();
      const { stub, form } = await openCase(c);
      fillForm(form, c.values);
      await c.fill?.(form);
      // What opening the form sent (an authenticator's set-up) is not the walk's.
      const before = stub.sent.length;
      const fields = Array.from(form.querySelectorAll<HTMLInputElement>('input[data-money-input]')).filter(
        (el) => !el.disabled && !el.readOnly,
      );
      const failures: string[] = [];
      for (const input of fields) {
        const label = labelOf(input);
        metMoney[c.file] = (metMoney[c.file] ?? new Set()).add(label);
        const valid = input.value;
        setValue(input, '');
        const hint = hintOf(input);
        if (!hint) {
          failures.push(`${label}: no "Between … and …" hint`);
          continue;
        }
        if (errorOf(input)) failures.push(`${label}: an error before anything was sent: ${errorOf(input)}`);
        for (const bad of BAD_AMOUNTS) {
          const value = typed(bad, hint);
          if (value === null) continue;
          setValue(input, value);
          await submit(form, c.button);
          // The refusal of this value rendered (not the one before it still on screen).
          await new Promise((r) => setTimeout(r, 10));
          const message = await waitFor(() => {
            const m = errorOf(input);
            if (!m) throw new Error(`${label} = ${value}: no message under the field`);
            return m;
          }).catch((e: Error) => e.message);
          if (!message.includes(hint.min) || !message.includes(hint.max))
            failures.push(`${label} = ${value}: "${message}" does not quote ${hint.min} and ${hint.max}`);
        }
        setValue(input, valid);
      }
      expect(failures).toEqual([]);
      expect(sentLine({ ...stub, sent: stub.sent.slice(before) })).toEqual([]);
      if (fields.length)
        timings.push(`${Math.round(performance.now() - started)} ms amounts ${c.file}: ${c.name}`);
    },
  );

  it('[AMOUNTS] a bulk file’s rows: each wrong amount is refused in the words of its service’s limits', () => {
    const catalogue = { services: SERVICES, plans: PLANS, platformMaxKobo: 100_000_000 };
    const mtn = serviceFor(SERVICES, 'MTN', 'AIRTIME');
    if (!mtn) throw new Error('no MTN airtime service in the fixtures');
    const hint = /Between (₦[\d,]+\.\d\d) and (₦[\d,]+\.\d\d)/.exec(amountHint(boundsOf(catalogue, mtn)));
    if (!hint) throw new Error('no hint');
    const limits = { min: hint[1], max: hint[2] };
    const failures: string[] = [];
    for (const bad of BAD_AMOUNTS) {
      const value = typed(bad, limits);
      if (value === null) continue;
      const csv = `phone,network,type,amount,planCode,reference\n08031234567,MTN,AIRTIME,${value},,\n`;
      const row = checkBulkCsv(csv, catalogue, 'BULK-53').rows[0];
      const message = row?.errors.join(' ') ?? '';
      if (!message.includes(limits.min) || !message.includes(limits.max))
        failures.push(`row amount ${value}: "${message}" does not quote ${limits.min} and ${limits.max}`);
    }
    expect(failures).toEqual([]);
  });

  it('[AMOUNTS] every money field of the source was met by the walk', () => {
    const missed = Object.entries(moneyInputsInSource())
      .filter(([file, n]) => (metMoney[file]?.size ?? 0) < n)
      .map(
        ([file, n]) => `${file}: ${n} in the source, met ${[...(metMoney[file] ?? [])].join(', ') || 'none'}`,
      );
    expect(missed).toEqual([]);
  });
});
