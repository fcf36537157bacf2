// Shared pieces of the two home screens.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { LaterReleaseNote } from '@/components/later-release';
import { ChevronRightIcon } from '@/components/ui/icons';

export function greeting(hour: number): string {
  if (hour < 12) return 'Good morning';
  if (hour < 17) return 'Good afternoon';
  return 'Good evening';
}

export function LaterFiguresNote({ children }: { children: ReactNode }) {
  return (
    <LaterReleaseNote title="The dashboard figures arrive with a later release.">{children}</LaterReleaseNote>
  );
}

export function QuickLink({
  to,
  title,
  description,
  icon,
}: {
  to: string;
  title: string;
  description: string;
  icon: ReactNode;
}) {
  return (
    <Link
      to={to}
      className="group flex items-center gap-4 rounded-2xl border border-slate-200 bg-white px-5 py-4 shadow-sm transition hover:border-brand-300 hover:shadow"
    >
      <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-xl bg-slate-100 text-slate-600 group-hover:bg-brand-50 group-hover:text-brand-700">
        {icon}
      </span>
      <span className="min-w-0 flex-1">
        <span className="block text-sm font-medium text-slate-900">{title}</span>
        <span className="block text-sm text-slate-500">{description}</span>
      </span>
      <ChevronRightIcon className="h-4 w-4 text-slate-400 group-hover:text-brand-700" />
    </Link>
  );
}
