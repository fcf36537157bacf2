// Route error boundary: a render error or a failed lazy chunk (e.g. after a new deployment).
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Button } from '@/components/ui/button';

export function RouteError() {
  const error = useRouteError();
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : 'Unknown error';
  return (
    <main className="flex min-h-full flex-col items-center justify-center px-6 py-16 text-center">
      <h1 className="text-2xl font-semibold text-slate-900">This page failed to load</h1>
      <p className="mt-3 max-w-md text-sm text-slate-500">
        Reloading usually fixes it. If it keeps happening, contact support with this message:
      </p>
      <code className="mt-3 max-w-lg break-words rounded-lg bg-slate-100 px-3 py-2 text-xs text-slate-700">
        {message}
      </code>
      <div className="mt-6 flex gap-3">
        <Button onClick={() => window.location.reload()}>Reload page</Button>
        <Button variant="secondary" onClick={() => window.location.assign('/')}>
          Go to start
        </Button>
      </div>
    </main>
  );
}
