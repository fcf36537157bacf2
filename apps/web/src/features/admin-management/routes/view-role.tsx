// Placeholder until this screen's issue lands: title and an honest note, no sample data.
import { useParams } from 'react-router';
import { LaterReleaseScreen } from '@/components/later-release';

export default function ViewRoleRoute() {
  const { id } = useParams();
  return (
    <LaterReleaseScreen
      title="View Role"
      summary="A role’s permissions and the people who hold it."
      reference={{ label: 'Role', value: id }}
      showBack
    />
  );
}
