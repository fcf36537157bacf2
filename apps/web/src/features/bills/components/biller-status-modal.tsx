// Enable or disable a biller, after a confirmation that says what changes for clients.
import type { BillerView } from '@vendport/shared';
import { StatusToggleModal } from '@/components/status-toggle-modal';
import { useSetBillerStatus } from '../api/admin-billers';

export function BillerStatusModal({ biller, onClose }: { biller: BillerView | null; onClose: () => void }) {
  return (
    <StatusToggleModal
      item={biller}
      noun="biller"
      name={biller?.name}
      disabledText="stops taking payments. Clients assigned it cannot pay it until it is enabled again."
      enabledText="takes payments again from the clients assigned it."
      mutation={useSetBillerStatus()}
      onClose={onClose}
    />
  );
}
