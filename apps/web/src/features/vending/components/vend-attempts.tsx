// The requests a vend made to upstream providers (issue 32), in route order: which provider, how
// it ended, when it was sent and answered (Africa/Lagos). Admins also see the request id, the
// provider's reference, the message, how long it took, the status checks and the raw answer.
// A vend that never left the simulator has no attempts, and the section is not shown.
import { providerLabel, type VendAttemptView } from '@vendport/shared';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { formatTime } from '@/lib/format';

const STATUS: Record<VendAttemptView['status'], { label: string; tone: BadgeTone }> = {
  SENT: { label: 'Sent', tone: 'warning' },
  SUCCESSFUL: { label: 'Successful', tone: 'success' },
  FAILED: { label: 'Failed', tone: 'danger' },
  UNKNOWN: { label: 'Unknown', tone: 'warning' },
  NOT_FOUND: { label: 'Not found', tone: 'neutral' },
  REVERSED: { label: 'Reversed', tone: 'info' },
};

export const formatDuration = (ms: number) => (ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`);

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="mt-0.5 break-words text-sm text-slate-900">{children}</dd>
    </div>
  );
}

function rawText(raw: unknown): string {
  if (typeof raw === 'string') return raw;
  try {
    return JSON.stringify(raw, null, 2);
  } catch {
    return String(raw);
  }
}

export function VendAttempts({ attempts, admin }: { attempts: VendAttemptView[]; admin: boolean }) {
  if (!attempts.length) return null;
  return (
    <ol aria-label="Attempts" className="divide-y divide-slate-100">
      {attempts.map((a) => {
        const s = STATUS[a.status] ?? { label: a.status, tone: 'neutral' as const };
        return (
          <li
            key={`${a.position}-${a.createdAt}`}
            className="py-3 first:pt-0 last:pb-0"
            data-testid="vend-attempt"
          >
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <span className="text-sm font-semibold text-slate-900">
                {a.position + 1}. {providerLabel(a.provider)}
              </span>
              <Badge tone={s.tone}>{s.label}</Badge>
              <span className="text-sm text-slate-500">
                Sent {formatTime(a.createdAt)}
                {' · '}
                {a.answeredAt ? `answered ${formatTime(a.answeredAt)}` : 'no answer yet'}
              </span>
            </div>
            {admin ? (
              <>
                <dl className="mt-2 grid gap-x-6 gap-y-2 sm:grid-cols-2 lg:grid-cols-[max-content_max-content_repeat(3,minmax(0,1fr))]">
                  <Fact label="Request ID">
                    <span className="font-mono text-xs">{a.requestId ?? '—'}</span>
                  </Fact>
                  <Fact label="Provider reference">
                    <span className="font-mono text-xs">{a.providerReference ?? '—'}</span>
                  </Fact>
                  <Fact label="Duration">{a.durationMs == null ? '—' : formatDuration(a.durationMs)}</Fact>
                  <Fact label="Status checks">{a.requeryCount ?? 0}</Fact>
                  <Fact label="Failure">{a.failureKind ?? 'None'}</Fact>
                </dl>
                {a.message ? <p className="mt-2 text-sm text-slate-700">{a.message}</p> : null}
                {a.raw != null ? (
                  <details className="mt-2">
                    <summary className="cursor-pointer text-sm font-medium text-brand-700">
                      Raw answer
                    </summary>
                    <pre className="mt-2 max-h-64 overflow-auto rounded-md bg-slate-50 p-3 text-xs text-slate-800">
                      {rawText(a.raw)}
                    </pre>
                  </details>
                ) : null}
              </>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}
