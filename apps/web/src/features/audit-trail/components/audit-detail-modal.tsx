// One audit entry in full: who (name, email, role), what (the action in words and its code),
// on what, from where (IP, user agent), when (Lagos time) and the change summary field by field.
import { type AuditView, auditActionLabel } from '@vendport/shared';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { formatShortDateTime } from '@/lib/format';
import { AuditTarget, summaryChanges } from './audit-format';

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
  const lines = summaryChanges(entry);
  const changed = lines.filter((l) => 'before' in l);
  const recorded = lines.filter((l) => 'value' in l);
  return (
    <Modal
      open={!!entry}
      onClose={onClose}
      title={entry ? auditActionLabel(entry.action) : ''}
      description={entry ? `${formatShortDateTime(entry.createdAt)} (Lagos time)` : undefined}
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
            {changed.length ? (
              <div className="overflow-x-auto rounded-lg border border-slate-200">
                <table className="w-full text-left text-sm" aria-label="Changed fields">
                  <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-500">
                    <tr>
                      <th scope="col" className="px-3 py-2 font-semibold">
                        Field
                      </th>
                      <th scope="col" className="px-3 py-2 font-semibold">
                        Before
                      </th>
                      <th scope="col" className="px-3 py-2 font-semibold">
                        After
                      </th>
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-slate-100">
                    {changed.map((c) =>
                      'before' in c ? (
                        <tr key={c.field}>
                          <th scope="row" className="px-3 py-2 font-normal text-slate-500">
                            {c.field}
                          </th>
                          <td className="break-words px-3 py-2 text-slate-500 line-through decoration-slate-300">
                            {c.before}
                          </td>
                          <td className="break-words px-3 py-2 font-medium text-slate-900">{c.after}</td>
                        </tr>
                      ) : null,
                    )}
                  </tbody>
                </table>
              </div>
            ) : null}
            {recorded.length ? (
              <dl className="mt-2 max-h-64 divide-y divide-slate-100 overflow-y-auto rounded-lg border border-slate-200 px-3">
                {recorded.map((c) =>
                  'value' in c ? (
                    <Row key={c.field} label={c.field}>
                      {c.value}
                    </Row>
                  ) : null,
                )}
              </dl>
            ) : null}
            {lines.length ? null : <p className="text-sm text-slate-500">No details recorded.</p>}
          </section>
        </div>
      ) : null}
    </Modal>
  );
}
