// One audit entry in full: who (name, email, role), what (the action in words and its code),
// on what, from where (IP, user agent), when (Lagos time) and the change summary field by field.
import { type AuditView, auditActionLabel } from '@vendport/shared';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { formatDateTime } from '@/lib/format';
import { AuditTarget, summaryValue } from './audit-format';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-3 gap-3 py-2 text-sm">
      <dt className="text-slate-500">{label}</dt>
      <dd className="col-span-2 min-w-0 break-words text-slate-900">{children}</dd>
    </div>
  );
}

export function AuditDetailModal({
  entry,
  area,
  onClose,
}: {
  entry: AuditView | null;
  area: 'ADMIN' | 'CORPORATE';
  onClose: () => void;
}) {
  const summary = Object.entries(entry?.summary ?? {});
  return (
    <Modal
      open={!!entry}
      onClose={onClose}
      title={entry ? auditActionLabel(entry.action) : ''}
      description={entry ? `${formatDateTime(entry.createdAt)} (Lagos time)` : undefined}
      size="lg"
      footer={
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      }
    >
      {entry ? (
        <div className="space-y-4">
          <dl className="divide-y divide-slate-100">
            <Row label="Actor">
              {entry.actorName ?? 'System'}
              {entry.actorEmail ? (
                <span className="block text-xs text-slate-500">{entry.actorEmail}</span>
              ) : null}
            </Row>
            <Row label="Role">{entry.actorRole ?? '—'}</Row>
            <Row label="Action">
              {auditActionLabel(entry.action)}
              <span className="block font-mono text-xs text-slate-500">{entry.action}</span>
            </Row>
            <Row label="Target">
              <AuditTarget entry={entry} area={area} />
            </Row>
            <Row label="IP address">{entry.ip ?? '—'}</Row>
            <Row label="User agent">
              <span className="text-xs">{entry.userAgent ?? '—'}</span>
            </Row>
          </dl>
          <section aria-label="Change summary">
            <h3 className="mb-1 text-sm font-semibold text-slate-900">Change summary</h3>
            {summary.length ? (
              <dl className="max-h-64 divide-y divide-slate-100 overflow-y-auto rounded-lg border border-slate-200 px-3">
                {summary.map(([k, v]) => (
                  <Row key={k} label={k}>
                    <span className="font-mono text-xs">{summaryValue(v)}</span>
                  </Row>
                ))}
              </dl>
            ) : (
              <p className="text-sm text-slate-500">No details recorded.</p>
            )}
          </section>
        </div>
      ) : null}
    </Modal>
  );
}
