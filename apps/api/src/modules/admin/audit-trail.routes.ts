// The audit trail (spec §7 Admin), on screen (by keyset) and as CSV (streamed a batch at a time);
// corporate users see only their corporate.
import {
  type AuditNames,
  auditActionLabel,
  auditChangesText,
  auditQuery,
  auditTargetLabel,
  auditView,
  keysetPaginated,
} from '@vendport/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AuditLogRow } from '../../infra/audit';
import type { AppContext } from '../../infra/context';
import { csvChunks, sendCsvStream } from '../../infra/csv';
import { keysetEnvelope } from '../../infra/http';
import { lagosDayEnd, lagosDayStart } from '../../infra/lagos-time';
import { dataScopeOf } from '../../infra/request-context';
import { auditLogBatches, auditPage } from './admin.service';
import { auditNamesOf, namesFor } from './audit-names';

type Named = { r: AuditLogRow; names: AuditNames };

/** The export's batches with the names their summaries refer to (one lookup per batch). */
async function* named(batches: AsyncIterable<AuditLogRow[]>, db: AppContext['db']): AsyncGenerator<Named[]> {
  for await (const rows of batches) {
    const all = await auditNamesOf(db, rows);
    yield rows.map((r) => ({ r, names: namesFor(r, all) }));
  }
}

export async function auditTrailRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/audit-trails',
    {
      config: { permission: { ADMIN: 'audit.read', CORPORATE: 'team.audit.read' } },
      schema: {
        tags: ['Audit'],
        summary: 'The audit trail; corporate users see only their corporate',
        querystring: auditQuery,
        response: { 200: keysetPaginated(auditView) },
      },
    },
    async (req, reply) => {
      const q = req.query;
      const scope = dataScopeOf(req);
      const filter = {
        ...q,
        // A client's scope is its own corporate whatever it asks for.
        client: scope === null ? q.corporateId : undefined,
        from: q.startDate ? lagosDayStart(q.startDate) : undefined,
        to: q.endDate ? lagosDayEnd(q.endDate) : undefined,
      };
      if (q.format === 'csv')
        return sendCsvStream(
          reply,
          'audit-trail.csv',
          csvChunks(AUDIT_CSV_COLUMNS, named(auditLogBatches(ctx.db, scope, filter), ctx.db)),
        );
      const p = await auditPage(ctx.db, scope, filter);
      const all = await auditNamesOf(
        ctx.db,
        p.rows.map(({ a }) => a),
      );
      return keysetEnvelope('Audit trail retrieved', p, ({ a }) => ({
        ...a,
        names: namesFor(a, all),
        createdAt: a.createdAt.toISOString(),
      }));
    },
  );
}

const AUDIT_CSV_COLUMNS: Array<[string, (x: Named) => unknown]> = [
  ['Date (Lagos)', ({ r }) => r.createdAt],
  ['Actor', ({ r }) => r.actorName],
  ['Actor email', ({ r }) => r.actorEmail],
  ['Role', ({ r }) => r.actorRole],
  ['Action', ({ r }) => auditActionLabel(r.action)],
  ['Action code', ({ r }) => r.action],
  ['Target type', ({ r }) => (r.targetType ? auditTargetLabel(r.targetType) : '')],
  ['Target', ({ r }) => r.targetId],
  ['IP address', ({ r }) => r.ip],
  ['User agent', ({ r }) => r.userAgent],
  // The same lines as the screen: typed, in words (issue 53 point 6), not the stored JSON.
  ['Change summary', ({ r, names }) => auditChangesText(r.action, r.summary, names)],
];
