// Tabs as a tablist of buttons; the caller owns the selected value (often a URL parameter).
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

export type TabItem<V extends string> = { value: V; label: ReactNode; badge?: ReactNode };

export function Tabs<V extends string>({
  items,
  value,
  onChange,
  label,
}: {
  items: readonly TabItem<V>[];
  value: V;
  onChange: (value: V) => void;
  label: string;
}) {
  return (
    // More tabs than a phone's width (a network each) scroll within the row, not the page.
    <div
      role="tablist"
      aria-label={label}
      className="mb-4 flex gap-1 overflow-x-auto overflow-y-hidden border-b border-slate-200"
    >
      {items.map((item) => {
        const selected = item.value === value;
        return (
          <button
            key={item.value}
            type="button"
            role="tab"
            aria-selected={selected}
            onClick={() => onChange(item.value)}
            className={cn(
              '-mb-px inline-flex shrink-0 items-center gap-2 whitespace-nowrap border-b-2 px-4 py-2.5 text-sm font-medium focus:outline-none focus-visible:bg-slate-100',
              selected
                ? 'border-brand-700 text-brand-800'
                : 'border-transparent text-slate-500 hover:border-slate-300 hover:text-slate-800',
            )}
          >
            {item.label}
            {item.badge}
          </button>
        );
      })}
    </div>
  );
}
