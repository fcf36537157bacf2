// The period of a home screen: Today, This week, This month or Custom range (two dates, DD/MM/YYYY),
// Lagos days. The figures follow at once; a custom range waits for both dates.
import { DateInput } from '@/components/ui/date-input';
import { cn } from '@/lib/cn';
import { formatDate } from '@/lib/format';
import type { HomeRange } from '../api/query-keys';
import { RANGE_OPTIONS } from '../range';

export function RangeFilter({
  value,
  onChange,
  shown,
}: {
  value: HomeRange;
  onChange: (next: HomeRange) => void;
  /** The days the figures cover, as the server answered. */
  shown?: { startDate: string; endDate: string };
}) {
  return (
    <div className="flex flex-wrap items-end gap-3">
      <fieldset className="grid w-full min-w-0 grid-cols-2 gap-1 rounded-xl bg-slate-100 p-1 sm:inline-flex sm:w-auto sm:gap-0">
        <legend className="sr-only">Period</legend>
        {RANGE_OPTIONS.map((o) => {
          const on = value.filter === o.value;
          return (
            <button
              key={o.value}
              type="button"
              aria-pressed={on}
              onClick={() =>
                onChange(
                  o.value === 'custom'
                    ? { filter: 'custom', startDate: value.startDate ?? '', endDate: value.endDate ?? '' }
                    : { filter: o.value },
                )
              }
              className={cn(
                'rounded-lg px-3 py-1.5 text-sm font-medium whitespace-nowrap focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500',
                on ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600 hover:text-slate-900',
              )}
            >
              {o.label}
            </button>
          );
        })}
      </fieldset>
      {value.filter === 'custom' ? (
        <div className="grid grid-cols-2 gap-3 sm:flex">
          <DateInput
            label="Start date"
            name="startDate"
            value={value.startDate ?? ''}
            max={value.endDate || undefined}
            onChange={(startDate) => onChange({ ...value, startDate })}
            containerClassName="sm:w-44"
          />
          <DateInput
            label="End date"
            name="endDate"
            value={value.endDate ?? ''}
            min={value.startDate || undefined}
            onChange={(endDate) => onChange({ ...value, endDate })}
            containerClassName="sm:w-44"
          />
        </div>
      ) : null}
      {shown ? (
        <p className="pb-2 text-sm text-slate-500" data-testid="range-shown">
          {shown.startDate === shown.endDate
            ? formatDate(shown.startDate)
            : `${formatDate(shown.startDate)} – ${formatDate(shown.endDate)}`}
        </p>
      ) : null}
    </div>
  );
}
