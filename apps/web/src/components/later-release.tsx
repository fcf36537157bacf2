// The honest stand-in for screens whose content ships in a later issue: the screen's title,
// what it will hold, and any reference from the URL. No sample data, no buttons that do nothing.
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Button } from './ui/button';
import { Card } from './ui/card';
import { ArrowLeftIcon, SparkIcon } from './ui/icons';
import { PageHeader } from './ui/page-header';

export type LaterReleaseScreenProps = {
  title: string;
  /** What the screen will let the user do, in a sentence or two. */
  summary: ReactNode;
  /** An identifier from the URL, e.g. { label: 'Transaction', value: id }. */
  reference?: { label: string; value: string | undefined };
  /** Detail screens reached from a list offer a way back. */
  showBack?: boolean;
};

export function LaterReleaseScreen({ title, summary, reference, showBack = false }: LaterReleaseScreenProps) {
  const navigate = useNavigate();
  return (
    <div>
      <PageHeader
        title={title}
        actions={
          showBack ? (
            <Button
              variant="secondary"
              leftIcon={<ArrowLeftIcon className="h-4 w-4" />}
              onClick={() => navigate(-1)}
            >
              Back
            </Button>
          ) : undefined
        }
      />
      <Card className="px-6 py-10">
        <div className="mx-auto flex max-w-xl flex-col items-center text-center">
          <span className="mb-4 flex h-12 w-12 items-center justify-center rounded-full bg-brand-50 text-brand-700">
            <SparkIcon className="h-6 w-6" />
          </span>
          <p className="text-base font-medium text-slate-900">This screen arrives with a later release.</p>
          <p className="mt-2 text-sm leading-6 text-slate-500">{summary}</p>
          {reference?.value ? (
            <p className="mt-4 rounded-lg bg-slate-50 px-3 py-1.5 font-mono text-xs text-slate-600">
              {reference.label}: {reference.value}
            </p>
          ) : null}
        </div>
      </Card>
    </div>
  );
}
