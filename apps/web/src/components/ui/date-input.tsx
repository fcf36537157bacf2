// A date field that reads and writes DD/MM/YYYY (spec §9) whatever the browser's locale: a
// native date input shows the browser's own order (mm/dd/yyyy in an en-US browser). The value
// given and returned is ISO (YYYY-MM-DD, '' when empty), as list filters keep it in the URL.
// A calendar button opens the browser's own picker on a hidden native input.
import { type ChangeEvent, type FocusEvent, useEffect, useId, useRef, useState } from 'react';
import { cn } from '@/lib/cn';
import { CalendarIcon } from './icons';
import { TextInput } from './text-input';

export const DATE_INPUT_PLACEHOLDER = 'DD/MM/YYYY';

/** ISO YYYY-MM-DD → DD/MM/YYYY ('' for anything else). */
export function isoToDisplay(iso: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : '';
}

export type ParsedDate = { iso: string } | { error: string } | { empty: true };

/**
 * What a person typed: DD/MM/YYYY (also with - or . between, and one-digit days and months), or
 * an ISO date pasted in. A date that does not exist (31/02/2026) is an error, not next month.
 */
export function parseDisplayDate(text: string): ParsedDate {
  const t = text.trim();
  if (!t) return { empty: true };
  let d: number;
  let mo: number;
  let y: number;
  const dmy = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(t);
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(t);
  if (dmy) [d, mo, y] = [Number(dmy[1]), Number(dmy[2]), Number(dmy[3])];
  else if (iso) [y, mo, d] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  else return { error: `Enter the date as ${DATE_INPUT_PLACEHOLDER}` };
  const probe = new Date(Date.UTC(y, mo - 1, d));
  if (
    y < 1900 ||
    probe.getUTCFullYear() !== y ||
    probe.getUTCMonth() !== mo - 1 ||
    probe.getUTCDate() !== d
  ) {
    return { error: 'This date does not exist' };
  }
  return {
    iso: `${String(y).padStart(4, '0')}-${String(mo).padStart(2, '0')}-${String(d).padStart(2, '0')}`,
  };
}

export interface DateInputProps {
  label: string;
  name: string;
  /** ISO YYYY-MM-DD, or '' when empty. */
  value: string;
  onChange: (iso: string) => void;
  /** ISO bounds, inclusive. */
  min?: string;
  max?: string;
  containerClassName?: string;
  /** An error from outside (the form's check or the server), shown while the text parses. */
  errorMessage?: string;
}

export function DateInput({
  label,
  name,
  value,
  onChange,
  min,
  max,
  containerClassName,
  errorMessage,
}: DateInputProps) {
  const id = useId();
  const [text, setText] = useState(isoToDisplay(value));
  const [error, setError] = useState<string | null>(null);
  const picker = useRef<HTMLInputElement>(null);

  // Follow the value when it changes from elsewhere (Clear filters, back button).
  useEffect(() => {
    setText(isoToDisplay(value));
    setError(null);
  }, [value]);

  const check = (raw: string, final: boolean): void => {
    const p = parseDisplayDate(raw);
    if ('empty' in p) {
      setError(null);
      if (value) onChange('');
      return;
    }
    if ('error' in p) {
      // While typing, an unfinished date is not yet an error.
      if (final) setError(p.error);
      return;
    }
    if (min && p.iso < min) {
      setError(`Choose ${isoToDisplay(min)} or later`);
      return;
    }
    if (max && p.iso > max) {
      setError(`Choose ${isoToDisplay(max)} or earlier`);
      return;
    }
    setError(null);
    if (p.iso !== value) onChange(p.iso);
  };

  const onType = (e: ChangeEvent<HTMLInputElement>) => {
    const next = e.target.value.replace(/[^\d/.-]/g, '').slice(0, 10);
    setText(next);
    check(next, false);
  };

  const onBlur = (e: FocusEvent<HTMLInputElement>) => check(e.target.value, true);

  const openPicker = () => {
    const el = picker.current;
    if (!el) return;
    try {
      el.showPicker();
    } catch {
      el.focus();
    }
  };

  return (
    <div className={cn('relative', containerClassName)}>
      <TextInput
        id={id}
        label={label}
        name={name}
        inputMode="numeric"
        placeholder={DATE_INPUT_PLACEHOLDER}
        value={text}
        onChange={onType}
        onBlur={onBlur}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            check(e.currentTarget.value, true);
          }
        }}
        error={!!(error ?? errorMessage)}
        errorMessage={error ?? errorMessage}
        maxLength={10}
        rightSlot={
          <button
            type="button"
            onClick={openPicker}
            aria-label={`Choose ${label.toLowerCase()} from a calendar`}
            className="mr-1.5 shrink-0 rounded-md p-1.5 text-slate-400 hover:bg-slate-100 hover:text-slate-700"
          >
            <CalendarIcon className="h-4 w-4" />
          </button>
        }
      />
      <input
        ref={picker}
        type="date"
        tabIndex={-1}
        aria-hidden="true"
        className="pointer-events-none absolute bottom-0 right-0 h-px w-px opacity-0"
        value={value}
        min={min}
        max={max}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}
