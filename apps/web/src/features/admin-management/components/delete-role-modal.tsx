// Deleting a role, confirmed with the acting user's password. A role someone still holds is
// refused by the server with its reason; the modal says so before the attempt too.
import type { RoleView } from '@vendport/shared';
import { PasswordConfirmModal } from '@/components/password-action-modal';
import { Alert } from '@/components/ui/alert';
import { countOf } from '@/lib/format';
import { useDeleteRole } from '../api/role-mutations';
import { onEnvelope } from './on-envelope';

export function DeleteRoleModal({
  role,
  onClose,
  onDeleted,
}: {
  role: RoleView | null;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const del = useDeleteRole();
  return (
    <PasswordConfirmModal
      open={!!role}
      title="Delete role"
      description={role ? `Delete the role ${role.name}? This cannot be undone.` : undefined}
      submitLabel="Delete role"
      tone="danger"
      pending={del.isPending}
      onClose={onClose}
      onConfirm={(password) =>
        role &&
        del.mutate(
          { id: role.id, password },
          onEnvelope(() => onDeleted()),
        )
      }
    >
      {role && role.usersCount > 0 ? (
        <Alert tone="warning" title={`${countOf(role.usersCount, 'person holds', 'people hold')} this role.`}>
          A role in use cannot be deleted: give them another role first.
        </Alert>
      ) : null}
    </PasswordConfirmModal>
  );
}
