// admin-management/view-role/{id} in both areas: a role read-only, its permissions by domain and
// the people who hold it; Edit and Delete for those who may manage roles (not on system roles).
import type { RoleView } from '@vendport/shared';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { DetailHeader, LoadingCard } from '@/components/detail-page';
import { QueryError } from '@/components/query-error';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardHeader } from '@/components/ui/card';
import { CheckIcon } from '@/components/ui/icons';
import { Pager, usePageParams } from '@/components/ui/pager';
import { Table } from '@/components/ui/table';
import { ApiError } from '@/lib/api-client';
import { countOf, formatDate } from '@/lib/format';
import { useMembers } from '../api/get-members';
import { usePermissionCatalogue } from '../api/get-permissions';
import { useRole } from '../api/get-role';
import { DeleteRoleModal } from '../components/delete-role-modal';
import { memberColumns } from '../components/member-cells';
import { groupPermissions } from '../components/permission-groups';
import { useTeamArea } from '../components/team-area';

function GrantedPermissions({ role }: { role: RoleView }) {
  const catalogue = usePermissionCatalogue();
  if (catalogue.isPending) return <LoadingCard label="Loading permissions" />;
  if (catalogue.isError)
    return <QueryError title="The permissions could not be loaded." onRetry={() => catalogue.refetch()} />;
  const groups = groupPermissions(catalogue.data.filter((p) => role.permissions.includes(p.name)));
  if (!groups.length) return <p className="p-5 text-sm text-slate-500">This role grants no permission.</p>;
  return (
    <div className="grid gap-4 p-5 lg:grid-cols-2">
      {groups.map((g) => (
        <section key={g.label} aria-label={g.label} className="rounded-lg border border-slate-200 p-4">
          <h3 className="mb-2 text-sm font-semibold text-slate-900">{g.label}</h3>
          <ul className="space-y-2">
            {g.permissions.map((p) => (
              <li key={p.name} className="flex gap-2 text-sm">
                <CheckIcon className="mt-0.5 h-4 w-4 shrink-0 text-emerald-600" />
                <span>
                  <span className="block text-slate-800">{p.description}</span>
                  <span className="block font-mono text-xs text-slate-500">{p.name}</span>
                </span>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

function Holders({ role }: { role: RoleView }) {
  const area = useTeamArea();
  const { page, limit } = usePageParams();
  const holders = useMembers({ page, limit, roleId: role.id }, area.canReadMembers);
  if (!area.canReadMembers)
    return <p className="p-5 text-sm text-slate-500">You may not view the list of {area.membersWord}.</p>;
  if (holders.isError)
    return (
      <div className="p-5">
        <QueryError title="The holders could not be loaded." onRetry={() => holders.refetch()} />
      </div>
    );
  return (
    <>
      <Table
        caption={`People with the role ${role.name}`}
        columns={memberColumns(area.myId, area.memberPath)}
        rows={holders.data?.data ?? []}
        rowKey={(m) => m.id}
        loading={holders.isPending}
        emptyText="Nobody holds this role yet."
      />
      {holders.data ? (
        <Pager
          hasMorePages={holders.data.hasMorePages}
          lastPage={holders.data.lastPage}
          disabled={holders.isFetching}
        />
      ) : null}
    </>
  );
}

export default function ViewRoleRoute() {
  const { id = '' } = useParams();
  const area = useTeamArea();
  const navigate = useNavigate();
  const role = useRole(id);
  const [deleting, setDeleting] = useState(false);
  const notFound = role.error instanceof ApiError && role.error.status === 404;
  const r = role.data;
  return (
    <div className="space-y-6">
      <DetailHeader title="View Role" fetching={role.isFetching} loadingLabel="Loading role" />
      {role.isPending ? (
        <LoadingCard label="Loading role" />
      ) : role.isError || !r ? (
        notFound ? (
          <Alert tone="error" title="This role does not exist in your account." />
        ) : (
          <QueryError title="The role could not be loaded." onRetry={() => role.refetch()} />
        )
      ) : (
        <>
          <Card className="p-5">
            <div className="flex flex-wrap items-start justify-between gap-4">
              <div className="min-w-0">
                <h2 className="flex items-center gap-2 text-lg font-semibold text-slate-900">
                  {r.name}
                  {r.isSystem ? <Badge tone="info">System role</Badge> : null}
                </h2>
                <p className="mt-1 text-sm text-slate-600">
                  {r.description || (r.isSystem ? 'Holds every permission of the area.' : 'No description.')}
                </p>
                <p className="mt-2 text-xs text-slate-500">
                  {countOf(r.usersCount, 'holder')} · {countOf(r.permissions.length, 'permission')} · created{' '}
                  {formatDate(r.createdAt)}
                </p>
              </div>
              {area.canManageRoles && !r.isSystem ? (
                <div className="flex gap-2">
                  <Button variant="secondary" onClick={() => navigate(area.editRolePath(r.id))}>
                    Edit role
                  </Button>
                  <Button variant="danger" onClick={() => setDeleting(true)}>
                    Delete role
                  </Button>
                </div>
              ) : null}
            </div>
          </Card>
          <Card className="overflow-hidden">
            <CardHeader title="Permissions" description="What holders of this role may do." />
            <GrantedPermissions role={r} />
          </Card>
          <Card className="overflow-hidden">
            <CardHeader
              title="Holders"
              description={
                <>
                  {area.membersWord.charAt(0).toUpperCase() + area.membersWord.slice(1)} with this role.
                  Change a person’s role from the{' '}
                  <Link to={area.base} className="text-brand-700 hover:underline">
                    users list
                  </Link>
                  .
                </>
              }
            />
            <Holders role={r} />
          </Card>
          <DeleteRoleModal
            role={deleting ? r : null}
            onClose={() => setDeleting(false)}
            onDeleted={() => navigate(area.rolesListPath)}
          />
        </>
      )}
    </div>
  );
}
