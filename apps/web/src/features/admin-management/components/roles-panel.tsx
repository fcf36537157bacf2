// The roles tab: every role of the area with how many people hold it; view, edit and delete
// (not the system role, which holds every permission).
import type { RoleView } from '@vendport/shared';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { QueryError } from '@/components/query-error';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { type Column, Table } from '@/components/ui/table';
import { formatDate } from '@/lib/format';
import { useRoles } from '../api/get-roles';
import { DeleteRoleModal } from './delete-role-modal';
import { useTeamArea } from './team-area';

export function RolesPanel() {
  const area = useTeamArea();
  const navigate = useNavigate();
  const roles = useRoles();
  const [deleting, setDeleting] = useState<RoleView | null>(null);

  const columns: Column<RoleView>[] = [
    {
      key: 'name',
      card: 'main',
      header: 'Role',
      wrap: { min: '10rem', max: '16rem' },
      cell: (r) => (
        <span className="flex items-center gap-2">
          <Link
            to={area.rolePath(r.id)}
            onClick={(e) => e.stopPropagation()}
            className="font-medium text-slate-900 hover:text-brand-700 hover:underline"
          >
            {r.name}
          </Link>
          {r.isSystem ? <Badge tone="info">System</Badge> : null}
        </span>
      ),
    },
    {
      key: 'description',
      header: 'Description',
      wrap: { min: '12rem', max: '24rem' },
      cell: (r) => (
        <span className="text-slate-600">{r.description || (r.isSystem ? 'Every permission' : '—')}</span>
      ),
    },
    {
      key: 'permissions',
      card: 'main',
      header: 'Permissions',
      align: 'right',
      cell: (r) => r.permissions.length,
    },
    {
      key: 'holders',
      card: 'main',
      header: 'Users',
      align: 'right',
      cell: (r) => <span className="font-medium tabular-nums text-slate-900">{r.usersCount}</span>,
    },
    { key: 'created', card: 'main', header: 'Created', cell: (r) => formatDate(r.createdAt) },
  ];
  if (area.canManageRoles)
    columns.push({
      key: 'actions',
      card: 'action',
      header: <span className="sr-only">Actions</span>,
      align: 'right',
      cell: (r) =>
        r.isSystem ? null : (
          <div className="flex justify-end gap-1">
            <Button
              size="sm"
              variant="ghost"
              onClick={(e) => {
                e.stopPropagation();
                navigate(area.editRolePath(r.id));
              }}
            >
              Edit
            </Button>
            <Button
              size="sm"
              variant="ghost"
              className="text-red-700 hover:bg-red-50 hover:text-red-800"
              onClick={(e) => {
                e.stopPropagation();
                setDeleting(r);
              }}
            >
              Delete
            </Button>
          </div>
        ),
    });

  return (
    <>
      {roles.isError ? (
        <div className="p-6">
          <QueryError title="The roles could not be loaded." onRetry={() => roles.refetch()} />
        </div>
      ) : (
        <Table
          caption="Roles"
          columns={columns}
          rows={roles.data ?? []}
          rowKey={(r) => r.id}
          loading={roles.isPending}
          emptyText="No roles yet."
          onRowClick={(r) => navigate(area.rolePath(r.id))}
        />
      )}
      <DeleteRoleModal
        role={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={() => setDeleting(null)}
      />
    </>
  );
}
