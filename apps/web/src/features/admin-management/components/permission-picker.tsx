// The permission catalogue as checkboxes, one group per domain with a "Select all" that is
// checked when the whole group is, half-checked when part of it is.
import { useEffect, useRef } from 'react';
import { Checkbox } from '@/components/ui/checkbox';
import type { PermissionEntry } from '../api/get-permissions';
import { groupPermissions } from './permission-groups';

function GroupToggle({
  label,
  names,
  value,
  onChange,
  disabled,
}: {
  label: string;
  names: string[];
  value: readonly string[];
  onChange: (next: string[]) => void;
  disabled?: boolean;
}) {
  const ref = useRef<HTMLInputElement>(null);
  const held = names.filter((n) => value.includes(n)).length;
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = held > 0 && held < names.length;
  }, [held, names.length]);
  return (
    <Checkbox
      ref={ref}
      label={<span className="text-xs font-medium text-slate-600">Select all</span>}
      aria-label={`Select all ${label} permissions`}
      checked={held === names.length}
      disabled={disabled}
      onChange={(e) =>
        onChange(
          e.target.checked ? [...new Set([...value, ...names])] : value.filter((v) => !names.includes(v)),
        )
      }
    />
  );
}

export function PermissionPicker({
  catalogue,
  value,
  onChange,
  disabled,
}: {
  catalogue: readonly PermissionEntry[];
  value: readonly string[];
  onChange: (next: string[]) => void;
  disabled?: boolean;
}) {
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      {groupPermissions(catalogue).map((g) => (
        <fieldset key={g.label} className="rounded-lg border border-slate-200 p-4">
          <div className="mb-3 flex items-center justify-between gap-3">
            <legend className="text-sm font-semibold text-slate-900">{g.label}</legend>
            <GroupToggle
              label={g.label}
              names={g.permissions.map((p) => p.name)}
              value={value}
              onChange={onChange}
              disabled={disabled}
            />
          </div>
          <ul className="space-y-2.5">
            {g.permissions.map((p) => (
              <li key={p.name}>
                <Checkbox
                  label={
                    <span>
                      <span className="block font-medium text-slate-800">{p.description}</span>
                      <span className="block font-mono text-xs text-slate-500">{p.name}</span>
                    </span>
                  }
                  checked={value.includes(p.name)}
                  disabled={disabled}
                  onChange={(e) =>
                    onChange(e.target.checked ? [...value, p.name] : value.filter((v) => v !== p.name))
                  }
                />
              </li>
            ))}
          </ul>
        </fieldset>
      ))}
    </div>
  );
}
