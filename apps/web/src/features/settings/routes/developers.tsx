// Developers: the base URLs, a quickstart with the client's own sandbox key (masked until revealed
// with the password, as on Settings), samples of every public call in four languages and a Postman
// collection (both generated from the API contract, packages/client/openapi.json), and a test
// webhook. Key and webhook parts show only to users whose role allows them; the server checks again.
import { useMemo, useState } from 'react';
import toast from 'react-hot-toast';
import { PasswordConfirmModal } from '@/components/password-action-modal';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardHeader } from '@/components/ui/card';
import { DownloadIcon, EyeIcon, EyeOffIcon } from '@/components/ui/icons';
import { PageHeader } from '@/components/ui/page-header';
import { Tabs } from '@/components/ui/tabs';
import { toastApiError } from '@/lib/api-toasts';
import { usePermissions } from '@/lib/permissions';
import { useCopyApiKey } from '../api/copy-api-key';
import { useApiKeys } from '../api/get-api-keys';
import { CodeBlock } from '../components/code-block';
import { TestWebhookCard } from '../components/test-webhook-card';
import { CONTRACT } from '../lib/contract';
import { generateSamples, LANGUAGE_LABEL, LANGUAGES, type Language, postmanCollection } from '../lib/samples';

const PLACEHOLDER_KEY = 'YOUR_TEST_KEY';

const quickstart = (
  origin: string,
  key: string,
) => `import { createVendPortClient, verifyWebhook } from '@vendport/client';

// 1. Your sandbox key: test money, the simulator, no real airtime.
const client = createVendPortClient({ baseUrl: '${origin}', apiKey: '${key}' });
await client.fundSandbox('5000');

// 2. A vend: retried safely with the same reference on a network error or a 5xx.
const result = await client.vend({ phone: '08031234567', type: 'AIRTIME', amount: '500' });
console.log(result.vend.reference, result.vend.status);

// 3. Your webhook receiver: verify the signature over the raw body.
const event = await verifyWebhook(rawBody, request.headers['x-vendport-signature'], 'whsec_...');
console.log(event.type, event.data.reference, event.livemode);`;

function download(name: string, json: unknown) {
  const blob = new Blob([JSON.stringify(json, null, 2)], { type: 'application/json' });
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 1000);
}

export default function DevelopersRoute() {
  const { can } = usePermissions();
  const canKeys = can('apikey.manage');
  const canReadSettings = can('settings.read') || can('settings.manage');
  const origin = window.location.origin;
  const baseUrl = `${origin}/api/v1/api`;

  const keys = useApiKeys(canKeys);
  const copy = useCopyApiKey();
  const [asking, setAsking] = useState(false);
  const [revealed, setRevealed] = useState<string | null>(null);
  const [shown, setShown] = useState(false);
  const [lang, setLang] = useState<Language>('curl');

  const masked = keys.data?.find((k) => k.mode === 'TEST')?.masked ?? null;
  const key = canKeys ? (shown && revealed ? revealed : (masked ?? PLACEHOLDER_KEY)) : PLACEHOLDER_KEY;
  const samples = useMemo(() => generateSamples(CONTRACT, { origin, apiKey: key }), [origin, key]);

  const onPassword = (password: string) =>
    copy.mutate(
      { mode: 'TEST', password },
      {
        onSuccess: (res) => {
          if (res.success === false || !res.data) {
            toast.error(res.message || 'The key could not be retrieved.');
            return;
          }
          setAsking(false);
          setRevealed(res.data.key);
          setShown(true);
        },
        onError: toastApiError,
      },
    );

  const toggleKey = () => {
    if (shown) setShown(false);
    else if (revealed) setShown(true);
    else setAsking(true);
  };

  return (
    <div className="min-w-0 space-y-6">
      <PageHeader
        title="Developers"
        description="Integrate the VendPort API: base URLs, a sandbox quickstart, samples of every call and a test webhook."
        actions={
          <Button
            variant="secondary"
            leftIcon={<DownloadIcon className="h-4 w-4" />}
            onClick={() => download('vendport.postman_collection.json', postmanCollection(CONTRACT, origin))}
          >
            Postman collection
          </Button>
        }
      />

      <Card>
        <CardHeader
          title="Base URLs"
          description="The key you send in the X-API-Key header selects the mode."
        />
        <dl className="divide-y divide-slate-100 text-sm">
          <div className="flex flex-col gap-1 px-6 py-3 sm:flex-row sm:items-center sm:gap-4">
            <dt className="flex w-40 shrink-0 items-center gap-2 font-medium text-slate-900">
              Sandbox <Badge tone="warning">Test</Badge>
            </dt>
            <dd className="min-w-0">
              <code className="break-all font-mono text-slate-800" data-testid="sandbox-base-url">
                {baseUrl}
              </code>
              <p className="text-xs text-slate-500">
                With your test key (vpk_test_…): sandbox wallet and simulator, no real airtime.
              </p>
            </dd>
          </div>
          <div className="flex flex-col gap-1 px-6 py-3 sm:flex-row sm:items-center sm:gap-4">
            <dt className="flex w-40 shrink-0 items-center gap-2 font-medium text-slate-900">
              Live <Badge tone="success">Live money</Badge>
            </dt>
            <dd className="min-w-0">
              <code className="break-all font-mono text-slate-800" data-testid="live-base-url">
                {baseUrl}
              </code>
              <p className="text-xs text-slate-500">
                With your live key (vpk_live_…): real airtime and data, from your wallet.
              </p>
            </dd>
          </div>
        </dl>
      </Card>

      <Card>
        <CardHeader
          title="Quickstart"
          description="Sandbox key → vend → webhook, with @vendport/client (Node 20+)."
        />
        <div className="space-y-4 px-6 py-4">
          <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
            <span className="text-sm font-medium text-slate-900">Your sandbox key</span>
            <code className="min-w-0 break-all font-mono text-sm text-slate-700" data-testid="sandbox-key">
              {canKeys ? (keys.isPending ? 'Loading…' : key) : 'Shown to users who manage API keys'}
            </code>
            {canKeys && masked ? (
              <Button
                variant="secondary"
                size="sm"
                leftIcon={shown ? <EyeOffIcon className="h-4 w-4" /> : <EyeIcon className="h-4 w-4" />}
                onClick={toggleKey}
              >
                {shown ? 'Hide key' : 'Reveal key'}
              </Button>
            ) : null}
          </div>
          {canKeys && masked && !shown ? (
            <p className="text-xs text-slate-500">
              The samples show your key masked: reveal it (your password) to copy them ready to run.
            </p>
          ) : null}
          <CodeBlock code={quickstart(origin, key)} label="Quickstart" />
        </div>
      </Card>

      <Card>
        <CardHeader
          title="API calls"
          description="Every call of the public API, generated from its published contract."
        />
        <div className="min-w-0 px-6 py-4">
          <div className="overflow-x-auto [&_button]:whitespace-nowrap">
            <Tabs
              label="Sample language"
              value={lang}
              onChange={setLang}
              items={LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_LABEL[l] }))}
            />
          </div>
          <ul className="space-y-6">
            {samples.map((s) => (
              <li key={s.id} data-testid={`sample-${s.id}`}>
                <p className="text-sm font-semibold text-slate-900">{s.summary}</p>
                <p className="mb-2 mt-0.5 break-all font-mono text-xs text-slate-500">
                  {s.method} {s.path}
                </p>
                <CodeBlock code={s.samples[lang]} label={`${s.method} ${s.path} (${LANGUAGE_LABEL[lang]})`} />
              </li>
            ))}
          </ul>
        </div>
      </Card>

      {canReadSettings ? <TestWebhookCard canSend={can('settings.manage')} /> : null}

      <PasswordConfirmModal
        open={asking}
        title="Reveal test key"
        description="Enter your password to see the full test key."
        submitLabel="Show key"
        pending={copy.isPending}
        onConfirm={onPassword}
        onClose={() => setAsking(false)}
      />
    </div>
  );
}
