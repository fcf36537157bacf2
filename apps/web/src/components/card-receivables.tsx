// What reversed card payments (refunds, chargebacks) left a client owing: one row per reversed
// payment, how much of it later funding has recovered, and whether it is settled. Shown on the
// client's wallet and on the admin's view of the client; the data comes from each feature's call.
// On a phone only the reference, what is outstanding and the status stay (the rest from sm up).
import type { CardReceivablesView } from '@vendport/shared';
import { formatDate, formatNaira } from '@/lib/format';
import { Badge } from './ui/badge';

export function CardReceivablesTable({ data }: { data: CardReceivablesView }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm" data-testid="card-receivables">
        <thead className="text-xs uppercase tracking-wide text-slate-500">
          <tr>
            <th className="py-2 pr-4 font-medium">Card payment</th>
            <th className="hidden py-2 pr-4 font-medium sm:table-cell">Reversed</th>
            <th className="hidden py-2 pr-4 text-right font-medium sm:table-cell">Owed</th>
            <th className="hidden py-2 pr-4 text-right font-medium sm:table-cell">Recovered</th>
            <th className="py-2 pr-4 text-right font-medium">Outstanding</th>
            <th className="py-2 font-medium">Status</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {data.receivables.map((r) => (
            <tr key={r.id}>
              <td className="break-all py-2 pr-4 font-mono text-xs">{r.reference}</td>
              <td className="hidden py-2 pr-4 sm:table-cell">{formatDate(r.createdAt)}</td>
              <td className="hidden py-2 pr-4 text-right sm:table-cell">{formatNaira(r.amountKobo)}</td>
              <td className="hidden py-2 pr-4 text-right sm:table-cell">{formatNaira(r.recoveredKobo)}</td>
              <td className="py-2 pr-4 text-right font-medium">{formatNaira(r.outstandingKobo)}</td>
              <td className="py-2">
                {r.status === 'OUTSTANDING' ? (
                  <Badge tone="danger">Outstanding</Badge>
                ) : (
                  <Badge tone="success">Settled {formatDate(r.settledAt)}</Badge>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
