// Auto top-up subscribers (client): add, edit, pause or resume, remove (confirmed), import from
// CSV, and Run now; each with its schedule and next run (Lagos), searchable, with the pager.
import type { AutoTopupSubscriberView } from '@vendport/shared';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { QueryError } from '@/components/query-error';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmModal } from '@/components/ui/confirm-modal';
import { FilterBar } from '@/components/ui/filter-bar';
import { PageHeader } from '@/components/ui/page-header';
import { Pager } from '@/components/ui/pager';
import { envelopeCallbacks } from '@/lib/api-toasts';
import { usePermissions } from '@/lib/permissions';
import { usePauseSubscriber, useRemoveSubscriber } from '../api/change-subscriber';
import { useAutoTopupSettings } from '../api/get-settings';
import { useSubscribers } from '../api/get-subscribers';
import { useRunSubscriberNow } from '../api/run-subscriber-now';
import { AutoTopupGate } from '../components/auto-topup-gate';
import { ImportSubscribersModal } from '../components/import-subscribers-modal';
import { SubscriberFormModal } from '../components/subscriber-form-modal';
import {
  SUBSCRIBER_FILTER_FIELDS,
  SubscribersTable,
  useSubscriberFilters,
} from '../components/subscribers-table';

type Editing = { subscriber: AutoTopupSubscriberView | null } | null;

function SubscribersScreen() {
  const filters = useSubscriberFilters();
  const list = useSubscribers(filters);
  const settings = useAutoTopupSettings();
  const [editing, setEditing] = useState<Editing>(null);
  const [importing, setImporting] = useState(false);
  const [removing, setRemoving] = useState<AutoTopupSubscriberView | null>(null);
  const pause = usePauseSubscriber();
  const remove = useRemoveSubscriber();
  const runNow = useRunSubscriberNow();
  const off = settings.data && !settings.data.enabled;
  // autotopup.read views the list; adding, importing, running, editing and removing need manage.
  const manage = usePermissions().can('autotopup.manage');

  const actions = (s: AutoTopupSubscriberView) => (
    <div className="flex justify-end gap-1">
      <Button
        size="sm"
        variant="secondary"
        disabled={s.paused || off || (runNow.isPending && runNow.variables === s.id)}
        loading={runNow.isPending && runNow.variables === s.id}
        onClick={() =>
          runNow.mutate(s.id, {
            ...envelopeCallbacks(),
            // A run that was answered but did not vend says so as an error.
            onSuccess: (res) =>
              res.success !== false && res.data?.status !== 'SUCCESSFUL' && res.data?.status !== 'PENDING'
                ? toast.error(res.message)
                : envelopeCallbacks().onSuccess(res),
          })
        }
      >
        Run now
      </Button>
      <Button size="sm" variant="ghost" onClick={() => setEditing({ subscriber: s })}>
        Edit
      </Button>
      <Button
        size="sm"
        variant="ghost"
        onClick={() => pause.mutate({ id: s.id, paused: !s.paused }, envelopeCallbacks())}
      >
        {s.paused ? 'Resume' : 'Pause'}
      </Button>
      <Button size="sm" variant="ghost" className="text-red-700" onClick={() => setRemoving(s)}>
        Remove
      </Button>
    </div>
  );

  return (
    <div className="space-y-6">
      <PageHeader
        title="Auto Top-up Subscribers"
        description="The lines your company tops up on a schedule. Times are Lagos time."
        actions={
          manage ? (
            <>
              <Button variant="secondary" onClick={() => setImporting(true)}>
                Import CSV
              </Button>
              <Button onClick={() => setEditing({ subscriber: null })}>Add subscriber</Button>
            </>
          ) : undefined
        }
      />
      {off ? (
        <Alert tone="warning" title="Auto top-up is off">
          Scheduled top-ups do not run until you turn auto top-up on in Auto Top-up Settings.
        </Alert>
      ) : null}
      <Card className="overflow-hidden">
        <FilterBar label="Subscriber filters" fields={SUBSCRIBER_FILTER_FIELDS} />
        {list.isError ? (
          <div className="p-6">
            <QueryError title="Your subscribers could not be loaded." onRetry={() => list.refetch()} />
          </div>
        ) : (
          <div className={list.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}>
            <SubscribersTable
              rows={list.data?.data ?? []}
              loading={list.isPending}
              actions={manage ? actions : undefined}
              emptyText={
                (list.data?.total ?? 0) > 0
                  ? 'Nothing on this page. Go back to the first page.'
                  : filters.search || filters.status
                    ? 'No subscribers match these filters.'
                    : 'No subscribers yet. Add one, or import a CSV of them.'
              }
            />
          </div>
        )}
        {list.data ? (
          <Pager
            hasMorePages={list.data.hasMorePages}
            lastPage={list.data.lastPage}
            disabled={list.isFetching}
          />
        ) : null}
      </Card>
      {editing ? (
        <SubscriberFormModal
          subscriber={editing.subscriber}
          defaultTime={settings.data?.defaultTime ?? '08:00'}
          onClose={() => setEditing(null)}
        />
      ) : null}
      {importing ? <ImportSubscribersModal onClose={() => setImporting(false)} /> : null}
      <ConfirmModal
        open={!!removing}
        title="Remove subscriber"
        message={
          removing ? `${removing.name} will no longer be topped up. Past top-ups stay in the history.` : ''
        }
        confirmLabel="Remove"
        tone="danger"
        loading={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() =>
          removing &&
          remove.mutate(
            removing.id,
            envelopeCallbacks(() => setRemoving(null)),
          )
        }
      />
    </div>
  );
}

export default function AutoTopupSubscribersRoute() {
  return (
    <AutoTopupGate title="Auto Top-up Subscribers">
      <SubscribersScreen />
    </AutoTopupGate>
  );
}
