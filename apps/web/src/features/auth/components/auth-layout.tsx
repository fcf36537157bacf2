// The frame of every sign-in screen: a brand panel beside a white form card.
import type { ReactNode } from 'react';
import logoUrl from '@/assets/logo.svg';
import { useDocumentTitle } from '@/lib/use-document-title';

export function AuthLayout({
  title,
  subtitle,
  children,
  footer,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  useDocumentTitle(title);
  return (
    <div className="flex min-h-full">
      <aside className="relative hidden w-[44%] flex-col justify-between overflow-hidden bg-slate-900 p-12 text-white lg:flex">
        <div
          className="pointer-events-none absolute -right-32 -top-32 h-96 w-96 rounded-full bg-brand-600/25 blur-3xl"
          aria-hidden="true"
        />
        <div className="relative flex items-center gap-3">
          <img src={logoUrl} alt="" width={40} height={40} className="h-10 w-10" />
          <span className="text-xl font-semibold tracking-tight">VendPort</span>
        </div>
        <div className="relative max-w-md">
          <h2 className="text-3xl font-semibold leading-tight">
            Airtime and data for your customers, from one wallet.
          </h2>
          <p className="mt-4 text-sm leading-6 text-slate-300">
            Fund once, vend on MTN, Airtel, Glo and 9mobile through the portal or the API, and reconcile every
            naira.
          </p>
        </div>
        <p className="relative text-xs text-slate-400">Amounts in Nigerian naira (NGN).</p>
      </aside>
      <main className="flex flex-1 items-center justify-center px-4 py-10 sm:px-8">
        <div className="w-full max-w-md">
          <div className="mb-8 flex items-center gap-3 lg:hidden">
            <img src={logoUrl} alt="" width={36} height={36} className="h-9 w-9" />
            <span className="text-lg font-semibold tracking-tight text-slate-900">VendPort</span>
          </div>
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{title}</h1>
          {subtitle ? <p className="mt-2 text-sm leading-6 text-slate-500">{subtitle}</p> : null}
          <div className="mt-8">{children}</div>
          {footer ? <div className="mt-8 text-center text-sm text-slate-600">{footer}</div> : null}
        </div>
      </main>
    </div>
  );
}
