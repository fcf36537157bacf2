// Funding by bank transfer (fund requests and postpaid repayments, decided by an admin) and
// direct admin funding. Approval credits the wallet exactly once: the request row is locked
// FOR UPDATE, only an undecided request is credited, and the ledger reference
// `fund-request:<id>` is unique; the status and the transfer id are written together (a check
// constraint ties APPROVED to a transfer).
import { randomUUID } from 'node:crypto';
import {
  type ClientType,
  formatNaira,
  koboToNairaString,
  OPEN_FUND_REQUEST_STATUSES,
} from '@vendport/shared';
import { recordAudit } from '../../../infra/audit';
import type { AppContext } from '../../../infra/context';
import type { Db } from '../../../infra/db/client';
import { isUniqueViolation } from '../../../infra/db/sql';
import { AppError, badRequest, conflict, notFound } from '../../../infra/errors';
import { callerOf, type RequestContext } from '../../../infra/request-context';
import { type CorporateSummary as CorporateRow, corporateSummary } from '../../corporates';
import { systemAccountId, transfer, walletAccountId } from '../../ledger';
import { notifyAdmins, notifyCorporate } from '../../notifications';
import { platformSettings } from '../../platform';
import { recoverCardReceivables } from '../card/card-reversal.service';
import { corporateNarration, readableId } from '../codes';
import {
  type AdminFundingRow,
  bankReferenceInUse,
  type FundRequestFilters,
  type FundRequestWithCorporate,
  findAdminFundingByTransfer,
  findFundRequest,
  insertAdminFunding,
  insertFundRequest,
  listFundRequests,
  lockFundRequest,
  markFundRequestPaid,
  updateFundRequest,
} from '../funding.repo';
import { storeDocument, type UploadedFile } from './proof-uploads';

export const clientInactive = () =>
  new AppError(
    'CLIENT_INACTIVE',
    400,
    'Your account is inactive, so it cannot be funded. Please contact support.',
  );

export async function requireActiveCorporate(db: Db, corporateId: string): Promise<CorporateRow> {
  const corp = await corporateSummary(db, corporateId);
  if (!corp) throw notFound('Corporate client');
  if (corp.status !== 'ACTIVE') throw clientInactive();
  return corp;
}

/** The collection account clients pay into: the platform settings' (FUNDING_* until an admin
 * saves them). */
export async function fundingAccount(ctx: AppContext, corporateId: string) {
  const s = await platformSettings(ctx);
  return {
    bankName: s.fundingBankName,
    accountNumber: s.fundingAccountNumber,
    accountName: s.fundingAccountName,
    narration: corporateNarration(corporateId),
  };
}

export function fundRequestView(r: FundRequestWithCorporate) {
  return {
    id: r.id,
    code: r.code,
    corporateId: r.corporateId,
    corporateName: r.corporateName,
    clientType: r.clientType,
    kind: r.kind as 'FUNDING' | 'REPAYMENT',
    amountKobo: r.amountKobo,
    transferReference: r.transferReference,
    narration: r.narration,
    status: r.status as 'PENDING' | 'PAID' | 'APPROVED' | 'DECLINED',
    hasProof: r.proofPath !== null,
    proofName: r.proofName,
    proofUrl: r.proofPath ? `/api/v1/fund-requests/${r.id}/proof` : null,
    declineReason: r.declineReason,
    createdAt: r.createdAt.toISOString(),
    paidAt: r.paidAt?.toISOString() ?? null,
    decidedAt: r.decidedAt?.toISOString() ?? null,
  };
}

const KIND_NAME = { FUNDING: 'fund request', REPAYMENT: 'repayment' } as const;

// ---------------------------------------------------------------- client side

export async function createFundRequest(
  ctx: AppContext,
  rc: RequestContext,
  input: {
    kind: 'FUNDING' | 'REPAYMENT';
    amountKobo: number;
    transferReference: string;
    proof?: UploadedFile;
  },
) {
  const actor = callerOf(rc);
  const corporateId = actor.corporateId!;
  const corp = await requireActiveCorporate(ctx.db, corporateId);
  if (input.kind === 'REPAYMENT' && corp.clientType !== 'POSTPAID' && corp.clientType !== 'POSTPAID_PLUS') {
    throw badRequest('Repayments are for postpaid clients; fund your wallet instead');
  }
  const duplicate = () => conflict('A request with this transfer reference already exists');
  if (await bankReferenceInUse(ctx.db, corporateId, input.transferReference)) throw duplicate();
  const proof = input.proof ? await storeDocument(ctx.files, 'fund-requests', input.proof) : null;
  const id = await ctx.db
    .transaction(async (tx) => {
      const row = await insertFundRequest(tx, {
        code: readableId('FR'),
        corporateId,
        kind: input.kind,
        amountKobo: input.amountKobo,
        transferReference: input.transferReference,
        narration: corporateNarration(corporateId),
        proofPath: proof?.path ?? null,
        proofMime: proof?.mime ?? null,
        proofName: proof?.name ?? null,
        createdById: actor.userId,
      });
      await notifyAdmins(
        tx,
        'funding.approve',
        input.kind === 'REPAYMENT' ? 'New repayment to review' : 'New fund request to review',
        `${corp.name} sent ${input.kind === 'REPAYMENT' ? 'a repayment' : 'a fund request'} ${row.code} of ${formatNaira(row.amountKobo)} (transfer reference ${row.transferReference}). Review it under Funding history.`,
        'funding.requested',
      );
      await recordAudit(tx, rc, {
        action: input.kind === 'REPAYMENT' ? 'funding.repayment.create' : 'funding.request.create',
        targetType: 'fund_request',
        targetId: row.code,
        summary: {
          amount: koboToNairaString(row.amountKobo),
          transferReference: row.transferReference,
          proof: !!proof,
        },
      });
      return row.id;
    })
    .catch((err) => {
      if (isUniqueViolation(err, 'fund_requests_bank_ref_uq')) throw duplicate();
      throw err;
    });
  return fundRequestView((await findFundRequest(ctx.db, id))!);
}

/** The client says it has paid: PENDING -> PAID (PAID again is a no-op). */
export async function confirmFundRequestPaid(ctx: AppContext, rc: RequestContext, ref: string) {
  const actor = callerOf(rc);
  const corporateId = actor.corporateId!;
  const fr = await findFundRequest(ctx.db, ref, corporateId);
  if (!fr) throw notFound('Fund request');
  if (fr.status === 'APPROVED' || fr.status === 'DECLINED') {
    throw conflict(
      `This ${KIND_NAME[fr.kind as 'FUNDING']} has already been ${fr.status === 'APPROVED' ? 'approved' : 'declined'}`,
    );
  }
  await ctx.db.transaction(async (tx) => {
    if (await markFundRequestPaid(tx, fr.id, corporateId)) {
      await recordAudit(tx, rc, {
        action: 'funding.request.paid',
        targetType: 'fund_request',
        targetId: fr.code,
      });
    }
  });
  return fundRequestView((await findFundRequest(ctx.db, fr.id, corporateId))!);
}

// ---------------------------------------------------------------- admin decisions

export async function approveFundRequest(ctx: AppContext, rc: RequestContext, ref: string) {
  const actor = callerOf(rc);
  const id = await ctx.db.transaction(async (tx) => {
    const fr = await lockFundRequest(tx, ref);
    if (!fr) throw notFound('Fund request');
    const what = KIND_NAME[fr.kind as 'FUNDING'] ?? 'fund request';
    if (fr.status === 'APPROVED') throw conflict(`This ${what} has already been approved`);
    if (fr.status === 'DECLINED') throw conflict(`This ${what} has already been declined`);
    const wallet = await walletAccountId(tx, fr.corporateId);
    const credit = await transfer(tx, {
      kind: fr.kind === 'REPAYMENT' ? 'POSTPAID_REPAYMENT' : 'BANK_FUNDING',
      reference: `fund-request:${fr.id}`,
      description: `${fr.kind === 'REPAYMENT' ? 'Postpaid repayment' : 'Bank transfer funding'} ${fr.code}`,
      corporateId: fr.corporateId,
      source: { type: 'fund_request', id: fr.id },
      actorId: actor.userId,
      metadata: { transferReference: fr.transferReference },
      entries: [
        { accountId: await systemAccountId(tx, 'FUNDING_CLEARING'), amountKobo: -fr.amountKobo },
        { accountId: wallet, amountKobo: fr.amountKobo },
      ],
    });
    if (!credit.created) throw conflict(`This ${what} has already been credited`);
    await updateFundRequest(tx, fr.id, {
      status: 'APPROVED',
      transferId: credit.transfer.id,
      decidedAt: new Date(),
      decidedById: actor.userId,
    });
    // What a reversed card payment left owing comes out of this credit first.
    const recovered = await recoverCardReceivables(tx, fr.corporateId, credit.transfer.id, rc);
    const balance = credit.entries.find((e) => e.accountId === wallet)!.balanceAfterKobo - recovered;
    const subject = fr.kind === 'REPAYMENT' ? 'Repayment approved' : 'Fund request approved';
    const body = `Your ${what} ${fr.code} of ${formatNaira(fr.amountKobo)} has been approved and your wallet has been credited. New balance: ${formatNaira(balance)}.`;
    const emailed = await notifyCorporate(tx, fr.corporateId, subject, body, 'funding.decided');
    // The company's own address hears of it too, unless a user's set-up already emailed it.
    const corp = await corporateSummary(tx, fr.corporateId);
    if (corp && !emailed.includes(corp.email))
      await ctx.mailer.send(tx, { to: corp.email, subject, text: body });
    await recordAudit(tx, rc, {
      action: 'funding.request.approve',
      targetType: 'fund_request',
      targetId: fr.code,
      corporateId: fr.corporateId,
      summary: { amount: koboToNairaString(fr.amountKobo), kind: fr.kind, transferId: credit.transfer.id },
    });
    return fr.id;
  });
  return fundRequestView((await findFundRequest(ctx.db, id))!);
}

export async function declineFundRequest(ctx: AppContext, rc: RequestContext, ref: string, reason: string) {
  const actor = callerOf(rc);
  const id = await ctx.db.transaction(async (tx) => {
    const fr = await lockFundRequest(tx, ref);
    if (!fr) throw notFound('Fund request');
    const what = KIND_NAME[fr.kind as 'FUNDING'] ?? 'fund request';
    if (fr.status === 'APPROVED') throw conflict(`This ${what} has already been approved`);
    if (fr.status === 'DECLINED') throw conflict(`This ${what} has already been declined`);
    await updateFundRequest(tx, fr.id, {
      status: 'DECLINED',
      declineReason: reason,
      decidedAt: new Date(),
      decidedById: actor.userId,
    });
    const subject = fr.kind === 'REPAYMENT' ? 'Repayment declined' : 'Fund request declined';
    const body = `Your ${what} ${fr.code} of ${formatNaira(fr.amountKobo)} was declined. Reason: ${reason}`;
    const emailed = await notifyCorporate(tx, fr.corporateId, subject, body, 'funding.decided');
    // The company's own address hears of it too, unless a user's set-up already emailed it.
    const corp = await corporateSummary(tx, fr.corporateId);
    if (corp && !emailed.includes(corp.email))
      await ctx.mailer.send(tx, { to: corp.email, subject, text: body });
    await recordAudit(tx, rc, {
      action: 'funding.request.decline',
      targetType: 'fund_request',
      targetId: fr.code,
      corporateId: fr.corporateId,
      summary: { amount: koboToNairaString(fr.amountKobo), kind: fr.kind, reason },
    });
    return fr.id;
  });
  return fundRequestView((await findFundRequest(ctx.db, id))!);
}

// ---------------------------------------------------------------- reading

/** A page of fund requests; status OPEN is every request awaiting a decision (PENDING or PAID). */
export async function fundRequestsPage(db: Db, filters: FundRequestFilters) {
  const f =
    filters.status === 'OPEN'
      ? { ...filters, status: undefined, statuses: [...OPEN_FUND_REQUEST_STATUSES] }
      : filters;
  const { rows, total } = await listFundRequests(db, f);
  return { rows: rows.map(fundRequestView), total };
}

export async function getFundRequest(db: Db, ref: string, corporateId?: string) {
  const fr = await findFundRequest(db, ref, corporateId);
  if (!fr) throw notFound('Fund request');
  return fundRequestView(fr);
}

export async function fundRequestProof(ctx: AppContext, ref: string, corporateId?: string) {
  const fr = await findFundRequest(ctx.db, ref, corporateId);
  if (!fr?.proofPath) throw notFound('Proof of payment');
  return {
    data: await ctx.files.get(fr.proofPath),
    mime: fr.proofMime ?? 'application/octet-stream',
    name: fr.proofName ?? 'proof',
  };
}

// ---------------------------------------------------------------- admin funding

export const ADMIN_FUNDING_ROUTES = {
  FUND: { clientType: 'PREPAID', route: 'fund', label: 'Prepaid' },
  FUND_POSTPAID: { clientType: 'POSTPAID', route: 'fund-postpaid', label: 'Postpaid' },
  FUND_POSTPAID_PLUS: { clientType: 'POSTPAID_PLUS', route: 'fund-postpaidplus', label: 'Postpaid Plus' },
} as const satisfies Record<string, { clientType: ClientType; route: string; label: string }>;
export type AdminFundingKind = keyof typeof ADMIN_FUNDING_ROUTES;

export function adminFundingView(a: AdminFundingRow, balanceKobo: number) {
  return {
    id: a.id,
    code: a.code,
    corporateId: a.corporateId,
    kind: a.kind,
    amountKobo: a.amountKobo,
    reason: a.reason,
    balanceKobo,
    createdAt: a.createdAt.toISOString(),
  };
}

/**
 * Credits a client's wallet directly. Each route serves one client type (fund: PREPAID,
 * fund-postpaid: POSTPAID, fund-postpaidplus: POSTPAID_PLUS). With the same `reference` a
 * retried call returns the first funding instead of crediting again (created: false).
 */
export async function adminFund(
  ctx: AppContext,
  rc: RequestContext,
  kind: AdminFundingKind,
  body: { corporateId: string; amountKobo: number; reason: string; reference?: string },
) {
  const actor = callerOf(rc);
  const spec = ADMIN_FUNDING_ROUTES[kind];
  const requestKey = body.reference ?? randomUUID();
  return ctx.db.transaction(async (tx) => {
    // FOR SHARE: the type checked here cannot be switched before this credit commits.
    const corp = await corporateSummary(tx, body.corporateId, { lock: 'share' });
    if (!corp) throw notFound('Corporate client');
    if (corp.clientType !== spec.clientType) {
      const right = Object.values(ADMIN_FUNDING_ROUTES).find((r) => r.clientType === corp.clientType);
      throw badRequest(
        `This client is ${right?.label ?? corp.clientType}; ${spec.route} funds ${spec.label} clients only${right ? ` (use ${right.route})` : ''}`,
      );
    }
    const id = randomUUID();
    const wallet = await walletAccountId(tx, corp.id);
    const credit = await transfer(tx, {
      kind: 'ADMIN_FUNDING',
      reference: `admin-funding:${requestKey}`,
      description: `Admin funding: ${body.reason}`,
      corporateId: corp.id,
      source: { type: 'admin_funding', id },
      actorId: actor.userId,
      metadata: { route: spec.route },
      entries: [
        { accountId: await systemAccountId(tx, 'MANUAL_ADJUSTMENT'), amountKobo: -body.amountKobo },
        { accountId: wallet, amountKobo: body.amountKobo },
      ],
    }).catch((err) => {
      // Same key, other amount or client: the ledger refuses the reuse.
      if (err instanceof AppError && err.code === 'DUPLICATE_REFERENCE') {
        throw new AppError(
          'DUPLICATE_REFERENCE',
          409,
          'This funding reference was already used for another funding',
        );
      }
      throw err;
    });
    if (!credit.created) {
      const existing = await findAdminFundingByTransfer(tx, credit.transfer.id);
      if (!existing) throw new Error('admin funding transfer without its record');
      return {
        funding: adminFundingView(
          existing,
          credit.entries.find((e) => e.accountId === wallet)!.balanceAfterKobo,
        ),
        created: false,
      };
    }
    const row = await insertAdminFunding(tx, {
      id,
      code: readableId('AF'),
      corporateId: corp.id,
      kind,
      amountKobo: body.amountKobo,
      reason: body.reason,
      requestKey,
      actorId: actor.userId,
      transferId: credit.transfer.id,
    });
    const recovered = await recoverCardReceivables(tx, corp.id, credit.transfer.id, rc);
    const balance = credit.entries.find((e) => e.accountId === wallet)!.balanceAfterKobo - recovered;
    const text = `Your wallet was credited with ${formatNaira(body.amountKobo)} by VendPort (${body.reason}). New balance: ${formatNaira(balance)}.`;
    await notifyCorporate(tx, corp.id, 'Wallet funded', text);
    await ctx.mailer.send(tx, { to: corp.email, subject: 'Wallet funded', text });
    await recordAudit(tx, rc, {
      action: `funding.admin.${spec.route}`,
      targetType: 'corporate',
      targetId: corp.id,
      corporateId: corp.id,
      summary: { fundingId: row.code, amount: koboToNairaString(body.amountKobo), reason: body.reason },
    });
    return { funding: adminFundingView(row, balance), created: true };
  });
}
