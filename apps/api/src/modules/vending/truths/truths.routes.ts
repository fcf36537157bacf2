// The admin's review queue of discrepancies (late truths, reconciliation mismatches), their
// password-confirmed resolution, the open count the Providers screen shows, and the provider
// reconciliation runs (list, run a day now, one run's mismatches; lists and mismatches as CSV).
import {
  DISCREPANCY_KIND_LABELS,
  type DiscrepancyKindName,
  discrepancyListQuery,
  discrepancyParams,
  discrepancyResolveBody,
  discrepancyView,
  formatNaira,
  openDiscrepanciesView,
  paginated,
  RESOLVE_ACTIONS_OF,
  reconciliationDetailView,
  reconciliationFindingsQuery,
  reconciliationListQuery,
  reconciliationParams,
  reconciliationRunBody,
  reconciliationView,
  statusWords,
  successEnvelope,
} from '@vendport/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../infra/context';
import { CSV_EXPORT_LIMIT, sendCsv, toCsv } from '../../../infra/csv';
import { notFound } from '../../../infra/errors';
import { ok, pagedEnvelope } from '../../../infra/http';
import { lagosDayEnd, lagosDayStart } from '../../../infra/lagos-time';
import { requestContextOf } from '../../../infra/request-context';
import { confirmActingPassword } from '../../auth';
import { type Finding, reconcileDay } from './reconcile.service';
import { resolveDiscrepancy } from './resolve.service';
import {
  type DiscrepancyRow,
  findListedDiscrepancy,
  findRun,
  type ListedDiscrepancy,
  listDiscrepancies,
  listRuns,
  openDiscrepancyCounts,
  type ReconciliationRow,
} from './truths-reads.service';

const READ = { permission: 'vending.read' } as const;
const MANAGE = { permission: 'vending.manage' } as const;

const iso = (d: Date | null) => d?.toISOString() ?? null;

export function discrepancyOut(l: ListedDiscrepancy) {
  const d: DiscrepancyRow = l.d;
  const kind = d.kind as DiscrepancyKindName;
  return {
    id: d.id,
    kind,
    source: d.source as 'REQUERY',
    provider: d.provider,
    status: d.status as 'OPEN',
    vendId: d.vendId,
    vendCode: l.vendCode,
    vendStatus: l.vendStatus,
    msisdn: l.msisdn,
    corporateId: d.corporateId,
    corporateName: l.corporateName,
    reconciliationId: d.reconciliationId,
    ourStatus: d.ourStatus,
    ourAmountKobo: d.ourAmountKobo,
    providerStatus: d.providerStatus,
    providerAmountKobo: d.providerAmountKobo,
    providerReference: d.providerReference,
    providerMessage: d.providerMessage,
    actions: d.status === 'OPEN' ? [...RESOLVE_ACTIONS_OF[kind]] : [],
    resolution: d.resolution,
    resolutionNote: d.resolutionNote,
    resolutionTransferId: d.resolutionTransferId,
    resolvedAt: iso(d.resolvedAt),
    createdAt: d.createdAt.toISOString(),
  };
}

const runOut = (r: ReconciliationRow) => ({
  id: r.id,
  provider: r.provider,
  day: r.day,
  status: r.status as 'DONE',
  ourCount: r.ourCount,
  ourDeliveredCount: r.ourDeliveredCount,
  ourDebitedKobo: r.ourDebitedKobo,
  ourCommissionKobo: r.ourCommissionKobo,
  providerCount: r.providerCount,
  providerDeliveredCount: r.providerDeliveredCount,
  providerChargedKobo: r.providerChargedKobo,
  providerDiscountKobo: r.providerDiscountKobo,
  matched: r.matched,
  mismatches: r.mismatches,
  error: r.error,
  startedAt: r.startedAt.toISOString(),
  finishedAt: iso(r.finishedAt),
});

const naira = (k: number | null) => (k === null ? '' : formatNaira(k));

export async function truthsRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Reconciliation'];

  r.get(
    '/admin/discrepancies',
    {
      config: READ,
      schema: {
        tags,
        summary:
          'The review queue: discrepancies between our vends and the providers’ word (filters: status, kind, provider, source, run, Lagos dates, search by VND code, client or reference); format=csv exports',
        querystring: discrepancyListQuery,
        response: { 200: paginated(discrepancyView) },
      },
    },
    async (req, reply) => {
      const q = req.query;
      const filter = {
        status: q.status,
        kind: q.kind,
        provider: q.provider,
        source: q.source,
        reconciliationId: q.reconciliationId,
        from: q.startDate ? lagosDayStart(q.startDate) : undefined,
        to: q.endDate ? lagosDayEnd(q.endDate) : undefined,
        search: q.search || undefined,
      };
      if (q.format === 'csv') {
        const all = await listDiscrepancies(ctx.db, filter, { page: 1, limit: CSV_EXPORT_LIMIT });
        const rows = all.rows.map(discrepancyOut);
        return sendCsv(
          reply,
          'discrepancies.csv',
          toCsv(
            [
              ['Raised', (x: (typeof rows)[number]) => new Date(x.createdAt)],
              ['Kind', (x: (typeof rows)[number]) => DISCREPANCY_KIND_LABELS[x.kind]],
              ['Source', (x: (typeof rows)[number]) => statusWords(x.source)],
              ['Provider', (x: (typeof rows)[number]) => x.provider],
              ['Vend', (x: (typeof rows)[number]) => x.vendCode],
              ['Client', (x: (typeof rows)[number]) => x.corporateName],
              // Our words for our states (issue 53 point 3); the provider's status stays its own.
              ['Our status', (x: (typeof rows)[number]) => (x.ourStatus ? statusWords(x.ourStatus) : '')],
              ['Our amount', (x: (typeof rows)[number]) => naira(x.ourAmountKobo)],
              ['Provider status', (x: (typeof rows)[number]) => x.providerStatus],
              ['Provider amount', (x: (typeof rows)[number]) => naira(x.providerAmountKobo)],
              ['Provider reference', (x: (typeof rows)[number]) => x.providerReference],
              ['Status', (x: (typeof rows)[number]) => statusWords(x.status)],
              ['Resolution', (x: (typeof rows)[number]) => x.resolution],
              ['Resolved', (x: (typeof rows)[number]) => (x.resolvedAt ? new Date(x.resolvedAt) : null)],
            ],
            rows,
          ),
        );
      }
      return pagedEnvelope(
        'Discrepancies retrieved',
        await listDiscrepancies(ctx.db, filter, { page: q.page, limit: q.limit }),
        discrepancyOut,
      );
    },
  );

  r.get(
    '/admin/discrepancies/open',
    {
      config: READ,
      schema: {
        tags,
        summary: 'How many discrepancies are open, per provider (the Providers screen)',
        response: { 200: successEnvelope(openDiscrepanciesView) },
      },
    },
    async () => {
      const byProvider = await openDiscrepancyCounts(ctx.db);
      return ok('Open discrepancies retrieved', {
        total: byProvider.reduce((n, p) => n + p.open, 0),
        byProvider,
      });
    },
  );

  r.get(
    '/admin/discrepancies/:id',
    {
      config: READ,
      schema: {
        tags,
        summary: 'One discrepancy with both versions',
        params: discrepancyParams,
        response: { 200: successEnvelope(discrepancyView) },
      },
    },
    async (req) => {
      const found = await findListedDiscrepancy(ctx.db, req.params.id);
      if (!found) throw notFound('Discrepancy');
      return ok('Discrepancy retrieved', discrepancyOut(found));
    },
  );

  r.post(
    '/admin/discrepancies/:id/resolve',
    {
      config: MANAGE,
      schema: {
        tags,
        summary:
          'Resolve a discrepancy (password-confirmed): charge the client again or write off a delivery we refunded, reverse a vend the provider refunded, or dismiss with a note',
        params: discrepancyParams,
        body: discrepancyResolveBody,
        response: { 200: successEnvelope(discrepancyView) },
      },
    },
    async (req) => {
      const rc = requestContextOf(req);
      await confirmActingPassword(ctx, rc, req.body.password);
      await resolveDiscrepancy(ctx, rc, req.params.id, { action: req.body.action, note: req.body.note });
      const found = (await findListedDiscrepancy(ctx.db, req.params.id))!;
      return ok('Discrepancy resolved', discrepancyOut(found));
    },
  );

  r.get(
    '/admin/reconciliations',
    {
      config: READ,
      schema: {
        tags,
        summary:
          'Provider reconciliation runs, newest first (filters: provider, status, Lagos days reconciled)',
        querystring: reconciliationListQuery,
        response: { 200: paginated(reconciliationView) },
      },
    },
    async (req) => {
      const q = req.query;
      return pagedEnvelope(
        'Reconciliations retrieved',
        await listRuns(
          ctx.db,
          { provider: q.provider, status: q.status, startDate: q.startDate, endDate: q.endDate },
          { page: q.page, limit: q.limit },
        ),
        runOut,
      );
    },
  );

  r.post(
    '/admin/reconciliations',
    {
      config: MANAGE,
      schema: {
        tags,
        summary: 'Reconcile a provider’s Lagos day now (the daily job does the previous day by itself)',
        body: reconciliationRunBody,
        response: { 200: successEnvelope(reconciliationDetailView) },
      },
    },
    async (req) => {
      const run = await reconcileDay(ctx, req.body.provider, req.body.day, requestContextOf(req));
      return ok(
        run.status === 'DONE'
          ? `Reconciled: ${run.matched} matched, ${run.mismatches} mismatched`
          : `The reconciliation could not finish: ${run.error}`,
        { ...runOut(run), findings: run.findings as Finding[] },
      );
    },
  );

  r.get(
    '/admin/reconciliations/:id',
    {
      config: READ,
      schema: {
        tags,
        summary:
          'One reconciliation run with each mismatch and both versions; format=csv exports the mismatches',
        params: reconciliationParams,
        querystring: reconciliationFindingsQuery,
        response: { 200: successEnvelope(reconciliationDetailView) },
      },
    },
    async (req, reply) => {
      const run = await findRun(ctx.db, req.params.id);
      if (!run) throw notFound('Reconciliation run');
      const findings = run.findings as Finding[];
      if (req.query.format === 'csv') {
        return sendCsv(
          reply,
          `reconciliation-${run.provider.toLowerCase()}-${run.day}.csv`,
          toCsv(
            [
              ['Kind', (f: Finding) => DISCREPANCY_KIND_LABELS[f.kind]],
              ['Vend', (f: Finding) => f.code],
              ['Request id', (f: Finding) => f.requestId],
              ['Our status', (f: Finding) => (f.ourStatus ? statusWords(f.ourStatus) : '')],
              ['Our amount', (f: Finding) => naira(f.ourAmountKobo)],
              ['Provider status', (f: Finding) => f.providerStatus],
              ['Provider amount', (f: Finding) => naira(f.providerAmountKobo)],
              ['Provider reference', (f: Finding) => f.providerReference],
              ['Raised by this run', (f: Finding) => (f.raised ? 'Yes' : 'No')],
            ],
            findings,
          ),
        );
      }
      return ok('Reconciliation retrieved', { ...runOut(run), findings });
    },
  );
}
