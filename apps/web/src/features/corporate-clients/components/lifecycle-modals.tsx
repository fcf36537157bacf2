// The password-confirmed switches of a client's lifecycle: allow or forbid test mode, enable or
// disable auto top-up, reset the owner's password (a temporary one is emailed, sessions end).
import type { CorporateClientDetailView } from '@vendport/shared';
import { PasswordConfirmModal } from '@/components/password-action-modal';
import { useResetClientPassword, useSetAutoTopup, useSetTestMode } from '../api/client-lifecycle';
import { type ActionDone, actionCallbacks } from './action-done';

type Props = { client: CorporateClientDetailView; onClose: () => void; onDone: (d: ActionDone) => void };

export function TestModeModal({ client, onClose, onDone }: Props) {
  const set = useSetTestMode();
  const allow = !client.testModeAllowed;
  return (
    <PasswordConfirmModal
      open
      title={allow ? 'Allow test mode' : 'Turn test mode off'}
      description={
        allow
          ? `${client.name} will be able to switch its portal to test mode: purchases then use its sandbox wallet and the simulator.`
          : `${client.name} will be switched back to live mode and can no longer use test mode.`
      }
      submitLabel={allow ? 'Allow test mode' : 'Turn off'}
      tone={allow ? 'primary' : 'danger'}
      pending={set.isPending}
      onConfirm={(password) =>
        set.mutate(
          { corporateId: client.id, allowed: allow, password },
          actionCallbacks('Test mode could not be changed.', () =>
            onDone({
              title: allow ? 'Test mode allowed' : 'Test mode turned off',
              message: `${client.name} has been informed.`,
            }),
          ),
        )
      }
      onClose={onClose}
    />
  );
}

export function AutoTopupModal({ client, onClose, onDone }: Props) {
  const set = useSetAutoTopup();
  const enable = !client.autoTopUpEnabled;
  return (
    <PasswordConfirmModal
      open
      title={enable ? 'Enable auto top-up' : 'Disable auto top-up'}
      description={
        enable
          ? `${client.name} will be able to schedule top-ups for its subscribers.`
          : `${client.name}'s scheduled top-ups will stop running.`
      }
      submitLabel={enable ? 'Enable' : 'Disable'}
      tone={enable ? 'primary' : 'danger'}
      pending={set.isPending}
      onConfirm={(password) =>
        set.mutate(
          { corporateId: client.id, enabled: enable, password },
          actionCallbacks('Auto top-up could not be changed.', () =>
            onDone({
              title: enable ? 'Auto top-up enabled' : 'Auto top-up disabled',
              message: `${client.name} has been informed.`,
            }),
          ),
        )
      }
      onClose={onClose}
    />
  );
}

export function ResetPasswordModal({ client, onClose, onDone }: Props) {
  const reset = useResetClientPassword();
  return (
    <PasswordConfirmModal
      open
      title="Reset password"
      description={`The owner of ${client.name} will get a temporary password by email, be signed out everywhere, and have to choose a new password at the next sign-in.`}
      submitLabel="Reset password"
      tone="danger"
      pending={reset.isPending}
      onConfirm={(password) =>
        reset.mutate(
          { corporateId: client.id, password },
          actionCallbacks<{ email: string }>('The password could not be reset.', (d) =>
            onDone({
              title: 'Password reset',
              message: `A temporary password has been emailed to ${d.email}. Their sessions have been ended.`,
            }),
          ),
        )
      }
      onClose={onClose}
    />
  );
}
