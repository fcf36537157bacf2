// Provider health (issue 49): each real upstream's circuit breaker (closed, open or half-open, since
// when and why), its last hour of vend calls (delivered, failed, unknown, timed out, refused; p50 and
// p95) and its float; with services.manage, forcing it open or closed (password-confirmed). Kept in
// its own component beside the providers table: the Providers screen only places it.
import { zodResolver } from '@hookform/resolvers/zod';
import {
  BREAKER_STATE_LABELS,
  type ProviderHealthView,
  providerHealthBody,
  type UpstreamProviderView,
} from '@vendport/shared';
import { useState } from 'react';
import { PasswordActionModal } from '@/components/password-action-modal';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { TextInput } from '@/components/ui/text-input';
import { toastApiError, toastApiResult } from '@/lib/api-toasts';
import { formatNaira, formatShortDateTime } from '@/lib/format';
import { useAppForm } from '@/lib/use-app-form';
import { useForceProviderHealth } from '../api/force-provider-health';

const TONE: Record<ProviderHealthView['state'], BadgeTone> = {
  CLOSED: 'success',
  OPEN: 'danger',
  HALF_OPEN: 'warning',
};

const STATE_WORD: Record<ProviderHealthView['state'], string> = {
  CLOSED: 'Closed',
  OPEN: 'Open',
  HALF_OPEN: 'Half-open',
};

const latency = (ms: number | null) =>
  ms === null ? '—' : ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`;

type Target = { provider: UpstreamProviderView; to: 'OPEN' | 'CLOSED' };

function ForceModal({ target, onClose }: { target: Target; onClose: () => void }) {
  const force = useForceProviderHealth();
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors },
  } = useAppForm({
    resolver: zodResolver(providerHealthBody),
    defaultValues: { state: target.to, reason: '', password: '' },
    mode: 'onTouched',
  });
  const opening = target.to === 'OPEN';
  const onSubmit = handleSubmit((v) =>
    force.mutateAsync({ id: target.provider.id, ...v }).then((res) => {
      toastApiResult(res);
      if (res.success !== false) onClose();
    }, toastApiError),
  );
  return (
    <PasswordActionModal
      open
      title={opening ? `Force ${target.provider.name} open` : `Close ${target.provider.name}`}
      description={
        opening
          ? `New vends skip ${target.provider.name} and take the next provider of their route until an admin closes it. Vends already sent to it stay there.`
          : `New vends go to ${target.provider.name} again, with a clean window of calls.`
      }
      submitLabel={opening ? 'Force open' : 'Close breaker'}
      tone={opening ? 'danger' : 'primary'}
      pending={force.isPending}
      passwordEmpty={!watch('password')}
      password={register('password')}
      passwordError={errors.password}
      onSubmit={onSubmit}
      onClose={onClose}
    >
      <TextInput
        label="Reason"
        placeholder={opening ? 'e.g. VTpass maintenance until 14:00' : 'e.g. VTpass confirmed the fix'}
        helperText="Kept in the audit trail and sent to the admins."
        required
        error={!!errors.reason}
        errorMessage={errors.reason?.message}
        {...register('reason')}
      />
    </PasswordActionModal>
  );
}

function Figure({ label, value, tone }: { label: string; value: number; tone?: 'danger' | 'warning' }) {
  const colour =
    value && tone === 'danger'
      ? 'text-red-700'
      : value && tone === 'warning'
        ? 'text-amber-700'
        : 'text-slate-900';
  return (
    <div className="min-w-0">
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className={`font-medium tabular-nums ${colour}`}>{value.toLocaleString('en-NG')}</dd>
    </div>
  );
}

function HealthCard({
  p,
  manage,
  onForce,
}: {
  p: UpstreamProviderView & { health: ProviderHealthView };
  manage: boolean;
  onForce: (t: Target) => void;
}) {
  const h = p.health;
  return (
    <Card className="space-y-3 p-4" aria-label={`${p.name} health`}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <div className="font-medium text-slate-900">{p.name}</div>
          <div className="text-xs text-slate-500">
            {h.since ? `Since ${formatShortDateTime(h.since)}` : 'Never taken out of the route'}
          </div>
        </div>
        <div className="flex flex-wrap items-center gap-1.5">
          <Badge tone={TONE[h.state]}>{STATE_WORD[h.state]}</Badge>
          {h.forced ? <Badge tone="neutral">Forced by an admin</Badge> : null}
        </div>
      </div>
      <p className="text-sm text-slate-600">
        {BREAKER_STATE_LABELS[h.state]}
        {h.reason ? <span className="block break-words text-slate-500">{h.reason}</span> : null}
      </p>
      <dl className="grid grid-cols-3 gap-x-3 gap-y-2 text-sm sm:grid-cols-6">
        <Figure label="Delivered" value={h.lastHour.delivered} />
        <Figure label="Failed" value={h.lastHour.failed} tone="danger" />
        <Figure label="Unknown" value={h.lastHour.unknown} tone="warning" />
        <Figure label="Timed out" value={h.lastHour.timeout} tone="warning" />
        <Figure label="Refused" value={h.lastHour.refused} tone="danger" />
        <div className="min-w-0">
          <dt className="text-xs text-slate-500">p50 / p95</dt>
          <dd className="font-medium tabular-nums text-slate-900">
            {latency(h.lastHour.p50Ms)} / {latency(h.lastHour.p95Ms)}
          </dd>
        </div>
      </dl>
      <div className="flex flex-wrap items-center justify-between gap-2 border-t border-slate-100 pt-3">
        <span className="text-sm text-slate-600">
          Float{' '}
          <span className="font-medium tabular-nums text-slate-900">
            {p.balanceKobo === null ? 'not read yet' : formatNaira(p.balanceKobo)}
          </span>
        </span>
        {manage && p.configured ? (
          h.state === 'CLOSED' ? (
            <Button variant="secondary" size="sm" onClick={() => onForce({ provider: p, to: 'OPEN' })}>
              Force open
            </Button>
          ) : (
            <Button variant="secondary" size="sm" onClick={() => onForce({ provider: p, to: 'CLOSED' })}>
              Close
            </Button>
          )
        ) : null}
      </div>
    </Card>
  );
}

/** The real upstreams' health cards (the simulator has no breaker). */
export function ProviderHealthPanel({
  providers,
  manage,
}: {
  providers: UpstreamProviderView[];
  manage: boolean;
}) {
  const [target, setTarget] = useState<Target | null>(null);
  const real = providers.filter(
    (p): p is UpstreamProviderView & { health: ProviderHealthView } => p.health !== null,
  );
  return (
    <section aria-labelledby="provider-health-heading">
      <h2 id="provider-health-heading" className="mb-1 text-base font-semibold text-slate-900">
        Health
      </h2>
      <p className="mb-3 text-sm text-slate-500">
        A provider that keeps failing is taken out of the route (open): new vends take the next provider, and
        after a cool-down one probe decides whether it comes back. Figures cover the last hour of vend calls.
      </p>
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        {real.map((p) => (
          <HealthCard key={p.id} p={p} manage={manage} onForce={setTarget} />
        ))}
      </div>
      {target ? <ForceModal target={target} onClose={() => setTarget(null)} /> : null}
    </section>
  );
}
