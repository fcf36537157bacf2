// A client's vending API rate limits on its detail page (issue 34): the limits in force per key
// and per client (its own or the platform's default) and its last hour's refusals; an admin with
// clients.manage sets its own limits (an empty field takes the default). Audited, no password:
// it moves no money and opens no access.
import { zodResolver } from '@hookform/resolvers/zod';
import { type ApiRateLimitsView, rateLimitOverrideBody } from '@vendport/shared';
import { useEffect } from 'react';
import type { z } from 'zod';
import { QueryError } from '@/components/query-error';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardHeader } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { TextInput } from '@/components/ui/text-input';
import { envelopeCallbacks } from '@/lib/api-toasts';
import { useAppForm } from '@/lib/use-app-form';
import { useClientRateLimits, useSetClientRateLimits } from '../api/client-rate-limits';

type Form = { keyPerS: string; keyBurst: string; clientPerS: string; clientBurst: string };
/** The form's fields as the body's schema reads them (text, parsed on submit), and what it saves. */
type Fields = z.input<typeof rateLimitOverrideBody>;
type Saved = z.output<typeof rateLimitOverrideBody>;
const FIELDS: { name: keyof Form; label: string }[] = [
  { name: 'keyPerS', label: 'Requests a second per key' },
  { name: 'keyBurst', label: 'Burst per key' },
  { name: 'clientPerS', label: 'Requests a second for the client' },
  { name: 'clientBurst', label: 'Burst for the client' },
];

const count = new Intl.NumberFormat('en-NG');
const formOf = (v: ApiRateLimitsView): Form => ({
  keyPerS: v.override.keyPerS?.toString() ?? '',
  keyBurst: v.override.keyBurst?.toString() ?? '',
  clientPerS: v.override.clientPerS?.toString() ?? '',
  clientBurst: v.override.clientBurst?.toString() ?? '',
});

function Bucket({ label, b }: { label: string; b: ApiRateLimitsView['key'] }) {
  return (
    <p className="text-sm text-slate-700">
      <span className="font-medium text-slate-900">{label}:</span> {count.format(b.perSecond)} a second, burst{' '}
      {count.format(b.burst)}{' '}
      <Badge tone={b.source === 'CLIENT' ? 'info' : 'neutral'}>
        {b.source === 'CLIENT' ? 'Set for this client' : 'Platform default'}
      </Badge>
    </p>
  );
}

function OverrideForm({ corporateId, view }: { corporateId: string; view: ApiRateLimitsView }) {
  const save = useSetClientRateLimits();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isDirty },
  } = useAppForm<Fields, unknown, Saved>({
    resolver: zodResolver(rateLimitOverrideBody),
    defaultValues: formOf(view),
  });
  useEffect(() => reset(formOf(view)), [view, reset]);
  // The resolver hands over the parsed body: numbers, null for an empty field (the default).
  const onSave = handleSubmit((values) => save.mutate({ corporateId, ...values }, envelopeCallbacks()));
  return (
    <form onSubmit={onSave} noValidate aria-label="Client API rate limits" className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        {FIELDS.map((f) => (
          <TextInput
            key={f.name}
            label={f.label}
            inputMode="numeric"
            placeholder={`Default: ${count.format(view.defaults[f.name])}`}
            error={!!errors[f.name]}
            errorMessage={errors[f.name]?.message}
            {...register(f.name)}
          />
        ))}
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-xs text-slate-500">Leave a field empty for the platform default.</p>
        <Button type="submit" loading={save.isPending} disabled={!isDirty}>
          Save rate limits
        </Button>
      </div>
    </form>
  );
}

export function ClientRateLimitsCard({
  corporateId,
  canManage,
}: {
  corporateId: string;
  canManage: boolean;
}) {
  const limits = useClientRateLimits(corporateId);
  const v = limits.data;
  return (
    <Card>
      <CardHeader
        title="API rate limits"
        description="Calls the client’s server may make to the vending API, per key and across its keys."
      />
      {limits.isPending ? (
        <div className="flex justify-center py-8 text-brand-700">
          <Spinner className="h-6 w-6" label="Loading API rate limits" />
        </div>
      ) : limits.isError || !v ? (
        <div className="p-6">
          <QueryError title="The API rate limits could not be loaded." onRetry={() => limits.refetch()} />
        </div>
      ) : (
        <div className="space-y-4 px-6 py-5">
          <div className="space-y-1">
            <Bucket label="Per key" b={v.key} />
            <Bucket label="Per client" b={v.client} />
            <p className="text-sm text-slate-700" data-testid="client-rate-refusals">
              Refused in the last hour: {count.format(v.refusals.total)}
              {v.refusals.byKey.length
                ? ` (${v.refusals.byKey.map((k) => `${k.masked ?? 'a removed key'}: ${count.format(k.refused)}`).join('; ')})`
                : ''}
            </p>
          </div>
          {canManage ? <OverrideForm corporateId={corporateId} view={v} /> : null}
        </div>
      )}
    </Card>
  );
}
