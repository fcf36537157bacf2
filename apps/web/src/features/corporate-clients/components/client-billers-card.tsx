// The billers a client may pay bills to (issue 51: admins assign billers to clients like services).
// Every biller is listed with whether the client has it; admins holding services.manage tick and
// untick them and save the whole list after a confirmation naming the changes.
import type { BillerView } from '@vendport/shared';
import type { Column } from '@/components/ui/table';
import { envelopeCallbacks } from '@/lib/api-toasts';
import { vendKindLabel } from '@/lib/catalogue-labels';
import { useAssignClientBillers, useClientBillers } from '../api/client-billers';
import { AssignmentCard, pricedColumns } from './assignment-card';

const columns: Column<BillerView>[] = [
  {
    key: 'biller',
    card: 'main',
    header: 'Biller',
    cell: (b) => <span className="font-medium text-slate-900">{b.name}</span>,
  },
  { key: 'kind', card: 'main', header: 'Kind', cell: (b) => vendKindLabel(b.kind) },
  ...pricedColumns<BillerView>('Amount per payment'),
];

export function ClientBillersCard({
  corporateId,
  clientName,
  canManage,
}: {
  corporateId: string;
  clientName: string;
  canManage: boolean;
}) {
  const billers = useClientBillers(corporateId);
  const assign = useAssignClientBillers();
  return (
    <AssignmentCard
      query={billers}
      saving={assign.isPending}
      onSave={(billerIds, onSaved) =>
        assign.mutate(
          { corporateId, billerIds },
          envelopeCallbacks(onSaved, { failure: 'The billers could not be assigned.' }),
        )
      }
      columns={columns}
      itemName={(b) => b.name}
      clientName={clientName}
      canManage={canManage}
      tickAll
      title="Billers"
      description={(assigned, total) =>
        `${assigned} of ${total} assigned. The client pays electricity and TV bills to its active assigned billers.`
      }
      saveLabel="Save billers"
      confirmTitle="Assign billers"
      caption="Client billers"
      loadError="The client's billers could not be loaded."
      emptyText="No billers exist yet."
    />
  );
}
