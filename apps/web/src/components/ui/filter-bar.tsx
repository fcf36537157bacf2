// List filters kept in the URL (spec §3 List filters), next to the pager's page and limit: a
// search applied on Enter or Search, dates and selects applied as soon as they change. Any change
// returns the list to its first page.
//
// Layout: fields line up by their tops, so a date's error message grows its own column downwards
// instead of lifting the field out of the row. On phones the search takes the full width and the
// other fields go two to a row, each filling its half.
import { type FormEvent, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useUrlParams } from '@/lib/use-url-params';
import { Button } from './button';
import { DateInput } from './date-input';
import { SearchIcon } from './icons';
import { CURSOR_PARAM, PAGE_PARAM } from './pager';
import { Select, type SelectOption } from './select';
import { TextInput } from './text-input';

export type FilterField =
  | { kind: 'search'; name: string; label: string; placeholder?: string }
  | {
      kind: 'date';
      name: string;
      label: string /** The other end of the range, for min/max. */;
      pair?: string;
      end?: 'start' | 'end';
    }
  | { kind: 'select'; name: string; label: string; options: readonly SelectOption[]; allLabel: string };

/** The current value of each named filter ('' when unset). */
export function useUrlFilters<K extends string>(names: readonly K[]): Record<K, string> {
  const [params] = useSearchParams();
  const out = {} as Record<K, string>;
  for (const n of names) out[n] = params.get(n) ?? '';
  return out;
}

export function FilterBar({ fields, label = 'Filters' }: { fields: readonly FilterField[]; label?: string }) {
  const [params, editParams] = useUrlParams();
  const search = fields.find((f) => f.kind === 'search');
  const applied = search ? (params.get(search.name) ?? '') : '';
  const [draft, setDraft] = useState(applied);
  // Follow the URL when it changes from elsewhere (Clear, back button).
  useEffect(() => setDraft(applied), [applied]);

  const update = (patch: Record<string, string>) =>
    editParams((p) => {
      for (const [k, v] of Object.entries(patch)) {
        if (v) p.set(k, v);
        else p.delete(k);
      }
      p.delete(PAGE_PARAM);
      p.delete(CURSOR_PARAM);
    });

  const onSearch = (e: FormEvent) => {
    e.preventDefault();
    if (search) update({ [search.name]: draft.trim() });
  };

  const active = fields.some((f) => params.get(f.name));
  const clear = () => update(Object.fromEntries(fields.map((f) => [f.name, ''])));

  return (
    <form
      aria-label={label}
      onSubmit={onSearch}
      className="grid grid-cols-2 items-start gap-3 border-b border-slate-100 px-4 py-4 sm:flex sm:flex-wrap"
    >
      {fields.map((f) => {
        if (f.kind === 'search')
          return (
            <div
              key={f.name}
              className="col-span-2 flex items-end gap-2 sm:min-w-[18rem] sm:flex-[2] sm:basis-[18rem]"
            >
              <TextInput
                label={f.label}
                type="search"
                name={f.name}
                placeholder={f.placeholder}
                value={draft}
                onChange={(e) => setDraft(e.target.value)}
                leftIcon={<SearchIcon className="h-4 w-4" />}
                containerClassName="min-w-0 flex-1"
              />
              <Button type="submit" variant="secondary" className="shrink-0">
                Search
              </Button>
            </div>
          );
        if (f.kind === 'date') {
          const other = f.pair ? (params.get(f.pair) ?? '') : '';
          return (
            <DateInput
              key={f.name}
              label={f.label}
              name={f.name}
              value={params.get(f.name) ?? ''}
              min={f.end === 'end' && other ? other : undefined}
              max={f.end === 'start' && other ? other : undefined}
              onChange={(iso) => update({ [f.name]: iso })}
              containerClassName="min-w-0 sm:w-44"
            />
          );
        }
        return (
          <Select
            key={f.name}
            label={f.label}
            name={f.name}
            options={f.options}
            placeholderOption={f.allLabel}
            value={params.get(f.name) ?? ''}
            onChange={(e) => update({ [f.name]: e.target.value })}
            containerClassName="min-w-0 sm:w-44"
          />
        );
      })}
      {active ? (
        // Level with the fields (below their labels: a 20 px line and a 6 px gap).
        <Button variant="ghost" onClick={clear} className="col-span-2 justify-self-start sm:mt-[1.625rem]">
          Clear filters
        </Button>
      ) : null}
    </form>
  );
}
