// Placeholder until this screen's issue lands: title and an honest note, no sample data.
import { LaterReleaseScreen } from '@/components/later-release';

export default function AnalyticsRoute() {
  return (
    <LaterReleaseScreen
      title="Analytics"
      summary="Sales, funding and commission trends across the platform over a chosen period."
    />
  );
}
