// "Sync from provider": VTpass's plan lists against our mappings there, as a proposal nothing has
// acted on yet. New codes (map one to a plan of ours), changed prices and codes VTpass no longer
// lists (deactivate the mapping), each with a checkbox; Accept applies the ticked items after a
// confirmation.
import { koboToNairaString, type ProviderPlanSyncView, type ProviderPlanView } from '@vendport/shared';
import { type ReactNode, useState } from 'react';
import toast from 'react-hot-toast';
import { QueryError } from '@/components/query-error';
import { Button } from '@/components/ui/button';
import { ConfirmModal } from '@/components/ui/confirm-modal';
import { Modal } from '@/components/ui/modal';
import { Spinner } from '@/components/ui/spinner';
import { errorMessages, toastApiError } from '@/lib/api-toasts';
import { networkLabel } from '@/lib/catalogue-labels';
import { countOf, formatNaira } from '@/lib/format';
import { type ProviderPlanChange, useAcceptSync, useSyncProposal } from '../api/provider-plans';

type Proposal = ProviderPlanSyncView;

function Section({
  title,
  hint,
  count,
  children,
}: {
  title: string;
  hint: string;
  count: number;
  children: ReactNode;
}) {
  return (
    <section aria-label={title} className="space-y-2">
      <h3 className="text-sm font-semibold text-slate-900">
        {title} <span className="font-normal text-slate-500">({count})</span>
      </h3>
      <p className="text-xs text-slate-500">{hint}</p>
      {count ? (
        <ul className="divide-y divide-slate-100 rounded-md border border-slate-200">{children}</ul>
      ) : (
        <p className="rounded-md border border-dashed border-slate-200 px-3 py-2 text-sm text-slate-500">
          None.
        </p>
      )}
    </section>
  );
}

function Tick({
  label,
  checked,
  disabled,
  onChange,
}: {
  label: string;
  checked: boolean;
  disabled?: boolean;
  onChange: (v: boolean) => void;
}) {
  return (
    <input
      type="checkbox"
      aria-label={label}
      className="h-4 w-4 shrink-0 rounded border-slate-300 accent-brand-700"
      checked={checked}
      disabled={disabled}
      onChange={(e) => onChange(e.target.checked)}
    />
  );
}

/** The accepted items of a proposal as the API takes them. */
export function acceptedChanges(
  p: Proposal,
  picked: Set<string>,
  newTargets: Record<string, string>,
): ProviderPlanChange[] {
  const naira = (k: number) => koboToNairaString(k);
  return [
    ...p.new
      .filter((n) => picked.has(`new:${n.providerCode}`) && newTargets[n.providerCode])
      .map((n) => ({
        dataPlanId: newTargets[n.providerCode]!,
        providerCode: n.providerCode,
        providerPrice: naira(n.providerPriceKobo),
        active: true,
      })),
    ...p.changed
      .filter((c) => picked.has(`changed:${c.dataPlanId}`))
      .map((c) => ({
        dataPlanId: c.dataPlanId,
        providerCode: c.providerCode,
        providerPrice: naira(c.theirsKobo),
        active: true,
      })),
    ...p.removed
      .filter((r) => picked.has(`removed:${r.dataPlanId}`))
      .map((r) => ({
        dataPlanId: r.dataPlanId,
        providerCode: r.providerCode,
        providerPrice: null,
        active: false,
      })),
  ];
}

function ProposalBody({
  proposal,
  plans,
  onClose,
}: {
  proposal: Proposal;
  plans: ProviderPlanView[];
  onClose: () => void;
}) {
  const accept = useAcceptSync();
  // Changed prices and withdrawn codes are ticked by default; a new code needs a plan first.
  const [picked, setPicked] = useState(
    () =>
      new Set([
        ...proposal.changed.map((c) => `changed:${c.dataPlanId}`),
        ...proposal.removed.map((r) => `removed:${r.dataPlanId}`),
      ]),
  );
  const [targets, setTargets] = useState<Record<string, string>>({});
  const [confirming, setConfirming] = useState(false);
  const toggle = (key: string, on: boolean) =>
    setPicked((s) => {
      const next = new Set(s);
      if (on) next.add(key);
      else next.delete(key);
      return next;
    });
  const changes = acceptedChanges(proposal, picked, targets);
  const taken = new Set([
    ...Object.values(targets),
    ...proposal.changed.map((c) => c.dataPlanId),
    ...proposal.removed.map((r) => r.dataPlanId),
  ]);
  const nothing = !proposal.new.length && !proposal.changed.length && !proposal.removed.length;

  const submit = () =>
    accept.mutate(
      { provider: proposal.provider, changes },
      {
        onSuccess: (res) => {
          setConfirming(false);
          if (res.success === false) {
            toast.error(res.message || 'The changes could not be applied.');
            return;
          }
          toast.success(res.message);
          onClose();
        },
        onError: (e) => {
          setConfirming(false);
          toastApiError(e);
        },
      },
    );

  if (nothing) {
    return (
      <div className="space-y-4">
        <p className="text-sm text-slate-600">
          Our {proposal.provider} codes and prices match what it lists. Nothing to change.
        </p>
        <div className="flex justify-end">
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
        </div>
      </div>
    );
  }
  return (
    <div className="space-y-5">
      <div className="max-h-[55vh] space-y-5 overflow-y-auto pr-1">
        <Section
          title="Changed prices"
          hint="Mapped plans whose provider price is not the one we recorded."
          count={proposal.changed.length}
        >
          {proposal.changed.map((c) => {
            const key = `changed:${c.dataPlanId}`;
            return (
              <li key={key} className="flex items-center gap-3 px-3 py-2 text-sm">
                <Tick label={`Update ${c.code}`} checked={picked.has(key)} onChange={(v) => toggle(key, v)} />
                <div className="min-w-0 flex-1">
                  <div className="font-mono text-xs text-slate-800">{c.code}</div>
                  <div className="text-xs text-slate-500">
                    {networkLabel(c.network)} · {c.providerCode}
                  </div>
                </div>
                <span className="tabular-nums text-slate-500 line-through">
                  {c.oursKobo == null ? 'No price' : formatNaira(c.oursKobo)}
                </span>
                <span aria-hidden="true">→</span>
                <span className="font-medium tabular-nums text-slate-900">{formatNaira(c.theirsKobo)}</span>
              </li>
            );
          })}
        </Section>
        <Section
          title="No longer listed"
          hint="Mapped codes the provider no longer lists: accepting deactivates the mapping."
          count={proposal.removed.length}
        >
          {proposal.removed.map((r) => {
            const key = `removed:${r.dataPlanId}`;
            return (
              <li key={key} className="flex items-center gap-3 px-3 py-2 text-sm">
                <Tick
                  label={`Deactivate ${r.code}`}
                  checked={picked.has(key)}
                  onChange={(v) => toggle(key, v)}
                />
                <div className="min-w-0 flex-1">
                  <div className="font-mono text-xs text-slate-800">{r.code}</div>
                  <div className="text-xs text-slate-500">
                    {networkLabel(r.network)} · {r.providerCode}
                  </div>
                </div>
              </li>
            );
          })}
        </Section>
        <Section
          title="New codes"
          hint="Listed by the provider, mapped to none of our plans. Choose a plan of ours to map one."
          count={proposal.new.length}
        >
          {proposal.new.map((n) => {
            const key = `new:${n.providerCode}`;
            const options = plans.filter(
              (p) =>
                p.network === n.network &&
                (!taken.has(p.dataPlanId) || targets[n.providerCode] === p.dataPlanId),
            );
            return (
              <li key={key} className="flex flex-wrap items-center gap-3 px-3 py-2 text-sm">
                <Tick
                  label={`Map ${n.providerCode}`}
                  checked={picked.has(key) && !!targets[n.providerCode]}
                  disabled={!targets[n.providerCode]}
                  onChange={(v) => toggle(key, v)}
                />
                <div className="min-w-0 flex-1">
                  <div className="font-mono text-xs text-slate-800">{n.providerCode}</div>
                  <div className="text-xs text-slate-500">
                    {networkLabel(n.network)} · {n.name}
                  </div>
                </div>
                <span className="tabular-nums text-slate-900">{formatNaira(n.providerPriceKobo)}</span>
                <select
                  aria-label={`Plan for ${n.providerCode}`}
                  className="w-44 rounded-md border border-slate-300 px-2 py-1 text-xs"
                  value={targets[n.providerCode] ?? ''}
                  onChange={(e) => {
                    const v = e.target.value;
                    setTargets((t) => ({ ...t, [n.providerCode]: v }));
                    toggle(key, !!v);
                  }}
                >
                  <option value="">Not mapped</option>
                  {options.map((p) => (
                    <option key={p.dataPlanId} value={p.dataPlanId}>
                      {p.code}
                    </option>
                  ))}
                </select>
              </li>
            );
          })}
        </Section>
      </div>
      <div className="flex items-center justify-end gap-3 border-t border-slate-100 pt-3">
        <span className="mr-auto text-sm text-slate-500">{countOf(changes.length, 'change')} selected</span>
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button disabled={!changes.length} onClick={() => setConfirming(true)}>
          Accept
        </Button>
      </div>
      <ConfirmModal
        open={confirming}
        title="Apply the selected changes"
        message={`${countOf(changes.length, 'mapping')} at ${proposal.provider} will change. Vends route by these codes from now on.`}
        confirmLabel="Apply changes"
        loading={accept.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={submit}
      />
    </div>
  );
}

export function ProviderSyncModal({ plans, onClose }: { plans: ProviderPlanView[]; onClose: () => void }) {
  const proposal = useSyncProposal('VTPASS', true);
  return (
    <Modal
      open
      onClose={onClose}
      size="lg"
      title="Sync from VTpass"
      description="What VTpass lists now against our codes there. Nothing changes until you accept."
    >
      {proposal.isPending ? (
        <div className="flex items-center gap-2 py-8 text-sm text-slate-500" role="status">
          <Spinner /> Reading VTpass's plan lists…
        </div>
      ) : proposal.isError ? (
        <QueryError
          title={errorMessages(proposal.error)[0] ?? 'The sync could not be read.'}
          onRetry={() => proposal.refetch()}
        />
      ) : (
        <ProposalBody proposal={proposal.data} plans={plans} onClose={onClose} />
      )}
    </Modal>
  );
}
