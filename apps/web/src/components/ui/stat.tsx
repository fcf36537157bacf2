// A figure with its label, for overview cards (balances, totals).
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

export function Stat({
  label,
  value,
  hint,
  emphasis = false,
  className,
  testId,
}: {
  label: ReactNode;
  value: ReactNode;
  hint?: ReactNode;
  emphasis?: boolean;
  className?: string;
  testId?: string;
}) {
  return (
    <div className={cn('min-w-0', className)} data-testid={testId}>
      <p className="text-xs font-medium uppercase tracking-wide text-slate-500" data-figure-label="">
        {label}
      </p>
      <p
        data-figure-value=""
        className={cn(
          'mt-1 truncate font-semibold tabular-nums text-slate-900',
          emphasis ? 'text-3xl tracking-tight' : 'text-lg',
        )}
      >
        {value}
      </p>
      {hint ? <p className="mt-0.5 text-xs text-slate-500">{hint}</p> : null}
    </div>
  );
}
