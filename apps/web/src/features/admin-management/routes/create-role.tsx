// Placeholder until this screen's issue lands: title and an honest note, no sample data.
import { LaterReleaseScreen } from '@/components/later-release';

export default function CreateRoleRoute() {
  return (
    <LaterReleaseScreen title="Create Role" summary="Name a role and choose the permissions it grants." />
  );
}
