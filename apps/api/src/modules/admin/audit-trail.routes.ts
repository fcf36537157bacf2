// The audit trail (spec §7 Admin), on screen (by keyset) and as CSV (streamed a batch at a time);
// corporate users see only their corporate.
import { auditActionLabel, auditQuery, auditTargetLabel, auditView, keysetPaginated } from '@vendport/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AuditLogRow } from '../../infra/audit';
import type { AppContext } from '../../infra/context';
import { csvChunks, sendCsvStream } from '../../infra/csv';
import { keysetEnvelope } from '../../infra/http';
import { lagosDayEnd, lagosDayStart } from '../../infra/lagos-time';
import { dataScopeOf } from '../../infra/request-context';
import { auditLogBatches, auditPage } from './admin.service';

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
          csvChunks(AUDIT_CSV_COLUMNS, auditLogBatches(ctx.db, scope, filter)),
        );
      const p = await auditPage(ctx.db, scope, filter);
      return keysetEnvelope('Audit trail retrieved', p, ({ a }) => ({
        ...a,
        createdAt: a.createdAt.toISOString(),
      }));
    },
  );
}

const AUDIT_CSV_COLUMNS: Array<[string, (r: AuditLogRow) => unknown]> = [
  ['Date (Lagos)', (r) => r.createdAt],
  ['Actor', (r) => r.actorName],
  ['Actor email', (r) => r.actorEmail],
  ['Role', (r) => r.actorRole],
  ['Action', (r) => auditActionLabel(r.action)],
  ['Action code', (r) => r.action],
  ['Target type', (r) => (r.targetType ? auditTargetLabel(r.targetType) : '')],
  ['Target', (r) => r.targetId],
  ['IP address', (r) => r.ip],
  ['User agent', (r) => r.userAgent],
  ['Change summary', (r) => JSON.stringify(r.summary)],
];
