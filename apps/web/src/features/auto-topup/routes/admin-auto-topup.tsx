// One client's auto top-up for the admin (auto-top-up/{id}): the platform switch (password-
// confirmed, PUT corporate-clients/auto-topup), the client's settings, totals, and its subscribers
// and runs under tabs (filters, pager, CSV of the runs).
import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { DetailHeader, LoadingCard } from '@/components/detail-page';
import { PasswordConfirmModal } from '@/components/password-action-modal';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { SuccessModal } from '@/components/ui/success-modal';
import { Tabs } from '@/components/ui/tabs';
import { ApiError } from '@/lib/api-client';
import { envelopeCallbacks } from '@/lib/api-toasts';
import { usePermissions } from '@/lib/permissions';
import { useAdminAutoTopup, useSetPlatformAutoTopup } from '../api/get-admin-auto-topup';
import {
  AdminRunsPanel,
  AdminSettingsCard,
  AdminSubscribersPanel,
  AdminTotals,
} from '../components/admin-panels';

type Tab = 'subscribers' | 'runs';

export default function AdminAutoTopupRoute() {
  const { id = '' } = useParams();
  const { can } = usePermissions();
  const overview = useAdminAutoTopup(id);
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'runs' ? 'runs' : 'subscribers';
  const [switching, setSwitching] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const set = useSetPlatformAutoTopup();
  const d = overview.data;
  const enable = d ? !d.corporate.autoTopUpEnabled : false;

  return (
    <div className="space-y-6">
      <DetailHeader title="Auto Top-up" fetching={overview.isFetching} loadingLabel="Loading auto top-up" />
      {overview.isPending ? (
        <LoadingCard label="Loading auto top-up" />
      ) : overview.isError || !d ? (
        <Alert
          tone="error"
          title={
            overview.error instanceof ApiError && overview.error.status === 404
              ? 'This client does not exist.'
              : 'The client’s auto top-up could not be loaded.'
          }
        >
          <Button variant="link" size="sm" onClick={() => overview.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : (
        <>
          <Card className="flex flex-wrap items-center gap-4 px-6 py-5">
            <div className="min-w-0 flex-1 basis-64">
              <Link
                to={`/admin-dashboard/view-corporate-client/${d.corporate.id}`}
                className="truncate text-lg font-semibold text-slate-900 hover:underline"
                data-testid="auto-topup-client"
              >
                {d.corporate.name}
              </Link>
              <div className="mt-1 flex flex-wrap items-center gap-2">
                {d.corporate.autoTopUpEnabled ? (
                  <Badge tone="success">Auto top-up enabled</Badge>
                ) : (
                  <Badge tone="neutral">Auto top-up disabled</Badge>
                )}
                {d.settings.enabled ? (
                  <Badge tone="info">Client switch on</Badge>
                ) : (
                  <Badge tone="neutral">Client switch off</Badge>
                )}
              </div>
            </div>
            {can('clients.manage') ? (
              <Button variant={enable ? 'primary' : 'danger'} onClick={() => setSwitching(true)}>
                {enable ? 'Enable auto top-up' : 'Disable auto top-up'}
              </Button>
            ) : null}
          </Card>
          <AdminTotals data={d} />
          <AdminSettingsCard data={d} />
          <div>
            <Tabs
              label="Auto top-up lists"
              items={[
                { value: 'subscribers', label: 'Subscribers' },
                { value: 'runs', label: 'Runs' },
              ]}
              value={tab}
              onChange={(next) => setParams(new URLSearchParams(next === 'runs' ? { tab: next } : {}))}
            />
            <Card className="overflow-hidden">
              {tab === 'runs' ? (
                <AdminRunsPanel corporateId={id} />
              ) : (
                <AdminSubscribersPanel corporateId={id} />
              )}
            </Card>
          </div>
          <PasswordConfirmModal
            open={switching}
            title={enable ? 'Enable auto top-up' : 'Disable auto top-up'}
            description={
              enable
                ? `${d.corporate.name} will be able to schedule top-ups for its subscribers.`
                : `${d.corporate.name}'s scheduled top-ups will stop running.`
            }
            submitLabel={enable ? 'Enable' : 'Disable'}
            tone={enable ? 'primary' : 'danger'}
            pending={set.isPending}
            onConfirm={(password) =>
              set.mutate(
                { corporateId: d.corporate.id, enabled: enable, password },
                envelopeCallbacks(() => {
                  setSwitching(false);
                  setDone(enable ? 'Auto top-up enabled' : 'Auto top-up disabled');
                }),
              )
            }
            onClose={() => setSwitching(false)}
          />
        </>
      )}
      <SuccessModal
        open={!!done}
        title={done ?? ''}
        message={d ? `${d.corporate.name} has been informed.` : undefined}
        onClose={() => setDone(null)}
      />
    </div>
  );
}
