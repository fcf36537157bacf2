// Admin sales valuation of one client (spec §2 sales-valuation/{id}), reached from the client's
// view: the same report as the client's own, for the client in the path (checked by the API).
import { useParams } from 'react-router';
import { DetailHeader } from '@/components/detail-page';
import { ValuationReport } from '../components/valuation-report';

export default function ClientSalesValuationRoute() {
  const { id = '' } = useParams();
  return (
    <div>
      <DetailHeader
        title="Sales Valuation"
        fetching={false}
        loadingLabel="Loading"
        description="The value and count of one corporate client’s sales over a chosen period, by network and service."
      />
      <ValuationReport clientId={id} />
    </div>
  );
}
