// One labelled value in a detail screen's `<dl>` (Business Account, corporate client), and the
// spec's NIL for a text field left empty.
import type { ReactNode } from 'react';

/** The value, or 'NIL' when it is missing or only white space (spec §3). */
export const nil = (v: string | null | undefined) => (v?.trim() ? v : 'NIL');

export function DetailField({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className="mt-1 break-words text-sm font-medium text-slate-900">{children}</dd>
    </div>
  );
}
