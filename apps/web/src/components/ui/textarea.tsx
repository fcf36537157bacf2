// A labelled multi-line text field in the look of TextInput (reasons, notes). Works with
// react-hook-form's register().
import { type ReactNode, type Ref, type TextareaHTMLAttributes, useId } from 'react';
import { cn } from '@/lib/cn';

export type TextareaProps = TextareaHTMLAttributes<HTMLTextAreaElement> & {
  label?: ReactNode;
  error?: boolean;
  errorMessage?: ReactNode;
  helperText?: ReactNode;
  ref?: Ref<HTMLTextAreaElement>;
};

export function Textarea({
  label,
  error = false,
  errorMessage,
  helperText,
  id,
  className,
  ref,
  ...rest
}: TextareaProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const errorId = `${inputId}-error`;
  const showError = error && !!errorMessage;
  return (
    <div className="flex flex-col gap-1.5">
      {label ? (
        <label htmlFor={inputId} className="text-sm font-medium text-slate-700">
          {label}
          {rest.required ? (
            <span className="ml-0.5 text-red-600" aria-hidden="true">
              *
            </span>
          ) : null}
        </label>
      ) : null}
      <textarea
        ref={ref}
        id={inputId}
        rows={3}
        autoComplete="off"
        aria-invalid={error || undefined}
        aria-describedby={showError ? errorId : undefined}
        className={cn(
          'rounded-lg border bg-white px-3 py-2.5 text-sm text-slate-900 outline-none placeholder:text-slate-400 focus:ring-2',
          error
            ? 'border-red-500 focus:ring-red-200'
            : 'border-slate-300 focus:border-brand-600 focus:ring-brand-100',
          className,
        )}
        {...rest}
      />
      {showError ? (
        <p id={errorId} className="text-xs font-medium text-red-600" role="alert">
          {errorMessage}
        </p>
      ) : null}
      {helperText ? <p className="text-xs text-slate-500">{helperText}</p> : null}
    </div>
  );
}
