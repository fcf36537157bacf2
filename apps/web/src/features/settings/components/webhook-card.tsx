// The webhook: the URL that receives signed vend events (vend.successful, vend.failed,
// vend.reversed), its signing secret (masked; shown once when made or rotated, the rotation
// password-confirmed), and its removal (password-confirmed too).
import { zodResolver } from '@hookform/resolvers/zod';
import { webhookUrlBody } from '@vendport/shared';
import { useEffect, useState } from 'react';

import toast from 'react-hot-toast';
import { PasswordConfirmModal } from '@/components/password-action-modal';
import { QueryError } from '@/components/query-error';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardHeader } from '@/components/ui/card';
import { ServerIcon } from '@/components/ui/icons';
import { Spinner } from '@/components/ui/spinner';
import { TextInput } from '@/components/ui/text-input';
import { toastApiError, toastApiResult } from '@/lib/api-toasts';
import { formatShortDateTime } from '@/lib/format';
import { useAppForm } from '@/lib/use-app-form';
import { useWebhook } from '../api/get-webhook';
import { useRemoveWebhook, useRotateWebhookSecret, useSaveWebhook } from '../api/save-webhook';
import { type RevealedSecret, SecretRevealModal } from './secret-reveal-modal';

const secretShown = (value: string, first: boolean): RevealedSecret => ({
  title: first ? 'Your webhook signing secret' : 'Your new webhook signing secret',
  label: 'Signing secret',
  value,
  note: 'Copy it now: it is shown only this once. Use it to check the X-VendPort-Signature header of every event.',
});

export function WebhookCard({ canManage }: { canManage: boolean }) {
  const webhook = useWebhook();
  const save = useSaveWebhook();
  const rotate = useRotateWebhookSecret();
  const remove = useRemoveWebhook();
  const [rotating, setRotating] = useState(false);
  const [removing, setRemoving] = useState(false);
  const [revealed, setRevealed] = useState<RevealedSecret | null>(null);
  const current = webhook.data?.url ?? '';
  const {
    register,
    handleSubmit,
    reset,
    watch,
    formState: { errors },
  } = useAppForm({ resolver: zodResolver(webhookUrlBody), defaultValues: { url: current } });
  // The field follows the saved URL when it loads or changes.
  useEffect(() => reset({ url: current }), [current, reset]);
  const typed = watch('url');

  const onSave = handleSubmit(({ url }) =>
    save.mutate(url, {
      onSuccess: (res) => {
        toastApiResult(res);
        if (res.success !== false && res.data?.secret) setRevealed(secretShown(res.data.secret, true));
      },
      onError: toastApiError,
    }),
  );

  const onRotate = (password: string) =>
    rotate.mutate(password, {
      onSuccess: (res) => {
        if (res.success === false || !res.data?.secret) {
          toast.error(res.message || 'The secret could not be replaced.');
          return;
        }
        toast.success(res.message);
        setRotating(false);
        setRevealed(secretShown(res.data.secret, false));
      },
      onError: toastApiError,
    });

  const onRemove = (password: string) =>
    remove.mutate(password, {
      onSuccess: (res) => {
        toastApiResult(res);
        if (res.success !== false) setRemoving(false);
      },
      onError: toastApiError,
    });

  return (
    <Card>
      <CardHeader
        title={
          <span className="flex items-center gap-2">
            <ServerIcon className="h-5 w-5 text-brand-700" /> Webhook
          </span>
        }
        description="Where we send your signed vend events."
        actions={
          webhook.data ? (
            webhook.data.url ? (
              <Badge tone="success">Active</Badge>
            ) : (
              <Badge tone="neutral">Not set</Badge>
            )
          ) : null
        }
      />
      {webhook.isPending ? (
        <div className="flex justify-center py-8 text-brand-700">
          <Spinner className="h-6 w-6" label="Loading webhook" />
        </div>
      ) : webhook.isError || !webhook.data ? (
        <div className="p-6">
          <QueryError title="Your webhook could not be loaded." onRetry={() => webhook.refetch()} />
        </div>
      ) : (
        <div className="space-y-5 px-6 py-5">
          {canManage ? (
            <form
              onSubmit={onSave}
              noValidate
              aria-label="Webhook URL"
              className="flex flex-wrap items-start gap-3"
            >
              <TextInput
                label="Webhook URL"
                type="url"
                placeholder="https://example.com/vendport/webhook"
                containerClassName="min-w-[18rem] flex-1"
                error={!!errors.url}
                errorMessage={errors.url?.message}
                {...register('url')}
              />
              <Button
                type="submit"
                loading={save.isPending}
                disabled={!typed || typed.trim() === current}
                className="sm:mt-7"
              >
                {current ? 'Update URL' : 'Save URL'}
              </Button>
            </form>
          ) : (
            <div>
              <p className="text-xs font-medium uppercase tracking-wide text-slate-500">Webhook URL</p>
              <p className="mt-1 break-all font-mono text-sm text-slate-900">{current || 'Not set'}</p>
            </div>
          )}
          {webhook.data.url ? (
            <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg bg-slate-50 px-4 py-3">
              <div>
                <p className="text-xs font-medium uppercase tracking-wide text-slate-500">Signing secret</p>
                <p className="mt-0.5 font-mono text-sm text-slate-800" data-testid="webhook-secret">
                  {webhook.data.secretMasked}
                </p>
                {webhook.data.updatedAt ? (
                  <p className="mt-0.5 text-xs text-slate-500">
                    Updated {formatShortDateTime(webhook.data.updatedAt)}
                  </p>
                ) : null}
              </div>
              {canManage ? (
                <div className="flex gap-2">
                  <Button variant="secondary" size="sm" onClick={() => setRotating(true)}>
                    Rotate secret
                  </Button>
                  <Button variant="ghost" size="sm" onClick={() => setRemoving(true)}>
                    Remove webhook
                  </Button>
                </div>
              ) : null}
            </div>
          ) : null}
          <p className="text-xs text-slate-500">
            Every final status (vend.successful, vend.failed, vend.reversed) is POSTed to this URL and retried
            with backoff until it answers 2xx. Each event carries{' '}
            <span className="font-mono">X-VendPort-Signature: t=&lt;unix time&gt;,v1=&lt;hex&gt;</span>, the
            HMAC-SHA256 of <span className="font-mono">t + "." + body</span> with your signing secret.
          </p>
        </div>
      )}

      <PasswordConfirmModal
        open={rotating}
        title="Rotate signing secret"
        description="A new secret replaces the current one at once: events from now on are signed with the new secret."
        submitLabel="Rotate secret"
        tone="danger"
        pending={rotate.isPending}
        onConfirm={onRotate}
        onClose={() => setRotating(false)}
      />
      <PasswordConfirmModal
        open={removing}
        title="Remove webhook"
        description="No more events will be sent, and deliveries still waiting stop. A URL set later gets a new signing secret."
        submitLabel="Remove webhook"
        tone="danger"
        pending={remove.isPending}
        onConfirm={onRemove}
        onClose={() => setRemoving(false)}
      />
      <SecretRevealModal secret={revealed} onClose={() => setRevealed(null)} />
    </Card>
  );
}
