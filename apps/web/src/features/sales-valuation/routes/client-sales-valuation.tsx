// Placeholder until this screen's issue lands: title and an honest note, no sample data.
import { LaterReleaseScreen } from '@/components/later-release';

export default function ClientSalesValuationRoute() {
  return (
    <LaterReleaseScreen
      title="Sales Valuation"
      summary="The value and count of one corporate client’s sales over a chosen period, by network and service."
      showBack
    />
  );
}
