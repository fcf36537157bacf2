// The services a client may vend through (DESIGN §2: admins assign services to clients). Every
// service is listed with whether the client has it; admins holding services.manage tick and untick
// them and save the whole list (PUT services/assign) after a confirmation naming the changes.
import type { ServiceView } from '@vendport/shared';
import toast from 'react-hot-toast';
import type { Column } from '@/components/ui/table';
import { toastApiError } from '@/lib/api-toasts';
import { networkLabel, platformLabel, serviceName, serviceTypeLabel } from '@/lib/catalogue-labels';
import { useAssignClientServices } from '../api/assign-client-services';
import { useClientServices } from '../api/get-client-services';
import { AssignmentCard, pricedColumns } from './assignment-card';

const columns: Column<ServiceView>[] = [
  {
    key: 'service',
    card: 'main',
    header: 'Service',
    cell: (s) => (
      <span className="font-medium text-slate-900">
        {networkLabel(s.network)} {serviceTypeLabel(s.service)}
      </span>
    ),
  },
  { key: 'platform', card: 'main', header: 'Platform', cell: (s) => platformLabel(s.platform) },
  ...pricedColumns<ServiceView>('Amount per vend'),
];

export function ClientServicesCard({
  corporateId,
  clientName,
  canManage,
}: {
  corporateId: string;
  clientName: string;
  canManage: boolean;
}) {
  const services = useClientServices(corporateId);
  const assign = useAssignClientServices();
  return (
    <AssignmentCard
      query={services}
      saving={assign.isPending}
      onSave={(serviceIds, onSaved) =>
        assign.mutate(
          { corporateId, serviceIds },
          {
            onSuccess: (res) => {
              if (res.success === false) {
                toast.error(res.message || 'The services could not be assigned.');
                return;
              }
              toast.success(res.message);
              onSaved();
            },
            onError: toastApiError,
          },
        )
      }
      columns={columns}
      itemName={serviceName}
      clientName={clientName}
      canManage={canManage}
      title="Services"
      description={(assigned, total) =>
        `${assigned} of ${total} assigned. The client vends through its active assigned services; with two of the same network and type, the older one is used.`
      }
      saveLabel="Save assignments"
      confirmTitle="Assign services"
      caption="Client services"
      loadError="The client's services could not be loaded."
      emptyText="No services exist yet."
    />
  );
}
