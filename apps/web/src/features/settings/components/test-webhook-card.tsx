// "Send test webhook": a signed sample vend.successful (livemode false) to the client's URL, now,
// with the attempt's answer; the delivery log (with resend) is on the Settings page.
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardHeader } from '@/components/ui/card';
import { envelopeCallbacks } from '@/lib/api-toasts';
import { useWebhook } from '../api/get-webhook';
import { useSendTestWebhook } from '../api/send-test-webhook';

export function TestWebhookCard({ canSend }: { canSend: boolean }) {
  const webhook = useWebhook();
  const send = useSendTestWebhook();
  const url = webhook.data?.url ?? null;
  const result = send.data?.data ?? null;

  return (
    <Card>
      <CardHeader
        title="Test webhook"
        description="Sends a signed sample vend.successful event (livemode false) to your webhook URL now. Check your signature verification with it."
        actions={
          canSend ? (
            <Button
              onClick={() => send.mutate(undefined, envelopeCallbacks())}
              loading={send.isPending}
              disabled={!url}
            >
              Send test webhook
            </Button>
          ) : null
        }
      />
      <div className="space-y-3 px-6 py-4 text-sm">
        <p className="break-all text-slate-700">
          <span className="font-medium text-slate-900">Webhook URL: </span>
          {webhook.isPending ? 'Loading…' : (url ?? 'not set')}
        </p>
        {!webhook.isPending && !url ? (
          <p className="text-slate-600">
            Set a webhook URL in{' '}
            <Link className="font-medium text-brand-700 underline" to="/dashboard/settings">
              Settings → API and webhook
            </Link>{' '}
            first.
          </p>
        ) : null}
        {result ? (
          <div
            className="rounded-xl border border-slate-200 p-4"
            data-testid="test-webhook-result"
            aria-live="polite"
          >
            <div className="flex flex-wrap items-center gap-2">
              <Badge tone={result.status === 'DELIVERED' ? 'success' : 'danger'}>
                {result.status === 'DELIVERED' ? 'Delivered' : 'Not delivered'}
              </Badge>
              <span className="font-mono text-xs text-slate-600">{result.eventId}</span>
            </div>
            <dl className="mt-3 grid grid-cols-1 gap-2 sm:grid-cols-3">
              <div>
                <dt className="text-xs text-slate-500">Answer</dt>
                <dd className="font-medium text-slate-900">
                  {result.lastStatusCode !== null ? `HTTP ${result.lastStatusCode}` : 'No answer'}
                </dd>
              </div>
              <div>
                <dt className="text-xs text-slate-500">Duration</dt>
                <dd className="font-medium text-slate-900">{result.durationMs} ms</dd>
              </div>
              <div>
                <dt className="text-xs text-slate-500">Attempt</dt>
                <dd className="font-medium text-slate-900">{result.attempts}</dd>
              </div>
            </dl>
            {result.lastError && result.status !== 'DELIVERED' ? (
              <p className="mt-2 break-all text-xs text-red-700">{result.lastError}</p>
            ) : null}
          </div>
        ) : null}
        <p>
          <Link className="font-medium text-brand-700 underline" to="/dashboard/settings">
            Webhook delivery log (resend an event)
          </Link>
        </p>
      </div>
    </Card>
  );
}
