// Client sales valuation (spec §2 sales-valuation): the value and count of the client's own vends
// per network and service over a period, with commission and net cost, read in chunks.
import { Alert } from '@/components/ui/alert';
import { PageHeader } from '@/components/ui/page-header';
import { useSession } from '@/lib/session';
import { ValuationReport } from '../components/valuation-report';

export default function SalesValuationRoute() {
  const { user } = useSession();
  const corporateId = user?.corporate?.id;
  return (
    <div>
      <PageHeader
        title="Sales Valuation"
        description="The value and count of your airtime and data sales over a chosen period, by network and service."
      />
      {corporateId ? (
        <ValuationReport clientId={corporateId} />
      ) : (
        <Alert tone="info" title="Sales valuation is for a business account." />
      )}
    </div>
  );
}
