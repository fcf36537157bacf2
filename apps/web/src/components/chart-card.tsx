// A chart in its card: heading, optional description, a spinner while the figures load.
import type { ComponentProps, ReactNode } from 'react';
import { Chart } from './chart';
import { Card, CardHeader } from './ui/card';
import { Spinner } from './ui/spinner';

export function ChartCard({
  heading,
  description,
  loading = false,
  ...chart
}: { heading: string; description?: ReactNode; loading?: boolean } & ComponentProps<typeof Chart>) {
  return (
    <Card className="overflow-hidden">
      <CardHeader title={heading} description={description} />
      <div className="px-2 py-4 sm:px-4">
        {loading ? (
          <div className="flex items-center justify-center" style={{ height: chart.height ?? 260 }}>
            <Spinner className="h-6 w-6 text-brand-700" />
          </div>
        ) : (
          <Chart {...chart} />
        )}
      </div>
    </Card>
  );
}
