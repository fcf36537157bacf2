// The one money field (issue 53 point 5): a naira amount whose limits come from one place (the
// service, the platform settings, or @vendport/shared's AMOUNT_LIMITS) and are shown as its hint
// before any error; the schema that checks it quotes the same limits in every refusal. Marked
// data-money-input so the browser class test (e2e/22-money-words.e2e.ts) finds every one.
import { type AmountLimits, amountHint } from '@vendport/shared';
import type { ReactNode } from 'react';
import { TextInput, type TextInputProps } from './text-input';

export type MoneyInputProps = Omit<TextInputProps, 'type' | 'variant' | 'inputMode' | 'helperText'> & {
  /** The amounts the field takes; null while they are not known (no hint rather than a wrong one). */
  limits: AmountLimits | null;
  /** Said after the limits, e.g. what the amount is for. */
  note?: ReactNode;
};

export function MoneyInput({ limits, note, placeholder = 'e.g. 5,000', ...rest }: MoneyInputProps) {
  const hint = limits ? amountHint(limits) : null;
  return (
    <TextInput
      inputMode="decimal"
      placeholder={placeholder}
      data-money-input=""
      helperText={
        hint || note ? (
          <>
            {hint}
            {hint && note ? '. ' : null}
            {note}
          </>
        ) : undefined
      }
      {...rest}
    />
  );
}
