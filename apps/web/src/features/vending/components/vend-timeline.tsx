// The life of a vend, oldest first: created and debited, each provider call and status query,
// reroutes, the final status, a reversal, and every webhook delivery attempt.

import { routeStepLabel, type VendEventView } from '@vendport/shared';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { cn } from '@/lib/cn';
import { formatShortDateTime } from '@/lib/format';
import { statusLabel } from '@/lib/labels';

const TITLES: Record<string, string> = {
  CREATED: 'Purchase created',
  PROVIDER_CALL: 'Provider call',
  REQUERY: 'Status check with the provider',
  REROUTED: 'Rerouted',
  STATUS: 'Status changed',
  REVERSAL: 'Debit reversed',
  WEBHOOK: 'Webhook delivery',
  REQUERY_EXHAUSTED: 'Automatic status checks stopped',
  // Issue 49: a final vend asked about again (admins only), and a late delivery charged again.
  PROVIDER_CHECK: 'Provider asked about a final vend',
  LATE_TRUTH: 'Charged again: delivered after the refund',
};

const OUTCOME_TONES: Record<string, BadgeTone> = {
  SUCCESS: 'success',
  SUCCESSFUL: 'success',
  DELIVERED: 'success',
  FAILED: 'danger',
  GAVE_UP: 'danger',
  PENDING: 'warning',
  TIMEOUT: 'warning',
  ERROR: 'warning',
  RETRY: 'warning',
  REVERSED: 'info',
  NOT_FOUND: 'neutral',
};

const DOT: Record<string, string> = {
  success: 'bg-emerald-500',
  danger: 'bg-red-500',
  warning: 'bg-amber-500',
  info: 'bg-sky-500',
  neutral: 'bg-slate-400',
};

function titleOf(e: VendEventView): string {
  if (e.type === 'STATUS' && e.status) return `Status: ${statusLabel(e.status)}`;
  if (e.type === 'REVERSAL' && e.status === 'REVERSED') return 'Reversed and refunded';
  return TITLES[e.type] ?? statusLabel(e.type);
}

/** An event and how many identical ones followed it at once (repeated status checks). */
type Grouped = VendEventView & { repeats: number; lastAt: string };

/**
 * Consecutive events that say the same thing (a status check answered "pending" again and
 * again) read as one line with a count, so the timeline stays readable.
 */
export function groupRepeats(events: VendEventView[]): Grouped[] {
  const out: Grouped[] = [];
  for (const e of events) {
    const prev = out.at(-1);
    if (
      prev &&
      prev.type === e.type &&
      prev.outcome === e.outcome &&
      prev.status === e.status &&
      prev.message === e.message &&
      prev.provider === e.provider &&
      (e.type === 'REQUERY' || e.type === 'WEBHOOK')
    ) {
      prev.repeats += 1;
      prev.lastAt = e.createdAt;
    } else {
      out.push({ ...e, repeats: 1, lastAt: e.createdAt });
    }
  }
  return out;
}

export function VendTimeline({ events }: { events: VendEventView[] }) {
  if (events.length === 0) return <p className="text-sm text-slate-500">No events recorded yet.</p>;
  return (
    <ol className="relative space-y-5 border-l border-slate-200 pl-6" aria-label="Timeline">
      {groupRepeats(events).map((e, i) => {
        const badge = e.outcome ?? (e.type === 'STATUS' || e.type === 'CREATED' ? e.status : null);
        const tone = (badge && OUTCOME_TONES[badge]) || (e.type === 'REVERSAL' ? 'info' : 'neutral');
        return (
          <li key={`${e.createdAt}-${e.type}-${i}`} className="relative" data-testid="timeline-event">
            <span
              className={cn(
                'absolute -left-[1.94rem] top-1.5 h-3 w-3 rounded-full ring-4 ring-white',
                DOT[tone],
              )}
              aria-hidden="true"
            />
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <p className="text-sm font-medium text-slate-900">
                {titleOf(e)}
                {e.repeats > 1 ? (
                  <span className="ml-1.5 font-normal text-slate-500">
                    × {e.repeats} (last {formatShortDateTime(e.lastAt)})
                  </span>
                ) : null}
              </p>
              {badge ? <Badge tone={tone}>{statusLabel(badge)}</Badge> : null}
              {e.provider ? (
                <span className="text-xs text-slate-500">via {routeStepLabel(e.provider)}</span>
              ) : null}
              <time dateTime={e.createdAt} title={e.createdAt} className="ml-auto text-xs text-slate-500">
                {formatShortDateTime(e.createdAt)}
              </time>
            </div>
            {e.message ? <p className="mt-1 break-words text-sm text-slate-600">{e.message}</p> : null}
          </li>
        );
      })}
    </ol>
  );
}
