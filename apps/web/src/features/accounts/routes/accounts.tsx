// Placeholder until this screen's issue lands: title and an honest note, no sample data.
import { LaterReleaseScreen } from '@/components/later-release';

export default function AccountsRoute() {
  return (
    <LaterReleaseScreen
      title="Accounts"
      summary="Corporate clients awaiting business verification and their review status."
    />
  );
}
