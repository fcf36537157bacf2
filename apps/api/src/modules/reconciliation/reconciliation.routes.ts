// Reconciliation (spec §7 Settings: GET and POST reconciliation/settings), and the statements:
// the list, one as a CSV or a PDF download, and one made now for a past range.
import {
  paginated,
  reconciliationSettingsBody,
  reconciliationSettingsView,
  statementRequestBody,
  statementsQuery,
  statementView,
  successEnvelope,
} from '@vendport/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../infra/context';
import { sendCsv } from '../../infra/csv';
import { ok, pagedEnvelope } from '../../infra/http';
import { corporateOf, requestContextOf } from '../../infra/request-context';
import { reconciliationSettings, saveReconciliationSettings } from './reconciliation.service';
import { listStatements } from './reconciliation-reads.service';
import { statementFilename, statementOf, statementOnDemand, statementOut } from './statement.service';
import { storedStatementPdf } from './statement-pdf';

// 'settings.manage' names an admin permission too: the area is spelled out.
const SETTINGS_READ = { CORPORATE: ['settings.read', 'settings.manage'] } as const;
const SETTINGS_MANAGE = { CORPORATE: 'settings.manage' } as const;
const tags = ['Settings: reconciliation'];

export async function reconciliationRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/reconciliation/settings',
    {
      config: { permission: SETTINGS_READ },
      schema: {
        tags,
        summary: 'Statement frequency, delivery and format, and the low-balance threshold',
        response: { 200: successEnvelope(reconciliationSettingsView) },
      },
    },
    async (req) =>
      ok('Reconciliation settings retrieved', await reconciliationSettings(ctx, corporateOf(req))),
  );

  r.post(
    '/reconciliation/settings',
    {
      config: { permission: SETTINGS_MANAGE },
      schema: {
        tags,
        summary: 'Save the statement settings and the low-balance threshold',
        body: reconciliationSettingsBody,
        response: { 200: successEnvelope(reconciliationSettingsView) },
      },
    },
    async (req) =>
      ok(
        'Reconciliation settings saved',
        await saveReconciliationSettings(ctx, corporateOf(req), req.body, requestContextOf(req)),
      ),
  );

  r.get(
    '/reconciliation/statements',
    {
      config: { permission: SETTINGS_READ },
      schema: {
        tags,
        summary: 'My statements, latest period first',
        querystring: statementsQuery,
        response: { 200: paginated(statementView) },
      },
    },
    async (req) =>
      pagedEnvelope(
        'Statements retrieved',
        await listStatements(ctx.db, corporateOf(req), req.query.page, req.query.limit),
        statementOut,
      ),
  );

  r.post(
    '/reconciliation/statements',
    {
      config: { permission: SETTINGS_READ },
      schema: {
        tags,
        summary: 'Make a statement now for past Lagos days (startDate to endDate, inclusive)',
        body: statementRequestBody,
        response: { 201: successEnvelope(statementView) },
      },
    },
    async (req, reply) => {
      const row = await statementOnDemand(ctx, requestContextOf(req), corporateOf(req), req.body);
      return reply.status(201).send(ok('Statement ready', statementOut(row)));
    },
  );

  r.get(
    '/reconciliation/statements/:id/download',
    {
      config: { permission: SETTINGS_READ },
      schema: {
        tags,
        summary: 'One statement as CSV',
        params: z.object({ id: z.string().uuid('Statement not found') }),
      },
    },
    async (req, reply) => {
      const row = await statementOf(ctx.db, corporateOf(req), req.params.id);
      return sendCsv(reply, statementFilename(row), row.csv);
    },
  );

  r.get(
    '/reconciliation/statements/:id/pdf',
    {
      config: { permission: SETTINGS_READ },
      schema: {
        tags,
        summary: 'One statement as PDF',
        params: z.object({ id: z.string().uuid('Statement not found') }),
      },
    },
    async (req, reply) => {
      const { filename, pdf } = await storedStatementPdf(ctx, corporateOf(req), req.params.id);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .send(Buffer.from(pdf, 'latin1'));
    },
  );
}
