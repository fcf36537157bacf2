// admin-management/view-member/{id} in both areas: one team member read with GET admins/{id}
// (spec §7 Admin users): contact, role, status, how they complete sign-in, last sign-in; and for
// those who may manage the team, Edit, Activate/Deactivate, Reset two-factor sign-in and Delete,
// each password-confirmed where the spec asks (not on oneself: one's own sign-in is reset from the
// profile).
import type { TeamMemberView } from '@vendport/shared';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ActiveStatusBadge } from '@/components/active-status-badge';
import { DetailField } from '@/components/detail-field';
import { DetailHeader, LoadingCard } from '@/components/detail-page';
import { QueryError } from '@/components/query-error';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardHeader } from '@/components/ui/card';
import { ApiError } from '@/lib/api-client';
import { formatDate, formatShortDateTime } from '@/lib/format';
import { useMember } from '../api/get-member';
import { useRoles } from '../api/get-roles';
import { type MemberAction, MemberActionModal } from '../components/member-action-modals';
import { EditMemberModal } from '../components/member-form-modals';
import { useTeamArea } from '../components/team-area';

const TWO_FACTOR_LABEL = { TOTP: 'Authenticator app', EMAIL: 'Codes sent by email' } as const;

function Actions({
  m,
  onAction,
  onEdit,
}: {
  m: TeamMemberView;
  onAction: (a: MemberAction) => void;
  onEdit?: () => void;
}) {
  return (
    <div className="flex flex-wrap justify-end gap-2" data-testid="member-actions">
      {onEdit ? (
        <Button variant="secondary" onClick={onEdit}>
          Edit
        </Button>
      ) : null}
      <Button
        variant="secondary"
        onClick={() => onAction({ kind: m.status === 'ACTIVE' ? 'deactivate' : 'activate', member: m })}
      >
        {m.status === 'ACTIVE' ? 'Deactivate' : 'Activate'}
      </Button>
      <Button variant="secondary" onClick={() => onAction({ kind: 'reset-2fa', member: m })}>
        Reset two-factor sign-in
      </Button>
      <Button variant="danger" onClick={() => onAction({ kind: 'delete', member: m })}>
        Delete user
      </Button>
    </div>
  );
}

export default function ViewMemberRoute() {
  const { id = '' } = useParams();
  const area = useTeamArea();
  const navigate = useNavigate();
  const member = useMember(id);
  const roles = useRoles(area.canManageMembers && area.canReadRoles);
  const [action, setAction] = useState<MemberAction | null>(null);
  const [editing, setEditing] = useState(false);
  const notFound = member.error instanceof ApiError && member.error.status === 404;
  const m = member.data;
  const self = m?.id === area.myId;

  return (
    <div className="space-y-6">
      <DetailHeader title="View User" fetching={member.isFetching} loadingLabel="Loading user" />
      {member.isPending ? (
        <LoadingCard label="Loading user" />
      ) : member.isError || !m ? (
        notFound ? (
          <Alert tone="error" title="This user does not exist in your account." />
        ) : (
          <QueryError title="The user could not be loaded." onRetry={() => member.refetch()} />
        )
      ) : (
        <>
          <Card className="overflow-hidden">
            <CardHeader
              title={
                <span className="flex flex-wrap items-center gap-2">
                  {m.first_name} {m.last_name}
                  {self ? <span className="text-sm font-normal text-slate-500">(you)</span> : null}
                  <ActiveStatusBadge status={m.status} />
                  {m.defaultPassword ? <Badge tone="warning">Invited</Badge> : null}
                </span>
              }
            />
            <dl className="grid gap-5 px-6 py-5 sm:grid-cols-2 lg:grid-cols-3" data-testid="member-details">
              <DetailField label="Email Address">{m.email}</DetailField>
              <DetailField label="Phone Number">{m.msisdn ?? '—'}</DetailField>
              <DetailField label="Role">
                {m.role ? (
                  area.canReadRoles ? (
                    <Link to={area.rolePath(m.role.id)} className="text-brand-700 hover:underline">
                      {m.role.name}
                    </Link>
                  ) : (
                    m.role.name
                  )
                ) : (
                  '—'
                )}
              </DetailField>
              <DetailField label="Two-factor sign-in">{TWO_FACTOR_LABEL[m.twoFactorMethod]}</DetailField>
              <DetailField label="Last sign-in">
                {m.lastLoginAt ? formatShortDateTime(m.lastLoginAt) : 'Never'}
              </DetailField>
              <DetailField label="Added">{formatDate(m.createdAt)}</DetailField>
            </dl>
          </Card>

          {area.canManageMembers && !self ? (
            <Actions m={m} onAction={setAction} onEdit={roles.data ? () => setEditing(true) : undefined} />
          ) : self ? (
            <p className="text-right text-sm text-slate-500">
              Change your own sign-in from your{' '}
              <Link
                to={area.admin ? '/admin-dashboard/admin-profile' : '/dashboard/profile'}
                className="text-brand-700 hover:underline"
              >
                profile
              </Link>
              .
            </p>
          ) : null}

          {editing && roles.data ? (
            <EditMemberModal member={m} roles={roles.data} isSelf={self} onClose={() => setEditing(false)} />
          ) : null}
          <MemberActionModal
            action={action}
            onClose={() => setAction(null)}
            onDeleted={() => navigate(area.base)}
          />
        </>
      )}
    </div>
  );
}
