// The body of a settings card that waits for one query: a spinner while it loads, the query's
// error with Retry when it fails, the card's content once its data is there.
import type { ReactNode } from 'react';
import { QueryError } from '@/components/query-error';
import { Spinner } from '@/components/ui/spinner';

export function CardQueryState<T>({
  query,
  what,
  children,
}: {
  query: { isPending: boolean; isError: boolean; data: T | undefined; refetch: () => unknown };
  /** "Your statement settings": used in the loading label and the error title. */
  what: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending)
    return (
      <div className="flex justify-center py-8 text-brand-700">
        <Spinner className="h-6 w-6" label={`Loading ${what.toLowerCase()}`} />
      </div>
    );
  if (query.isError || query.data === undefined)
    return (
      <div className="p-6">
        <QueryError title={`${what} could not be loaded.`} onRetry={() => query.refetch()} />
      </div>
    );
  return <>{children(query.data)}</>;
}
