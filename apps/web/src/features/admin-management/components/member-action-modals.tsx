// Activate, deactivate and delete a team member, each confirmed with the acting user's password
// (spec §6). Deactivating ends the member's sessions at once; deleting cannot be undone.
import type { TeamMemberView } from '@vendport/shared';
import { PasswordConfirmModal } from '@/components/password-action-modal';
import { useDeleteMember, useSetMemberStatus } from '../api/member-mutations';
import { onEnvelope } from './on-envelope';

export type MemberAction = { kind: 'activate' | 'deactivate' | 'delete'; member: TeamMemberView };

const TEXT = {
  activate: {
    title: 'Activate user',
    submit: 'Activate',
    body: (n: string) => `${n} will be able to sign in again with their role’s permissions.`,
  },
  deactivate: {
    title: 'Deactivate user',
    submit: 'Deactivate',
    body: (n: string) => `${n} is signed out everywhere at once and cannot sign in until activated again.`,
  },
  delete: {
    title: 'Delete user',
    submit: 'Delete user',
    body: (n: string) => `${n} loses access for good. This cannot be undone.`,
  },
} as const;

export function MemberActionModal({ action, onClose }: { action: MemberAction | null; onClose: () => void }) {
  const status = useSetMemberStatus();
  const del = useDeleteMember();
  const pending = status.isPending || del.isPending;
  const text = action ? TEXT[action.kind] : null;
  const name = action ? `${action.member.first_name} ${action.member.last_name}` : '';
  const handlers = onEnvelope(() => onClose());
  return (
    <PasswordConfirmModal
      open={!!action}
      title={text?.title ?? ''}
      description={text?.body(name)}
      submitLabel={text?.submit ?? ''}
      tone={action?.kind === 'activate' ? 'primary' : 'danger'}
      pending={pending}
      onClose={onClose}
      onConfirm={(password) => {
        if (!action) return;
        if (action.kind === 'delete') del.mutate({ id: action.member.id, password }, handlers);
        else status.mutate({ id: action.member.id, active: action.kind === 'activate', password }, handlers);
      }}
    />
  );
}
