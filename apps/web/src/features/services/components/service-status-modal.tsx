// Enable or disable a service, after a confirmation that says what changes for clients.
import type { ServiceView } from '@vendport/shared';
import { StatusToggleModal } from '@/components/status-toggle-modal';
import { serviceName } from '@/lib/catalogue-labels';
import { useSetServiceStatus } from '../api/set-service-status';

export function ServiceStatusModal({
  service,
  onClose,
}: {
  service: ServiceView | null;
  onClose: () => void;
}) {
  return (
    <StatusToggleModal
      item={service}
      noun="service"
      name={service ? serviceName(service) : null}
      disabledText="stops taking vends. Clients assigned it cannot buy through it until it is enabled again."
      enabledText="takes vends again from the clients assigned it."
      mutation={useSetServiceStatus()}
      onClose={onClose}
    />
  );
}
