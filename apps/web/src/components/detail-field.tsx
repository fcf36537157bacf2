// One labelled value in a detail screen's `<dl>` (Business Account, corporate client), the
// spec's NIL where it shows it, and "—" for a missing value everywhere else.
import type { ReactNode } from 'react';

/**
 * The value, or 'NIL' when it is missing or only white space: only where the spec shows NIL (the
 * Business Account's Corporate Name and Request Date); elsewhere a missing value is `dash`'s "—".
 */
export const nil = (v: string | null | undefined) => (v?.trim() ? v : 'NIL');
/** The value, or "—" when it is missing or only white space (issue 36). */
export const dash = (v: string | null | undefined) => (v?.trim() ? v : '—');

export function DetailField({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className="mt-1 break-words text-sm font-medium text-slate-900">{children}</dd>
    </div>
  );
}
