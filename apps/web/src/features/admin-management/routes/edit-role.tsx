// Placeholder until this screen's issue lands: title and an honest note, no sample data.
import { useParams } from 'react-router';
import { LaterReleaseScreen } from '@/components/later-release';

export default function EditRoleRoute() {
  const { id } = useParams();
  return (
    <LaterReleaseScreen
      title="Edit Role"
      summary="Change a role’s name, description and permissions."
      reference={{ label: 'Role', value: id }}
      showBack
    />
  );
}
