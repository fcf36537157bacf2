// The frame of a detail screen reached from a list: its title with a spinner while the data
// loads or refetches and a Back button (the previous page), and the card shown until it arrives.
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Button } from './ui/button';
import { Card } from './ui/card';
import { ArrowLeftIcon } from './ui/icons';
import { PageHeader } from './ui/page-header';
import { Spinner } from './ui/spinner';

export function DetailHeader({
  title,
  fetching,
  loadingLabel,
  description,
}: {
  title: string;
  fetching: boolean;
  loadingLabel: string;
  description?: ReactNode;
}) {
  const navigate = useNavigate();
  return (
    <PageHeader
      title={title}
      description={description}
      actions={
        <>
          {fetching ? <Spinner className="h-5 w-5 text-brand-700" label={loadingLabel} /> : null}
          <Button
            variant="secondary"
            leftIcon={<ArrowLeftIcon className="h-4 w-4" />}
            onClick={() => navigate(-1)}
          >
            Back
          </Button>
        </>
      }
    />
  );
}

export function LoadingCard({ label }: { label: string }) {
  return (
    <Card className="flex justify-center py-16 text-brand-700">
      <Spinner className="h-7 w-7" label={label} />
    </Card>
  );
}
