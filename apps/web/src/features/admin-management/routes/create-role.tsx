// admin-management/create-role in both areas: a new role of the caller's area.

import { useNavigate } from 'react-router';
import { PageHeader } from '@/components/ui/page-header';
import { useCreateRole } from '../api/role-mutations';
import { onEnvelope } from '../components/on-envelope';
import { RoleForm } from '../components/role-form';
import { useTeamArea } from '../components/team-area';

export default function CreateRoleRoute() {
  const area = useTeamArea();
  const navigate = useNavigate();
  const create = useCreateRole();
  return (
    <div>
      <PageHeader
        title="Create Role"
        description={`Name a role and choose what its holders may do. Assign it to ${area.membersWord} from the users list.`}
      />
      <RoleForm
        initial={{ name: '', description: '', permissions: [] }}
        submitLabel="Create role"
        pending={create.isPending}
        onCancel={() => navigate(area.rolesListPath)}
        onSubmit={(v) =>
          create.mutate(
            v,
            onEnvelope((data) => navigate(area.rolePath(data.id))),
          )
        }
      />
    </div>
  );
}
