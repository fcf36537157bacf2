import type { FundRequestView } from '@vendport/shared';
import { formatDate, formatNaira } from '@/lib/format';

/** What the admin is deciding on, shown in the approve and decline modals. */
export function RequestSummary({ request }: { request: FundRequestView }) {
  const rows: Array<[string, string]> = [
    ['Client', request.corporateName],
    ['Request', `${request.code}${request.kind === 'REPAYMENT' ? ' (repayment)' : ''}`],
    ['Amount', formatNaira(request.amountKobo)],
    ['Transfer reference', request.transferReference],
    ['Narration', request.narration],
    ['Requested', formatDate(request.createdAt)],
  ];
  return (
    // Values wrap between words; only a token longer than the column (a long reference) breaks
    // inside, which the minmax(0, ...) column allows.
    <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1.5 rounded-lg bg-slate-50 px-4 py-3 text-sm">
      {rows.map(([k, v]) => (
        <div key={k} className="contents">
          <dt className="text-slate-500">{k}</dt>
          <dd className="break-words font-medium text-slate-800">{v}</dd>
        </div>
      ))}
    </dl>
  );
}
