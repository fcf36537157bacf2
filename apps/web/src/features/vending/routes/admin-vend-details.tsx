// Any client's vend for admins: details, routing, timeline, Requery (PENDING) and Reverse
// (SUCCESSFUL, password-confirmed).
import { VendDetails } from '../components/vend-details';

export default function AdminVendDetailsRoute() {
  return <VendDetails area="ADMIN" />;
}
