// Placeholder until this screen's issue lands: title and an honest note, no sample data.
import { LaterReleaseScreen } from '@/components/later-release';

export default function BusinessAccountRoute() {
  return (
    <LaterReleaseScreen
      title="Business Account"
      summary="The client’s funding and balance overview, business details and attached documents, with password-confirmed approval or decline."
      showBack
    />
  );
}
