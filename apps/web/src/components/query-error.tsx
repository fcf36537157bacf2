// A query that failed: the one alert that says what could not be loaded, with a way to try again.
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';

export function QueryError({ title, onRetry }: { title: string; onRetry?: () => void }) {
  return (
    <Alert tone="error" title={title}>
      {onRetry ? (
        <Button variant="link" size="sm" onClick={onRetry}>
          Try again
        </Button>
      ) : null}
    </Alert>
  );
}
