// A labelled native select in the look of TextInput (filters, modal forms). Works with
// react-hook-form's register().
import { type ReactNode, type Ref, type SelectHTMLAttributes, useId } from 'react';
import { cn } from '@/lib/cn';

export type SelectOption = { value: string; label: string };

export type SelectProps = SelectHTMLAttributes<HTMLSelectElement> & {
  label?: ReactNode;
  options: readonly SelectOption[];
  /** A first option with an empty value ("All statuses"). */
  placeholderOption?: string;
  error?: boolean;
  errorMessage?: ReactNode;
  containerClassName?: string;
  ref?: Ref<HTMLSelectElement>;
};

export function Select({
  label,
  options,
  placeholderOption,
  error = false,
  errorMessage,
  containerClassName,
  className,
  id,
  ref,
  ...rest
}: SelectProps) {
  const generated = useId();
  const selectId = id ?? generated;
  const errorId = `${selectId}-error`;
  const showError = error && !!errorMessage;
  return (
    <div className={cn('flex flex-col gap-1.5', containerClassName)}>
      {label ? (
        <label htmlFor={selectId} className="text-sm font-medium text-slate-700">
          {label}
          {rest.required ? (
            <span className="ml-0.5 text-red-600" aria-hidden="true">
              *
            </span>
          ) : null}
        </label>
      ) : null}
      <select
        ref={ref}
        id={selectId}
        aria-invalid={error || undefined}
        aria-describedby={showError ? errorId : undefined}
        className={cn(
          // The height of a TextInput (2 x 1px border, 2 x 10px padding, 20px line), so they align.
          'h-[2.625rem] rounded-lg border bg-white px-3 text-sm text-slate-900 focus:outline-none focus:ring-2 disabled:cursor-not-allowed disabled:bg-slate-50',
          error
            ? 'border-red-500 focus:ring-red-200'
            : 'border-slate-300 focus:border-brand-600 focus:ring-brand-100',
          className,
        )}
        {...rest}
      >
        {placeholderOption !== undefined ? <option value="">{placeholderOption}</option> : null}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {showError ? (
        <p id={errorId} className="text-xs font-medium text-red-600" role="alert">
          {errorMessage}
        </p>
      ) : null}
    </div>
  );
}
