// admin-management/edit-role/{id} in both areas. The area's system role (Super Admin, Owner)
// holds every permission and is not editable: the screen says so instead of a form.

import { useNavigate, useParams } from 'react-router';
import { DetailHeader, LoadingCard } from '@/components/detail-page';
import { QueryError } from '@/components/query-error';
import { Alert } from '@/components/ui/alert';
import { ApiError } from '@/lib/api-client';
import { useRole } from '../api/get-role';
import { useUpdateRole } from '../api/role-mutations';
import { onEnvelope } from '../components/on-envelope';
import { RoleForm } from '../components/role-form';
import { useTeamArea } from '../components/team-area';

export default function EditRoleRoute() {
  const { id = '' } = useParams();
  const area = useTeamArea();
  const navigate = useNavigate();
  const role = useRole(id);
  const update = useUpdateRole();
  const notFound = role.error instanceof ApiError && role.error.status === 404;
  return (
    <div>
      <DetailHeader
        title="Edit Role"
        fetching={role.isFetching}
        loadingLabel="Loading role"
        description={role.data ? role.data.name : undefined}
      />
      {role.isPending ? (
        <LoadingCard label="Loading role" />
      ) : role.isError ? (
        notFound ? (
          <Alert tone="error" title="This role does not exist in your account." />
        ) : (
          <QueryError title="The role could not be loaded." onRetry={() => role.refetch()} />
        )
      ) : role.data.isSystem ? (
        <Alert tone="info" title={`${role.data.name} is a system role and cannot be edited.`}>
          It always holds every permission of your area.
        </Alert>
      ) : (
        <RoleForm
          key={role.data.id}
          initial={{
            name: role.data.name,
            description: role.data.description,
            permissions: role.data.permissions,
          }}
          submitLabel="Save changes"
          pending={update.isPending}
          onCancel={() => navigate(area.rolePath(id))}
          onSubmit={(v) =>
            update.mutate(
              { id, ...v },
              onEnvelope(() => navigate(area.rolePath(id))),
            )
          }
        />
      )}
    </div>
  );
}
