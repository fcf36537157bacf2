// The honest stand-in for screens, or parts of screens, whose content ships in a later issue: the
// title, what it will hold, and a plain "Not available yet" (a still icon and a badge, nothing
// that looks like loading, so nobody waits for it). No sample data, no buttons that do nothing,
// and no raw ids from the URL.
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Badge } from './ui/badge';
import { Button } from './ui/button';
import { Card } from './ui/card';
import { ArrowLeftIcon, InfoIcon } from './ui/icons';
import { PageHeader } from './ui/page-header';

export const NOT_AVAILABLE_YET = 'Not available yet';

export type LaterReleaseScreenProps = {
  title: string;
  /** What the screen will let the user do, in a sentence or two. */
  summary: ReactNode;
  /** Detail screens reached from a list offer a way back. */
  showBack?: boolean;
};

export function LaterReleaseScreen({ title, summary, showBack = false }: LaterReleaseScreenProps) {
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
          <span className="mb-4 flex h-12 w-12 items-center justify-center rounded-full bg-slate-100 text-slate-500">
            <InfoIcon className="h-6 w-6" />
          </span>
          <Badge tone="neutral">{NOT_AVAILABLE_YET}</Badge>
          <p className="mt-3 text-base font-medium text-slate-900">
            This screen arrives with a later release.
          </p>
          <p className="mt-2 text-sm leading-6 text-slate-500">{summary}</p>
        </div>
      </Card>
    </div>
  );
}

/** The same note for a part of a screen that is not built yet (dashboard figures, trends). */
export function LaterReleaseNote({ title, children }: { title: ReactNode; children?: ReactNode }) {
  return (
    <Card className="flex items-start gap-4 px-6 py-5">
      <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-slate-100 text-slate-500">
        <InfoIcon className="h-5 w-5" />
      </span>
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-2">
          <p className="text-sm font-medium text-slate-900">{title}</p>
          <Badge tone="neutral">{NOT_AVAILABLE_YET}</Badge>
        </div>
        {children ? <p className="mt-1 text-sm leading-6 text-slate-500">{children}</p> : null}
      </div>
    </Card>
  );
}
