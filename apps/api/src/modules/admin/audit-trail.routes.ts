// The audit trail (spec §7 Admin), on screen and as CSV; corporate users see only their corporate.
import { auditActionLabel, auditQuery, auditTargetLabel, auditView, keysetPaginated } from '@vendport/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../infra/context';
import { CSV_EXPORT_LIMIT, sendCsv, toCsv } from '../../infra/csv';
import { keysetEnvelope } from '../../infra/http';
import { lagosDayEnd, lagosDayStart } from '../../infra/lagos-time';
import { dataScopeOf } from '../../infra/request-context';
import { auditPage, listAudit } from './admin.service';

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
      const csv = q.format === 'csv';
      const scope = dataScopeOf(req);
      const filter = {
        ...q,
        // A client's scope is its own corporate whatever it asks for.
        client: scope === null ? q.corporateId : undefined,
        from: q.startDate ? lagosDayStart(q.startDate) : undefined,
        to: q.endDate ? lagosDayEnd(q.endDate) : undefined,
      };
      if (csv) {
        const { rows } = await listAudit(ctx.db, scope, { ...filter, page: 1, limit: CSV_EXPORT_LIMIT });
        return sendCsv(reply, 'audit-trail.csv', toCsv(AUDIT_CSV_COLUMNS, rows));
      }
      const p = await auditPage(ctx.db, scope, filter);
      return keysetEnvelope('Audit trail retrieved', p, ({ a }) => ({
        ...a,
        createdAt: a.createdAt.toISOString(),
      }));
    },
  );
}

type AuditRow = Awaited<ReturnType<typeof listAudit>>['rows'][number];
const AUDIT_CSV_COLUMNS: Array<[string, (r: AuditRow) => unknown]> = [
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
