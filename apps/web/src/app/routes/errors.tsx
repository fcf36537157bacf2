// Error pages of spec §2/§8: 401, 403, 500, 503, /server-error (plain text) and not-found.
import { Link } from 'react-router';
import logoUrl from '@/assets/logo.svg';
import { useSession } from '@/lib/session';
import { useDocumentTitle } from '@/lib/use-document-title';
import { homeOf } from '../route-guard';

function ErrorPage({ code, title, message }: { code: string; title: string; message: string }) {
  useDocumentTitle(title);
  const { user } = useSession();
  const home = user ? homeOf(user) : '/';
  return (
    <main className="flex min-h-full flex-col items-center justify-center px-6 py-16 text-center">
      <img src={logoUrl} alt="VendPort" width={48} height={48} className="mb-8 h-12 w-12" />
      <p className="text-sm font-semibold tracking-wide text-brand-700">{code}</p>
      <h1 className="mt-2 text-3xl font-semibold tracking-tight text-slate-900">{title}</h1>
      <p className="mt-3 max-w-md text-sm leading-6 text-slate-500">{message}</p>
      <Link
        to={home}
        className="mt-8 inline-flex items-center rounded-lg bg-brand-700 px-4 py-2.5 text-sm font-medium text-white hover:bg-brand-800"
      >
        {user ? 'Back to dashboard' : 'Go to sign in'}
      </Link>
    </main>
  );
}

export function UnauthorizedPage() {
  return (
    <ErrorPage
      code="401"
      title="Unauthorized"
      message="Your session has ended or you are not signed in. Sign in to continue."
    />
  );
}

export function ForbiddenPage() {
  return (
    <ErrorPage
      code="403"
      title="Access denied"
      message="You do not have permission to view this page. Ask an administrator if you need access."
    />
  );
}

export function InternalErrorPage() {
  return (
    <ErrorPage
      code="500"
      title="Something went wrong"
      message="An unexpected error occurred on our side. Please try again in a moment."
    />
  );
}

export function UnavailablePage() {
  return (
    <ErrorPage
      code="503"
      title="Service unavailable"
      message="VendPort is temporarily unavailable, possibly for maintenance. Please try again shortly."
    />
  );
}

export function NotFoundPage() {
  return (
    <ErrorPage
      code="404"
      title="Page not found"
      message="The page you are looking for does not exist or has moved."
    />
  );
}

/** /server-error: plain error text only. */
export function ServerErrorText() {
  useDocumentTitle('Server error');
  return (
    <p className="p-6 text-base text-slate-800">
      Server error. Something went wrong on our side; please try again later.
    </p>
  );
}
