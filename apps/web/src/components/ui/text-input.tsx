// The shared text input of spec §2: optional label, helper text and error message; the error
// message and red border only when the error flag is set; phone variant with a fixed +234
// prefix (type tel); password variant with a show/hide toggle unless read-only; optional left
// icon; autocomplete off; required supported. Works with react-hook-form's register().
import { PHONE_PREFIX } from '@vendport/shared';
import { type InputHTMLAttributes, type ReactNode, type Ref, useId, useState } from 'react';
import { cn } from '@/lib/cn';
import { EyeIcon, EyeOffIcon } from './icons';

export type TextInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & {
  label?: ReactNode;
  helperText?: ReactNode;
  errorMessage?: ReactNode;
  /** Shows the error message and the red border. */
  error?: boolean;
  variant?: 'text' | 'phone' | 'password';
  /** The input type for the text variant (email, number, search...). */
  type?: 'text' | 'email' | 'number' | 'search' | 'url' | 'date' | 'datetime-local' | 'time';
  leftIcon?: ReactNode;
  /** Something inside the field after the text, such as a button (the password toggle's place). */
  rightSlot?: ReactNode;
  containerClassName?: string;
  ref?: Ref<HTMLInputElement>;
};

export function TextInput({
  label,
  helperText,
  errorMessage,
  error = false,
  variant = 'text',
  type = 'text',
  leftIcon,
  rightSlot,
  containerClassName,
  className,
  id,
  readOnly,
  disabled,
  ref,
  ...rest
}: TextInputProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const helperId = `${inputId}-helper`;
  const errorId = `${inputId}-error`;
  const [revealed, setRevealed] = useState(false);

  const isPassword = variant === 'password';
  const isPhone = variant === 'phone';
  const inputType = isPhone ? 'tel' : isPassword ? (revealed ? 'text' : 'password') : type;
  const showError = error && !!errorMessage;
  const describedBy = [showError ? errorId : null, helperText ? helperId : null].filter(Boolean).join(' ');

  return (
    <div className={cn('flex flex-col gap-1.5', containerClassName)}>
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
      <div
        data-field=""
        data-invalid={error ? 'true' : undefined}
        className={cn(
          'flex items-center overflow-hidden rounded-lg border bg-white transition-colors focus-within:ring-2',
          error
            ? 'border-red-500 focus-within:ring-red-200'
            : 'border-slate-300 focus-within:border-brand-600 focus-within:ring-brand-100',
          (disabled || readOnly) && 'bg-slate-50',
        )}
      >
        {leftIcon ? (
          <span className="flex shrink-0 items-center pl-3 text-slate-400" data-testid="text-input-left-icon">
            {leftIcon}
          </span>
        ) : null}
        {isPhone ? (
          <span
            className="flex shrink-0 items-center self-stretch border-r border-slate-200 bg-slate-50 px-3 text-sm font-medium text-slate-600"
            data-testid="phone-prefix"
          >
            {PHONE_PREFIX}
          </span>
        ) : null}
        <input
          ref={ref}
          id={inputId}
          type={inputType}
          inputMode={isPhone ? 'tel' : undefined}
          autoComplete="off"
          readOnly={readOnly}
          disabled={disabled}
          aria-invalid={error || undefined}
          aria-describedby={describedBy || undefined}
          className={cn(
            'min-w-0 flex-1 bg-transparent px-3 py-2.5 text-sm text-slate-900 outline-none placeholder:text-slate-400 disabled:cursor-not-allowed disabled:text-slate-500',
            className,
          )}
          {...rest}
        />
        {isPassword && !readOnly ? (
          <button
            type="button"
            onClick={() => setRevealed((v) => !v)}
            className="flex shrink-0 items-center px-3 text-slate-500 hover:text-slate-800 focus:outline-none focus-visible:text-brand-700"
            aria-label={revealed ? 'Hide password' : 'Show password'}
            aria-pressed={revealed}
            aria-controls={inputId}
            disabled={disabled}
          >
            {revealed ? <EyeOffIcon className="h-5 w-5" /> : <EyeIcon className="h-5 w-5" />}
          </button>
        ) : null}
        {rightSlot}
      </div>
      {showError ? (
        <p id={errorId} className="text-xs font-medium text-red-600" role="alert">
          {errorMessage}
        </p>
      ) : null}
      {helperText ? (
        <p id={helperId} className="text-xs text-slate-500">
          {helperText}
        </p>
      ) : null}
    </div>
  );
}
