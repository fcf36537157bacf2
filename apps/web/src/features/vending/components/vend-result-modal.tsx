// The outcome of a purchase: SUCCESSFUL, PENDING (the provider has not confirmed yet) or FAILED
// with its reason (the debit reversed), with what was debited and a way to the details.
import type { VendView } from '@vendport/shared';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { CheckIcon, ClockIcon, CloseIcon } from '@/components/ui/icons';
import { Modal } from '@/components/ui/modal';
import { VendStatusBadge } from '@/components/vend-status-badge';
import { networkLabel } from '@/lib/catalogue-labels';
import { cn } from '@/lib/cn';
import { formatNaira } from '@/lib/format';
import { formatMsisdn } from '@/lib/labels';

const LOOK = {
  SUCCESSFUL: { title: 'Purchase successful', icon: CheckIcon, tone: 'bg-emerald-50 text-emerald-600' },
  PENDING: { title: 'Purchase pending', icon: ClockIcon, tone: 'bg-amber-50 text-amber-600' },
  FAILED: { title: 'Purchase failed', icon: CloseIcon, tone: 'bg-red-50 text-red-600' },
  REVERSED: { title: 'Purchase reversed', icon: CloseIcon, tone: 'bg-sky-50 text-sky-600' },
} as const;

export function VendResultModal({
  vend,
  message,
  detailsPath,
  onClose,
}: {
  vend: VendView | null;
  message: string;
  detailsPath: string;
  onClose: () => void;
}) {
  const look = vend ? LOOK[vend.status] : null;
  const Icon = look?.icon ?? CheckIcon;
  return (
    <Modal
      open={!!vend}
      onClose={onClose}
      size="sm"
      hideClose
      ariaLabel={look?.title ?? 'Purchase'}
      footer={
        vend ? (
          <>
            <Link
              to={`${detailsPath}/${vend.id}`}
              className="inline-flex items-center rounded-lg border border-slate-300 bg-white px-4 py-2.5 text-sm font-medium text-slate-700 hover:bg-slate-50"
            >
              View details
            </Link>
            <Button onClick={onClose}>Done</Button>
          </>
        ) : null
      }
    >
      {vend && look ? (
        <div className="flex flex-col items-center pt-2 text-center" data-testid="vend-result">
          <span className={cn('mb-3 flex h-12 w-12 items-center justify-center rounded-full', look.tone)}>
            <Icon className="h-6 w-6" />
          </span>
          <h2 className="text-lg font-semibold text-slate-900">{look.title}</h2>
          <p className="mt-1 text-sm text-slate-600">{message}</p>
          <dl className="mt-4 w-full divide-y divide-slate-100 rounded-lg bg-slate-50 px-4 text-left text-sm">
            <div className="flex justify-between gap-3 py-2">
              <dt className="text-slate-500">Status</dt>
              <dd>
                <VendStatusBadge status={vend.status} />
              </dd>
            </div>
            <div className="flex justify-between gap-3 py-2">
              <dt className="text-slate-500">Reference</dt>
              <dd className="font-mono text-xs text-slate-800">{vend.code}</dd>
            </div>
            <div className="flex justify-between gap-3 py-2">
              <dt className="text-slate-500">Recipient</dt>
              <dd className="text-slate-800">
                {formatMsisdn(vend.phone)} · {networkLabel(vend.network)}
              </dd>
            </div>
            <div className="flex justify-between gap-3 py-2">
              <dt className="text-slate-500">{vend.planName ?? 'Airtime'}</dt>
              <dd className="tabular-nums text-slate-800">{formatNaira(vend.amountKobo)}</dd>
            </div>
            <div className="flex justify-between gap-3 py-2">
              <dt className="text-slate-500">
                {vend.status === 'FAILED' ? 'Debited, then refunded' : 'Debited'}
              </dt>
              <dd className="font-medium tabular-nums text-slate-900">{formatNaira(vend.chargedKobo)}</dd>
            </div>
            {vend.failureReason ? (
              <div className="flex justify-between gap-3 py-2">
                <dt className="text-slate-500">Reason</dt>
                <dd className="text-red-700">{vend.failureReason}</dd>
              </div>
            ) : null}
          </dl>
        </div>
      ) : null}
    </Modal>
  );
}
