// Placeholder until this screen's issue lands: title and an honest note, no sample data.
import { LaterReleaseScreen } from '@/components/later-release';

export default function AuditTrailRoute() {
  return (
    <LaterReleaseScreen
      title="Audit Trail"
      summary="Who did what and when, from which IP address, with filters by date, action and person."
    />
  );
}
