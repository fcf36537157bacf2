// Dedicate a VTU line to one client, or return it to the shared pool that serves every client.
// Clients are found by name, email or phone.
import type { VtuLineView } from '@vendport/shared';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Button } from '@/components/ui/button';
import { SearchIcon } from '@/components/ui/icons';
import { Modal } from '@/components/ui/modal';
import { Select } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { TextInput } from '@/components/ui/text-input';
import { useClientOptions } from '@/lib/api/get-client-options';
import { toastApiError } from '@/lib/api-toasts';
import { networkLabel } from '@/lib/catalogue-labels';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useAssignVtuLine } from '../api/assign-vtu-line';

const SHARED = '';

export function AssignLineModal({
  line,
  canFindClients,
  onClose,
}: {
  line: VtuLineView;
  /** Whether the admin may list clients (clients.read); without it only the pool can be chosen. */
  canFindClients: boolean;
  onClose: () => void;
}) {
  const assign = useAssignVtuLine();
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search.trim(), 300);
  const clients = useClientOptions({ search: debounced, limit: 40 }, canFindClients);
  const [choice, setChoice] = useState(line.corporateId ?? SHARED);

  const found = clients.data ?? [];
  const options = [
    { value: SHARED, label: 'Shared pool (serves every client)' },
    ...(line.corporateId && !found.some((c) => c.id === line.corporateId)
      ? [{ value: line.corporateId, label: `${line.corporateName ?? 'Current client'} (current)` }]
      : []),
    ...found.map((c) => ({ value: c.id, label: c.id === line.corporateId ? `${c.name} (current)` : c.name })),
  ];
  const unchanged = choice === (line.corporateId ?? SHARED);

  const submit = () =>
    assign.mutate(
      { vtuLine: line.id, corporateId: choice || null },
      {
        onSuccess: (res) => {
          if (res.success === false) {
            toast.error(res.message || 'The line could not be assigned.');
            return;
          }
          toast.success(res.message);
          onClose();
        },
        onError: toastApiError,
      },
    );

  return (
    <Modal
      open
      onClose={onClose}
      title="Assign VTU line"
      description={`${line.name} · ${networkLabel(line.network)} · ${line.msisdn}. A dedicated line serves only its client, and is tried before the shared ones.`}
      dismissible={!assign.isPending}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={assign.isPending}>
            Cancel
          </Button>
          <Button onClick={submit} loading={assign.isPending} disabled={unchanged}>
            {choice ? 'Assign line' : 'Return to shared pool'}
          </Button>
        </>
      }
    >
      <div className="space-y-4">
        {canFindClients ? (
          <TextInput
            label="Find a client"
            type="search"
            placeholder="Name, email or phone"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            leftIcon={
              clients.isFetching ? <Spinner className="h-4 w-4" /> : <SearchIcon className="h-4 w-4" />
            }
          />
        ) : null}
        <Select
          label="Assign to"
          options={options}
          value={choice}
          onChange={(e) => setChoice(e.target.value)}
        />
        {canFindClients && debounced && !clients.isFetching && found.length === 0 ? (
          <p className="text-sm text-slate-500">No client matches “{debounced}”.</p>
        ) : null}
      </div>
    </Modal>
  );
}
