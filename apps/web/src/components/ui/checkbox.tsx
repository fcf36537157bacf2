import { type InputHTMLAttributes, type ReactNode, type Ref, useId } from 'react';

export function Checkbox({
  label,
  id,
  ref,
  ...rest
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & { label: ReactNode; ref?: Ref<HTMLInputElement> }) {
  const generated = useId();
  const inputId = id ?? generated;
  return (
    <label
      htmlFor={inputId}
      className="inline-flex cursor-pointer select-none items-center gap-2 text-sm text-slate-700"
    >
      <input
        ref={ref}
        id={inputId}
        type="checkbox"
        className="h-4 w-4 rounded border-slate-300 accent-brand-700"
        {...rest}
      />
      {label}
    </label>
  );
}
