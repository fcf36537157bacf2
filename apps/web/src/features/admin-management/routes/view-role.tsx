// Placeholder until this screen's issue lands: title and an honest note, no sample data.
import { LaterReleaseScreen } from '@/components/later-release';

export default function ViewRoleRoute() {
  return (
    <LaterReleaseScreen
      title="View Role"
      summary="A role’s permissions and the people who hold it."
      showBack
    />
  );
}
