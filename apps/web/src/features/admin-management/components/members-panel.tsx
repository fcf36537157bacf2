// The users tab: the area's team with search, a status filter and the pager; each name opens the
// member's detail view; invite, edit, activate, deactivate, reset two-factor sign-in and delete
// for those who may manage the team (nobody deactivates, resets or deletes themselves here; the
// server also keeps the last owner / super admin).
import type { TeamMemberView } from '@vendport/shared';
import { useMemo, useState } from 'react';
import { QueryError } from '@/components/query-error';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FilterBar, useUrlFilters } from '@/components/ui/filter-bar';
import { Pager, usePageParams } from '@/components/ui/pager';
import { type Column, Table } from '@/components/ui/table';
import { useMembers } from '../api/get-members';
import { useRoles } from '../api/get-roles';
import type { MemberFilters } from '../api/query-keys';
import { type MemberAction, MemberActionModal } from './member-action-modals';
import { memberColumns } from './member-cells';
import { EditMemberModal, InviteMemberModal } from './member-form-modals';
import { useTeamArea } from './team-area';

const NAMES = ['search', 'status'] as const;
const STATUS_OPTIONS = [
  { value: 'ACTIVE', label: 'Active' },
  { value: 'INACTIVE', label: 'Inactive' },
];

export function MembersPanel({ inviting, onInviteClose }: { inviting: boolean; onInviteClose: () => void }) {
  const area = useTeamArea();
  const { page, limit } = usePageParams();
  const f = useUrlFilters(NAMES);
  const filters: MemberFilters = useMemo(
    () => ({ page, limit, search: f.search || undefined, status: f.status || undefined }),
    [page, limit, f.search, f.status],
  );
  const members = useMembers(filters);
  const roles = useRoles(area.canManageMembers && area.canReadRoles);
  const [editing, setEditing] = useState<TeamMemberView | null>(null);
  const [action, setAction] = useState<MemberAction | null>(null);

  const actions: Column<TeamMemberView> = {
    key: 'actions',
    card: 'action',
    header: <span className="sr-only">Actions</span>,
    align: 'right',
    cell: (m) => {
      const self = m.id === area.myId;
      return (
        <div className="flex justify-end gap-1">
          <Button size="sm" variant="ghost" onClick={() => setEditing(m)} disabled={!roles.data}>
            Edit
          </Button>
          {self ? null : (
            <>
              <Button
                size="sm"
                variant="ghost"
                onClick={() =>
                  setAction({ kind: m.status === 'ACTIVE' ? 'deactivate' : 'activate', member: m })
                }
              >
                {m.status === 'ACTIVE' ? 'Deactivate' : 'Activate'}
              </Button>
              <Button
                size="sm"
                variant="ghost"
                onClick={() => setAction({ kind: 'reset-2fa', member: m })}
                aria-label={`Reset two-factor sign-in of ${m.first_name} ${m.last_name}`}
              >
                Reset 2FA
              </Button>
              <Button
                size="sm"
                variant="ghost"
                className="text-red-700 hover:bg-red-50 hover:text-red-800"
                onClick={() => setAction({ kind: 'delete', member: m })}
              >
                Delete
              </Button>
            </>
          )}
        </div>
      );
    },
  };
  const columns = [...memberColumns(area.myId, area.memberPath), ...(area.canManageMembers ? [actions] : [])];

  return (
    <>
      <FilterBar
        label="User filters"
        fields={[
          { kind: 'search', name: 'search', label: 'Search', placeholder: 'Name or email' },
          {
            kind: 'select',
            name: 'status',
            label: 'Status',
            options: STATUS_OPTIONS,
            allLabel: 'All statuses',
          },
        ]}
      />
      {members.isError ? (
        <div className="p-6">
          <QueryError title="The users could not be loaded." onRetry={() => members.refetch()} />
        </div>
      ) : (
        <div className={members.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}>
          <Table
            caption={area.admin ? 'Admin users' : 'Team members'}
            columns={columns}
            rows={members.data?.data ?? []}
            rowKey={(m) => m.id}
            loading={members.isPending}
            emptyText={f.search || f.status ? 'No users match these filters.' : 'No users yet.'}
          />
        </div>
      )}
      {members.data ? (
        <Pager
          hasMorePages={members.data.hasMorePages}
          lastPage={members.data.lastPage}
          disabled={members.isFetching}
        />
      ) : null}
      {inviting ? (
        roles.data ? (
          <InviteMemberModal roles={roles.data} onClose={onInviteClose} />
        ) : roles.isError || !area.canReadRoles ? (
          <div className="p-6">
            <Alert tone="error" title="The roles could not be loaded, so nobody can be invited now.">
              <Button variant="link" size="sm" onClick={onInviteClose}>
                Close
              </Button>
            </Alert>
          </div>
        ) : null
      ) : null}
      {editing && roles.data ? (
        <EditMemberModal
          member={editing}
          roles={roles.data}
          isSelf={editing.id === area.myId}
          onClose={() => setEditing(null)}
        />
      ) : null}
      <MemberActionModal action={action} onClose={() => setAction(null)} />
    </>
  );
}
