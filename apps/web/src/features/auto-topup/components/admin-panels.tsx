// The admin's auto top-up screen's parts: the client's settings and totals, and the two lists
// (subscribers, runs), one at a time under tabs so that the one pager in the URL is unambiguous.
import type { AdminAutoTopupView } from '@vendport/shared';
import type { ReactNode } from 'react';
import { ExportCsvButton } from '@/components/export-csv-button';
import { QueryError } from '@/components/query-error';
import { Badge } from '@/components/ui/badge';
import { Card, CardHeader } from '@/components/ui/card';
import { FilterBar } from '@/components/ui/filter-bar';
import { Pager } from '@/components/ui/pager';
import { Stat } from '@/components/ui/stat';
import { formatShortDateTime } from '@/lib/format';
import { adminRunsPath, useAdminRuns, useAdminSubscribers } from '../api/get-admin-auto-topup';
import { hasRunFilters, RUN_FILTER_FIELDS, RunsTable, useRunFilters } from './runs-table';
import { POLICY_OPTIONS } from './settings-form';
import { SUBSCRIBER_FILTER_FIELDS, SubscribersTable, useSubscriberFilters } from './subscribers-table';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className="mt-1 text-sm font-medium text-slate-900">{children}</dd>
    </div>
  );
}

export function AdminTotals({ data }: { data: AdminAutoTopupView }) {
  const t = data.totals;
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" data-testid="auto-topup-totals">
      <Card className="px-6 py-5">
        <Stat label="Subscribers" value={t.subscribers} hint={`${t.active} active, ${t.paused} paused`} />
      </Card>
      <Card className="px-6 py-5">
        <Stat label="Runs" value={t.runs} hint={`${t.successful} successful, ${t.notVended} not placed`} />
      </Card>
      <Card className="px-6 py-5">
        <Stat
          label="Topped up"
          value={t.vended}
          hint="Successful top-ups, all time"
          testId="auto-topup-vended"
        />
      </Card>
      <Card className="px-6 py-5">
        <Stat
          label="Spent today"
          value={data.settings.spentToday}
          hint={`This month ${data.settings.spentThisMonth}`}
        />
      </Card>
    </div>
  );
}

export function AdminSettingsCard({ data }: { data: AdminAutoTopupView }) {
  const s = data.settings;
  return (
    <Card>
      <CardHeader
        title="Client settings"
        description="Set by the client on its Auto Top-up Settings screen."
      />
      <dl className="grid gap-5 px-6 py-5 sm:grid-cols-2 lg:grid-cols-3" data-testid="auto-topup-settings">
        <Field label="Platform">
          {data.corporate.autoTopUpEnabled ? (
            <Badge tone="success">Enabled</Badge>
          ) : (
            <Badge tone="neutral">Disabled</Badge>
          )}
        </Field>
        <Field label="Client switch">{s.enabled ? 'On' : 'Off'}</Field>
        <Field label="Default time">{s.defaultTime} (Lagos)</Field>
        <Field label="Daily cap">{s.dailyCap ?? 'No cap'}</Field>
        <Field label="Monthly cap">{s.monthlyCap ?? 'No cap'}</Field>
        <Field label="Wallet short">
          {POLICY_OPTIONS.find((p) => p.value === s.insufficientFundsPolicy)?.label ??
            s.insufficientFundsPolicy}
        </Field>
        <Field label="Last changed">{s.updatedAt ? formatShortDateTime(s.updatedAt) : '—'}</Field>
      </dl>
    </Card>
  );
}

export function AdminSubscribersPanel({ corporateId }: { corporateId: string }) {
  const filters = useSubscriberFilters();
  const list = useAdminSubscribers(corporateId, filters);
  return (
    <>
      <FilterBar label="Subscriber filters" fields={SUBSCRIBER_FILTER_FIELDS} />
      {list.isError ? (
        <div className="p-6">
          <QueryError title="The subscribers could not be loaded." onRetry={() => list.refetch()} />
        </div>
      ) : (
        <SubscribersTable
          rows={list.data?.data ?? []}
          loading={list.isPending}
          emptyText={
            filters.search || filters.status
              ? 'No subscribers match these filters.'
              : 'This client has no subscribers.'
          }
        />
      )}
      {list.data ? (
        <Pager
          hasMorePages={list.data.hasMorePages}
          lastPage={list.data.lastPage}
          disabled={list.isFetching}
        />
      ) : null}
    </>
  );
}

export function AdminRunsPanel({ corporateId }: { corporateId: string }) {
  const filters = useRunFilters();
  const runs = useAdminRuns(corporateId, filters);
  return (
    <>
      <div className="flex justify-end px-4 pt-4">
        <ExportCsvButton
          path={adminRunsPath(corporateId)}
          query={filters}
          fallbackName="auto-topup-runs"
          disabled={!runs.data || runs.data.total === 0}
        />
      </div>
      <FilterBar label="Run filters" fields={RUN_FILTER_FIELDS} />
      {runs.isError ? (
        <div className="p-6">
          <QueryError title="The runs could not be loaded." onRetry={() => runs.refetch()} />
        </div>
      ) : (
        <RunsTable
          rows={runs.data?.data ?? []}
          loading={runs.isPending}
          vendPath="/admin-dashboard/vending-history"
          emptyText={
            hasRunFilters(filters)
              ? 'No runs match these filters.'
              : 'This client has no auto top-up runs yet.'
          }
        />
      )}
      {runs.data ? (
        <Pager
          hasMorePages={runs.data.hasMorePages}
          lastPage={runs.data.lastPage}
          nextCursor={runs.data.nextCursor}
          prevCursor={runs.data.prevCursor}
          totalIsEstimate={runs.data.totalIsEstimate}
          disabled={runs.isFetching}
        />
      ) : null}
    </>
  );
}
