// Placeholder until this screen's issue lands: title and an honest note, no sample data.
import { LaterReleaseScreen } from '@/components/later-release';

export default function SalesValuationRoute() {
  return (
    <LaterReleaseScreen
      title="Sales Valuation"
      summary="The value and count of your airtime and data sales over a chosen period, by network and service."
    />
  );
}
