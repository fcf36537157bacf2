// What a card payment will cost, as the server computes it (the platform's fee rule, spec §9's
// 1.5%, plus NGN 100 from NGN 2,500, capped at NGN 2,000, unless changed), shown before paying.
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { formatNaira } from '@/lib/format';
import type { CardFee } from '../api/get-card-fee';

export function FeePreview({ fee, updating }: { fee: CardFee | undefined; updating: boolean }) {
  if (!fee)
    return (
      <p className="rounded-lg bg-slate-50 px-4 py-3 text-sm text-slate-500">
        {updating ? 'Calculating the fee…' : 'Enter an amount to see the fee before you pay.'}
      </p>
    );
  return (
    <div
      className={cn('rounded-lg bg-slate-50 px-4 py-3 text-sm transition-opacity', updating && 'opacity-60')}
      data-testid="fee-preview"
      aria-live="polite"
      aria-busy={updating || undefined}
    >
      <dl className="space-y-1.5">
        <div className="flex justify-between gap-4">
          <dt className="text-slate-500">Amount to fund</dt>
          <dd className="font-medium tabular-nums text-slate-800" data-testid="fee-amount">
            {formatNaira(fee.amountKobo)}
          </dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="text-slate-500">Card fee</dt>
          <dd className="font-medium tabular-nums text-slate-800" data-testid="fee-fee">
            {formatNaira(fee.feeKobo)}
          </dd>
        </div>
        <div className="flex justify-between gap-4 border-t border-slate-200 pt-1.5">
          <dt className="font-medium text-slate-700">Total you pay</dt>
          <dd className="font-semibold tabular-nums text-slate-900" data-testid="fee-total">
            {formatNaira(fee.totalKobo)}
          </dd>
        </div>
      </dl>
      <p className="mt-2 flex items-center gap-2 text-xs text-slate-500">
        {updating ? <Spinner className="h-3 w-3" label="Updating the fee" /> : null}
        {fee.capped ? `The fee is capped at ${formatNaira(fee.feeKobo)}.` : `Fee: ${fee.rule}`}
      </p>
    </div>
  );
}
