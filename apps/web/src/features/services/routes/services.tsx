// Placeholder until this screen's issue lands: title and an honest note, no sample data.
import { LaterReleaseScreen } from '@/components/later-release';

export default function ServicesRoute() {
  return (
    <LaterReleaseScreen
      title="Services"
      summary="Airtime and data services per network and platform, with their commission rates and status."
    />
  );
}
