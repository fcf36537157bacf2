// A client's vend: details, timeline, and Requery while it is PENDING.
import { VendDetails } from '../components/vend-details';

export default function VendDetailsRoute() {
  return <VendDetails area="CORPORATE" />;
}
