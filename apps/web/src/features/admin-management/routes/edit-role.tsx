// Placeholder until this screen's issue lands: title and an honest note, no sample data.
import { LaterReleaseScreen } from '@/components/later-release';

export default function EditRoleRoute() {
  return (
    <LaterReleaseScreen
      title="Edit Role"
      summary="Change a role’s name, description and permissions."
      showBack
    />
  );
}
