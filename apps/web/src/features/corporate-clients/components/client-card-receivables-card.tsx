// A client's card reversals on its screen (funding.read): what reversed card payments left it
// owing, recovered from its later funding; its live vending is suspended while any is outstanding.
import { CardReceivablesTable } from '@/components/card-receivables';
import { Badge } from '@/components/ui/badge';
import { Card, CardHeader } from '@/components/ui/card';
import { Stat } from '@/components/ui/stat';
import { formatNaira } from '@/lib/format';
import { useClientCardReceivables } from '../api/get-client-card-receivables';

export function ClientCardReceivablesCard({ corporateId }: { corporateId: string }) {
  const { data } = useClientCardReceivables(corporateId);
  // Nothing to say about a client whose card payments were never reversed after crediting.
  if (!data || data.receivables.length === 0) return null;
  return (
    <Card>
      <CardHeader
        title="Card reversals owed"
        description="Card payments reversed by the gateway after they were credited, where the wallet could not give the money back. Later funding recovers them first."
        actions={
          data.vendingSuspended ? (
            <Badge tone="danger">Vending suspended</Badge>
          ) : (
            <Badge tone="success">Settled</Badge>
          )
        }
      />
      <div className="space-y-4 px-6 py-5" data-testid="client-card-receivables">
        <Stat label="Outstanding receivable" value={formatNaira(data.outstandingKobo)} />
        <CardReceivablesTable data={data} />
      </div>
    </Card>
  );
}
