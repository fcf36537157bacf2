// Shared pieces of the two home screens.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Card } from '@/components/ui/card';
import { ChevronRightIcon, SparkIcon } from '@/components/ui/icons';

export function greeting(hour: number): string {
  if (hour < 12) return 'Good morning';
  if (hour < 17) return 'Good afternoon';
  return 'Good evening';
}

export function LaterFiguresNote({ children }: { children: ReactNode }) {
  return (
    <Card className="flex items-start gap-4 px-6 py-5">
      <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
        <SparkIcon className="h-5 w-5" />
      </span>
      <div>
        <p className="text-sm font-medium text-slate-900">
          The dashboard figures arrive with a later release.
        </p>
        <p className="mt-1 text-sm leading-6 text-slate-500">{children}</p>
      </div>
    </Card>
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
