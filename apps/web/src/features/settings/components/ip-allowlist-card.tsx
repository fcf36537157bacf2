// The IP allow-list: the addresses and CIDR ranges the API keys may be used from. An empty list
// allows every address. Adding and removing need settings.manage; removing, and adding the first
// entry (which closes the API to every other address), ask first.
import { zodResolver } from '@hookform/resolvers/zod';
import { type IpEntryView, ipAddBody } from '@vendport/shared';
import { useState } from 'react';

import { QueryError } from '@/components/query-error';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardHeader } from '@/components/ui/card';
import { ConfirmModal } from '@/components/ui/confirm-modal';
import { ShieldIcon, TrashIcon } from '@/components/ui/icons';
import { type Column, Table } from '@/components/ui/table';
import { TextInput } from '@/components/ui/text-input';
import { ApiError } from '@/lib/api-client';
import { toastApiError, toastApiResult } from '@/lib/api-toasts';
import { countOf, formatDate } from '@/lib/format';
import { useAppForm } from '@/lib/use-app-form';
import { useAddIp } from '../api/add-ip';
import { useIpAllowlist } from '../api/get-ip-allowlist';
import { useRemoveIp } from '../api/remove-ip';

export function IpAllowlistCard({ canManage }: { canManage: boolean }) {
  const list = useIpAllowlist();
  const add = useAddIp();
  const remove = useRemoveIp();
  const [removing, setRemoving] = useState<IpEntryView | null>(null);
  // The first entry closes the API to every other address: asked first, like a removal.
  const [firstEntry, setFirstEntry] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useAppForm({ resolver: zodResolver(ipAddBody), defaultValues: { address: '' } });

  const entries = list.data ?? [];

  const submit = (address: string) =>
    add.mutate(address, {
      onSuccess: (res) => {
        toastApiResult(res);
        setFirstEntry(null);
        if (res.success !== false) reset({ address: '' });
        else setError('address', { message: res.message });
      },
      onError: (err) => {
        setFirstEntry(null);
        // The server's refusal (not an address, already listed) belongs under the field.
        if (err instanceof ApiError && (err.status === 400 || err.status === 409))
          setError('address', { message: err.message });
        else toastApiError(err);
      },
    });

  const onAdd = handleSubmit(({ address }) => {
    if (entries.length === 0) setFirstEntry(address);
    else submit(address);
  });

  const onRemove = () => {
    if (!removing) return;
    remove.mutate(removing.id, {
      onSuccess: (res) => {
        toastApiResult(res);
        setRemoving(null);
      },
      onError: toastApiError,
    });
  };

  const columns: Column<IpEntryView>[] = [
    {
      key: 'address',
      card: 'main',
      header: 'Address or range',
      cell: (r) => <span className="font-mono text-sm text-slate-900">{r.address}</span>,
    },
    { key: 'added', card: 'main', header: 'Added', cell: (r) => formatDate(r.createdAt) },
    ...(canManage
      ? [
          {
            key: 'remove',
            card: 'action' as const,
            header: <span className="sr-only">Actions</span>,
            align: 'right' as const,
            cell: (r: IpEntryView) => (
              <Button
                variant="ghost"
                size="sm"
                leftIcon={<TrashIcon className="h-4 w-4" />}
                onClick={() => setRemoving(r)}
                aria-label={`Remove ${r.address}`}
              >
                Remove
              </Button>
            ),
          },
        ]
      : []),
  ];

  return (
    <Card className="overflow-hidden">
      <CardHeader
        title={
          <span className="flex items-center gap-2">
            <ShieldIcon className="h-5 w-5 text-brand-700" /> IP allow-list
          </span>
        }
        description="The addresses your API keys may be used from."
        actions={
          list.data ? (
            entries.length === 0 ? (
              <Badge tone="warning">Open to every address</Badge>
            ) : (
              <Badge tone="success">{`Restricted to ${countOf(entries.length, 'entry', 'entries')}`}</Badge>
            )
          ) : null
        }
      />
      <div className="space-y-4 px-6 py-5">
        <p className="text-sm text-slate-600" data-testid="ip-explainer">
          {entries.length === 0
            ? 'While the list is empty, API calls with your keys are accepted from any address. Once you add an address or a CIDR range (IPv4 or IPv6), calls from anywhere else are refused. The portal itself is not affected.'
            : 'Only the addresses and ranges below may call the API with your keys; calls from anywhere else are refused. Removing the last one opens the API to every address again. The portal itself is not affected.'}
        </p>
        {canManage ? (
          <form
            onSubmit={onAdd}
            noValidate
            aria-label="Add IP address"
            className="flex flex-wrap items-start gap-3"
          >
            <TextInput
              label="IP address or CIDR range"
              placeholder="203.0.113.7 or 10.0.0.0/8"
              containerClassName="min-w-[16rem] flex-1"
              error={!!errors.address}
              errorMessage={errors.address?.message}
              {...register('address')}
            />
            <Button type="submit" loading={add.isPending} className="sm:mt-7">
              Add address
            </Button>
          </form>
        ) : null}
      </div>
      {list.isError ? (
        <div className="px-6 pb-6">
          <QueryError title="The allow-list could not be loaded." onRetry={() => list.refetch()} />
        </div>
      ) : (
        <div className="border-t border-slate-100">
          <Table
            caption="IP allow-list"
            columns={columns}
            rows={entries}
            rowKey={(r) => r.id}
            loading={list.isPending}
            emptyText="No addresses yet: API calls are accepted from any address."
          />
        </div>
      )}
      <ConfirmModal
        open={firstEntry !== null}
        title="Restrict API access?"
        message={`From now on only ${firstEntry ?? ''} may call the API with your keys: calls from every other address are refused. Make sure it is the address your servers call from.`}
        confirmLabel="Restrict to this address"
        loading={add.isPending}
        onConfirm={() => firstEntry && submit(firstEntry)}
        onCancel={() => setFirstEntry(null)}
      />
      <ConfirmModal
        open={!!removing}
        title="Remove IP address?"
        message={
          <p>
            <span className="font-mono font-medium text-slate-900">{removing?.address}</span> will no longer
            be allowed to call the API.
            {entries.length === 1
              ? ' It is the last entry: the API will accept calls from any address again.'
              : ''}
          </p>
        }
        confirmLabel="Remove"
        tone="danger"
        loading={remove.isPending}
        onConfirm={onRemove}
        onCancel={() => setRemoving(null)}
      />
    </Card>
  );
}
