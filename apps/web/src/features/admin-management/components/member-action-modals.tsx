// Activate, deactivate, delete a team member and reset their two-factor sign-in, each confirmed
// with the acting user's password (spec §6) and audited by the server. Deactivating and resetting
// end the member's sessions at once; deleting cannot be undone.
import type { TeamMemberView } from '@vendport/shared';
import { PasswordConfirmModal } from '@/components/password-action-modal';
import { useDeleteMember, useResetMemberTwoFactor, useSetMemberStatus } from '../api/member-mutations';
import { onEnvelope } from './on-envelope';

export type MemberAction = {
  kind: 'activate' | 'deactivate' | 'delete' | 'reset-2fa';
  member: TeamMemberView;
};

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
  'reset-2fa': {
    title: 'Reset two-factor sign-in',
    submit: 'Reset two-factor',
    body: (n: string) =>
      `${n}’s authenticator app is removed and they are signed out everywhere. They sign in with codes emailed to them until they set up an authenticator again.`,
  },
} as const;

export function MemberActionModal({
  action,
  onClose,
  onDeleted,
}: {
  action: MemberAction | null;
  onClose: () => void;
  /** After a delete succeeds (the detail view leaves for the list). */
  onDeleted?: () => void;
}) {
  const status = useSetMemberStatus();
  const del = useDeleteMember();
  const reset = useResetMemberTwoFactor();
  const pending = status.isPending || del.isPending || reset.isPending;
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
        const id = action.member.id;
        if (action.kind === 'delete')
          del.mutate(
            { id, password },
            onEnvelope(() => {
              onClose();
              onDeleted?.();
            }),
          );
        else if (action.kind === 'reset-2fa') reset.mutate({ id, password }, handlers);
        else status.mutate({ id, active: action.kind === 'activate', password }, handlers);
      }}
    />
  );
}
