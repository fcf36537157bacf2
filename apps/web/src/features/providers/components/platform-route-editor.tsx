// One platform's provider order (issue 32): the providers its vends go through, in failover order.
// Admins holding services.manage move them up and down, add a usable provider, remove one, and
// save after a confirmation that says where vends go from then on. An empty list turns the
// platform off, and the card says so in plain words. The API takes no password for this change,
// as for a service's platform, so none is asked.
import {
  type PlatformRouteView,
  UPSTREAM_PROVIDER_LABELS,
  type UpstreamProvider,
  type UpstreamProviderView,
} from '@vendport/shared';
import { useEffect, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardHeader } from '@/components/ui/card';
import { ConfirmModal } from '@/components/ui/confirm-modal';
import { Select } from '@/components/ui/select';
import { toastApiError, toastApiResult } from '@/lib/api-toasts';
import { platformLabel } from '@/lib/catalogue-labels';
import { useSaveProviderRoutes } from '../api/save-provider-routes';

const nameOf = (id: UpstreamProvider) => UPSTREAM_PROVIDER_LABELS[id] ?? id;

/** The plain-words reason a platform with no provider takes no vends. */
export const offNote = (platform: string) => `No provider: ${platform} vends are off until one is set`;

export function PlatformRouteEditor({
  route,
  providers,
  manage,
}: {
  route: PlatformRouteView;
  providers: UpstreamProviderView[];
  manage: boolean;
}) {
  const [draft, setDraft] = useState<UpstreamProvider[]>(route.providers);
  const [adding, setAdding] = useState('');
  const [confirming, setConfirming] = useState(false);
  const save = useSaveProviderRoutes();
  const saved = route.providers.join(',');
  // A fresh answer from the server (after a save, or another admin's) replaces the draft.
  useEffect(() => setDraft(saved ? (saved.split(',') as UpstreamProvider[]) : []), [saved]);

  const changed = draft.join(',') !== saved;
  const offered = providers.filter((p) => p.usable && !draft.includes(p.id));
  const label = platformLabel(route.platform);

  const move = (i: number, by: -1 | 1) =>
    setDraft((d) => {
      const next = [...d];
      [next[i], next[i + by]] = [next[i + by], next[i]];
      return next;
    });
  const remove = (i: number) => setDraft((d) => d.filter((_, j) => j !== i));
  const add = () => {
    if (!adding) return;
    setDraft((d) => [...d, adding as UpstreamProvider]);
    setAdding('');
  };
  const confirm = () =>
    save.mutate(
      { platform: route.platform, providers: draft },
      {
        onSuccess: (res) => {
          toastApiResult(res);
          if (res.success !== false) setConfirming(false);
        },
        onError: toastApiError,
      },
    );

  return (
    <Card aria-label={`${label} provider order`}>
      <CardHeader
        title={`${label} platform`}
        description={
          route.source === 'ADMIN'
            ? 'Order saved on this screen; it wins over the server environment.'
            : 'From the server environment until an order is saved here.'
        }
        actions={
          <Badge tone={route.source === 'ADMIN' ? 'info' : 'neutral'}>
            {route.source === 'ADMIN' ? 'Set here' : 'Environment'}
          </Badge>
        }
      />
      <div className="space-y-4 px-6 py-4">
        {draft.length === 0 ? (
          <Alert tone="warning" title={offNote(route.platform)}>
            {route.note && route.note !== offNote(route.platform) && !changed ? route.note : null}
            {manage ? ' Add a provider and save to turn it back on.' : null}
          </Alert>
        ) : (
          <ol
            className="divide-y divide-slate-100 rounded-lg border border-slate-200"
            aria-label={`${label} providers`}
          >
            {draft.map((id, i) => (
              // Wraps on a phone: the provider's name above its Up, Down and Remove (issue 53 point 7).
              <li key={id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-2.5">
                <div className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1">
                  <span className="flex h-6 w-6 items-center justify-center rounded-full bg-slate-100 text-xs font-semibold tabular-nums text-slate-700">
                    {i + 1}
                  </span>
                  <span className="break-words font-medium text-slate-900">{nameOf(id)}</span>
                  <span className="text-xs text-slate-500">{i === 0 ? 'First choice' : 'Fallback'}</span>
                </div>
                {manage ? (
                  <div className="flex flex-wrap gap-1">
                    <Button
                      variant="ghost"
                      size="sm"
                      aria-label={`Move ${nameOf(id)} up in ${label}`}
                      disabled={i === 0}
                      onClick={() => move(i, -1)}
                    >
                      Up
                    </Button>
                    <Button
                      variant="ghost"
                      size="sm"
                      aria-label={`Move ${nameOf(id)} down in ${label}`}
                      disabled={i === draft.length - 1}
                      onClick={() => move(i, 1)}
                    >
                      Down
                    </Button>
                    <Button
                      variant="ghost"
                      size="sm"
                      aria-label={`Remove ${nameOf(id)} from ${label}`}
                      onClick={() => remove(i)}
                    >
                      Remove
                    </Button>
                  </div>
                ) : null}
              </li>
            ))}
          </ol>
        )}
        {route.unusable.length ? (
          <p className="text-xs text-amber-700">
            Named but not usable on this server (keys not set): {route.unusable.map(nameOf).join(', ')}.
          </p>
        ) : null}
        {manage ? (
          <div className="flex flex-wrap items-end justify-between gap-3">
            <div className="flex min-w-0 flex-wrap items-end gap-2">
              <Select
                label={`Add a provider to ${label}`}
                options={offered.map((p) => ({ value: p.id, label: p.name }))}
                placeholderOption={offered.length ? 'Choose a provider' : 'No other usable provider'}
                value={adding}
                disabled={!offered.length}
                onChange={(e) => setAdding(e.target.value)}
              />
              <Button variant="secondary" onClick={add} disabled={!adding}>
                Add
              </Button>
            </div>
            <div className="flex gap-2">
              <Button variant="ghost" disabled={!changed} onClick={() => setDraft(route.providers)}>
                Reset
              </Button>
              <Button
                aria-label={`Save ${label} order`}
                disabled={!changed}
                onClick={() => setConfirming(true)}
              >
                Save
              </Button>
            </div>
          </div>
        ) : null}
      </div>
      <ConfirmModal
        open={confirming}
        title={`Save the ${label} provider order`}
        message={
          draft.length ? (
            <>
              From now on {label} vends go through{' '}
              <strong className="font-medium text-slate-900">{draft.map(nameOf).join(', then ')}</strong>.
              This order wins over the server environment.
            </>
          ) : (
            <>
              {label} vends <strong className="font-medium text-slate-900">stop</strong> until a provider is
              set. Services that fall back to another platform keep vending through it.
            </>
          )
        }
        confirmLabel={draft.length ? 'Save order' : 'Turn off'}
        tone={draft.length ? 'primary' : 'danger'}
        loading={save.isPending}
        onConfirm={confirm}
        onCancel={() => setConfirming(false)}
      />
    </Card>
  );
}
