import type { ReactNode } from 'react';
import { useDocumentTitle } from '@/lib/use-document-title';

export function PageHeader({
  title,
  description,
  actions,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
}) {
  useDocumentTitle(title);
  return (
    <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{title}</h1>
        {description ? <p className="mt-1 text-sm text-slate-500">{description}</p> : null}
      </div>
      {actions ? (
        // What the page is for: toasts keep clear of it.
        <div className="flex items-center gap-2" data-toast-keep-clear="">
          {actions}
        </div>
      ) : null}
    </div>
  );
}
