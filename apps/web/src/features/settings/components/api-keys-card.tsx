// API keys: the live and test keys, masked. "Copy full key" and "Reset key" ask for the password
// first; the full key shows once, in a modal with a Copy button (and is copied at once when the
// browser allows it).
import type { ApiKeyView } from '@vendport/shared';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { PasswordConfirmModal } from '@/components/password-action-modal';
import { QueryError } from '@/components/query-error';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardHeader } from '@/components/ui/card';
import { CopyIcon, KeyIcon } from '@/components/ui/icons';
import { Spinner } from '@/components/ui/spinner';
import { toastApiError } from '@/lib/api-toasts';
import { formatDate, formatShortDateTime } from '@/lib/format';
import { type KeyMode, useCopyApiKey } from '../api/copy-api-key';
import { useApiKeys } from '../api/get-api-keys';
import { useResetApiKey } from '../api/reset-api-key';
import { type RevealedSecret, SecretRevealModal } from './secret-reveal-modal';

const MODE_LABEL: Record<KeyMode, string> = { LIVE: 'Live', TEST: 'Test' };

async function tryCopy(value: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(value);
    return true;
  } catch {
    return false;
  }
}

export function ApiKeysCard() {
  const keys = useApiKeys();
  const copy = useCopyApiKey();
  const reset = useResetApiKey();
  const [asking, setAsking] = useState<{ action: 'copy' | 'reset'; mode: KeyMode } | null>(null);
  const [revealed, setRevealed] = useState<RevealedSecret | null>(null);

  const onPassword = (password: string) => {
    if (!asking) return;
    const { action, mode } = asking;
    const label = `${MODE_LABEL[mode]} API key`;
    const run = action === 'copy' ? copy : reset;
    run.mutate(
      { mode, password },
      {
        onSuccess: async (res) => {
          if (res.success === false || !res.data) {
            toast.error(res.message || 'The key could not be retrieved.');
            return;
          }
          setAsking(null);
          const key = res.data.key;
          if (action === 'reset') toast.success(res.message);
          else if (await tryCopy(key)) toast.success(`${label} copied`);
          setRevealed({
            title: `Your ${action === 'reset' ? 'new ' : ''}${MODE_LABEL[mode].toLowerCase()} API key`,
            label,
            value: key,
            note:
              action === 'reset'
                ? 'Copy it now: it is shown only this once. The previous key no longer works; update your integration.'
                : 'Keep it secret: anyone with this key can vend from your wallet. Store it in your server’s configuration, never in a web page or app.',
          });
        },
        onError: toastApiError,
      },
    );
  };

  const row = (k: ApiKeyView) => (
    // On phones the buttons take their own row under the key, which keeps the full line.
    <li
      key={k.mode}
      className="flex flex-col gap-3 px-6 py-4 sm:flex-row sm:items-center sm:gap-4"
      data-testid={`api-key-${k.mode}`}
    >
      <div className="min-w-0 flex-1">
        <div className="flex items-center gap-2">
          <p className="whitespace-nowrap text-sm font-semibold text-slate-900">{MODE_LABEL[k.mode]} key</p>
          <Badge tone={k.mode === 'LIVE' ? 'success' : 'warning'}>
            {k.mode === 'LIVE' ? 'Live money' : 'Sandbox'}
          </Badge>
        </div>
        <p className="mt-1 break-all font-mono text-sm text-slate-700">{k.masked}</p>
        <p className="mt-0.5 text-xs text-slate-500">
          Created {formatDate(k.createdAt)} ·{' '}
          {k.lastUsedAt ? `Last used ${formatShortDateTime(k.lastUsedAt)}` : 'Never used'}
        </p>
      </div>
      <div className="flex shrink-0 flex-wrap gap-2">
        <Button
          variant="secondary"
          size="sm"
          leftIcon={<CopyIcon className="h-4 w-4" />}
          onClick={() => setAsking({ action: 'copy', mode: k.mode })}
          aria-label={`Copy full ${MODE_LABEL[k.mode].toLowerCase()} key`}
        >
          Copy full key
        </Button>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => setAsking({ action: 'reset', mode: k.mode })}
          aria-label={`Reset ${MODE_LABEL[k.mode].toLowerCase()} key`}
        >
          Reset key
        </Button>
      </div>
    </li>
  );

  const mode = asking ? MODE_LABEL[asking.mode].toLowerCase() : '';
  return (
    <Card>
      <CardHeader
        title={
          <span className="flex items-center gap-2">
            <KeyIcon className="h-5 w-5 text-brand-700" /> API keys
          </span>
        }
        description="Authenticate your server’s calls to the VendPort API. Test keys vend against your sandbox wallet only."
      />
      {keys.isPending ? (
        <div className="flex justify-center py-8 text-brand-700">
          <Spinner className="h-6 w-6" label="Loading API keys" />
        </div>
      ) : keys.isError ? (
        <div className="p-6">
          <QueryError title="Your API keys could not be loaded." onRetry={() => keys.refetch()} />
        </div>
      ) : (
        <ul className="divide-y divide-slate-100">{(keys.data ?? []).map(row)}</ul>
      )}

      <PasswordConfirmModal
        open={!!asking}
        title={asking?.action === 'reset' ? `Reset ${mode} key` : `Copy ${mode} key`}
        description={
          asking?.action === 'reset'
            ? `A new ${mode} key replaces the current one, which stops working at once.`
            : `Enter your password to see the full ${mode} key.`
        }
        submitLabel={asking?.action === 'reset' ? 'Reset key' : 'Show key'}
        tone={asking?.action === 'reset' ? 'danger' : 'primary'}
        pending={copy.isPending || reset.isPending}
        onConfirm={onPassword}
        onClose={() => setAsking(null)}
      />
      <SecretRevealModal secret={revealed} onClose={() => setRevealed(null)} />
    </Card>
  );
}
