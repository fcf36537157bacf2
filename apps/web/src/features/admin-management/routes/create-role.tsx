// admin-management/create-role in both areas: a new role of the caller's area.

import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import { PageHeader } from '@/components/ui/page-header';
import { toastApiError } from '@/lib/api-toasts';
import { useCreateRole } from '../api/role-mutations';
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
          create.mutate(v, {
            onSuccess: (res) => {
              if (res.success === false) {
                toast.error(res.message);
                return;
              }
              toast.success(res.message);
              navigate(area.rolePath(res.data.id));
            },
            onError: toastApiError,
          })
        }
      />
    </div>
  );
}
