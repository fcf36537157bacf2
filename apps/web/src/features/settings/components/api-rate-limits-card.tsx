// The vending API's rate limits as the client sees them (issue 34): the limit of each key and of
// the client across its keys (the platform's default or set for it), and the calls refused in the
// last hour, in all and per key. What the answers carry (RateLimit-* headers, 429 with
// Retry-After) is said once, for the developer reading it.
import type { ApiRateLimitsView } from '@vendport/shared';
import { Badge } from '@/components/ui/badge';
import { Card, CardHeader } from '@/components/ui/card';
import { ClockIcon } from '@/components/ui/icons';
import { countOf } from '@/lib/format';
import { useApiRateLimits } from '../api/get-api-rate-limits';
import { CardQueryState } from './card-query-state';

const count = new Intl.NumberFormat('en-NG');
const perSecond = (n: number) => (Number.isInteger(n) ? count.format(n) : String(n));

function Limit({ title, note, bucket }: { title: string; note: string; bucket: ApiRateLimitsView['key'] }) {
  return (
    <div className="rounded-lg border border-slate-200 px-4 py-3" data-testid={`rate-limit-${title}`}>
      <div className="flex items-center justify-between gap-2">
        <p className="text-sm font-semibold text-slate-900">{title}</p>
        <Badge tone={bucket.source === 'CLIENT' ? 'info' : 'neutral'}>
          {bucket.source === 'CLIENT' ? 'Set for you' : 'Platform default'}
        </Badge>
      </div>
      <p className="mt-1 text-sm text-slate-700">
        {perSecond(bucket.perSecond)} requests a second, bursts of up to {count.format(bucket.burst)}
      </p>
      <p className="mt-0.5 text-xs text-slate-500">{note}</p>
    </div>
  );
}

function Limits({ v }: { v: ApiRateLimitsView }) {
  const { refusals } = v;
  return (
    <div className="space-y-4 px-6 py-5">
      <div className="grid gap-3 sm:grid-cols-2">
        <Limit title="Per API key" note="Each of your keys, live and test, on its own." bucket={v.key} />
        <Limit title="Per client" note="All your keys together." bucket={v.client} />
      </div>
      <div>
        <p className="text-sm font-semibold text-slate-900" data-testid="rate-refusals-total">
          {refusals.total === 0
            ? 'No call refused in the last hour'
            : `${countOf(refusals.total, 'call')} refused in the last hour`}
        </p>
        {refusals.byKey.length ? (
          <ul className="mt-2 divide-y divide-slate-100 rounded-lg border border-slate-200">
            {refusals.byKey.map((k) => (
              <li key={k.keyId} className="flex items-center justify-between gap-3 px-4 py-2 text-sm">
                <span className="min-w-0 break-all font-mono text-slate-700">
                  {k.masked ?? 'A key since removed'}
                  {k.masked && k.revoked ? (
                    <span className="ml-2 font-sans text-xs text-slate-500">(reset)</span>
                  ) : null}
                </span>
                <span className="shrink-0 text-slate-900">{count.format(k.refused)}</span>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      <p className="text-xs text-slate-500">
        Every API answer carries RateLimit-Limit, RateLimit-Remaining and RateLimit-Reset. A call over the
        limit is answered 429 (code RATE_LIMITED) with Retry-After in seconds; a retry of a vend reference you
        already sent is never refused.
      </p>
    </div>
  );
}

export function ApiRateLimitsCard() {
  const limits = useApiRateLimits();
  return (
    <Card>
      <CardHeader
        title={
          <span className="flex items-center gap-2">
            <ClockIcon className="h-5 w-5 text-brand-700" /> API rate limits
          </span>
        }
        description="How many calls your server may make to the VendPort API, and the calls refused for going over."
      />
      <CardQueryState query={limits} what="Your API rate limits">
        {(v) => <Limits v={v} />}
      </CardQueryState>
    </Card>
  );
}
