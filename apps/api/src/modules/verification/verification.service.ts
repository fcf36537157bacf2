// Business verification (KYC), spec §4: a client uploads documents and asks for a review; an admin
// approves or declines with a reason. PENDING → VERIFIED or DECLINED. After a decline the client
// may upload new documents and ask again: the account is PENDING again (Approve and Decline both
// offered), the previous decline's reason kept as history. Review (approve with review: true)
// moves DECLINED → VERIFIED. VERIFIED is final.
// Each transition is one conditional update in the transaction that notifies and audits, so two
// admins deciding at once make one transition and one notification.
import { createHash } from 'node:crypto';
import {
  type BusinessAccountView,
  type DocumentKind,
  MAX_DOCUMENT_BYTES,
  MAX_DOCUMENTS_PER_CLIENT,
  MAX_DOCUMENTS_PER_UPLOAD,
  type VerificationDetailsView,
  type VerificationDocumentView,
  type VerificationRequestView,
} from '@vendport/shared';
import { recordAudit } from '../../infra/audit';
import type { AppContext } from '../../infra/context';
import type { Db } from '../../infra/db/client';
import { AppError, badRequest, conflict, notFound } from '../../infra/errors';
import { detectDocumentType, displayName, nameContradictsType } from '../../infra/file-store';
import type { RequestContext } from '../../infra/request-context';
import * as corporates from '../corporates';
import { walletTotals } from '../ledger';
import { notifyAdmins, notifyCorporate } from '../notifications';
import * as repo from './verification.repo';

export interface IncomingDocument {
  buffer: Buffer;
  /** The name the client's file had: shown, never used to build a path. */
  filename: string;
}

/** Each file's type from its content (PDF, PNG, JPEG), its size, and a name fit to show. */
function checkFiles(files: IncomingDocument[]) {
  if (files.length === 0) throw badRequest('Attach at least one document, in the field named documents');
  if (files.length > MAX_DOCUMENTS_PER_UPLOAD) {
    throw badRequest(`Attach at most ${MAX_DOCUMENTS_PER_UPLOAD} documents at a time`);
  }
  return files.map((f, i) => {
    const name = displayName(f.filename, `document-${i + 1}`);
    if (f.buffer.length === 0) throw badRequest(`${name} is empty`);
    if (f.buffer.length > MAX_DOCUMENT_BYTES) throw documentTooLarge(name);
    const type = detectDocumentType(f.buffer);
    if (!type) throw badRequest(`${name} is not a PDF, PNG or JPEG file`);
    const renamed = nameContradictsType(name, type.ext);
    if (renamed) throw badRequest(renamed);
    return { buffer: f.buffer, name, ...type };
  });
}

export const documentTooLarge = (name: string) =>
  new AppError(
    'PAYLOAD_TOO_LARGE',
    413,
    `${name} is larger than 5 MB: each document must be 5 MB or smaller`,
  );

export const documentUrl = (id: string) => `/api/v1/verification-documents/${id}/file`;

export function documentView(d: repo.DocumentRow): VerificationDocumentView {
  return {
    documentId: d.id,
    documentUrl: documentUrl(d.id),
    kind: d.kind as DocumentKind,
    originalName: d.originalName,
    mime: d.mime,
    sizeBytes: d.sizeBytes,
    createdAt: d.createdAt.toISOString(),
  };
}

const alreadyVerified = () =>
  conflict('Your business is already verified: its documents can no longer be changed');

/**
 * Stores the files, then records them in one transaction; files of a failed transaction are
 * removed. `kinds` holds each file's type, in the files' order (one type for all is `[kind]`).
 */
export async function uploadDocuments(
  ctx: AppContext,
  corporateId: string,
  userId: string,
  kinds: readonly DocumentKind[],
  incoming: IncomingDocument[],
  rc: RequestContext,
): Promise<VerificationDocumentView[]> {
  const files = checkFiles(incoming);
  if (kinds.length !== 1 && kinds.length !== files.length) {
    throw badRequest(
      `Choose a document type for each file: ${files.length} files and ${kinds.length} types were sent`,
    );
  }
  const kindOf = (i: number) => (kinds.length === 1 ? kinds[0] : kinds[i]);
  const corp = await corporates.findCorporate(ctx.db, corporateId);
  if (!corp) throw notFound('Corporate client');
  if (corp.verificationStatus === 'VERIFIED') throw alreadyVerified();
  const keys: string[] = [];
  try {
    for (const f of files) keys.push(await ctx.files.put('verification', f.ext, f.buffer));
    const rows = await ctx.db.transaction(async (tx) => {
      const c = await corporates.lockCorporate(tx, corporateId);
      if (!c) throw notFound('Corporate client');
      if (c.verificationStatus === 'VERIFIED') throw alreadyVerified();
      const held = await repo.countDocuments(tx, corporateId);
      if (held + files.length > MAX_DOCUMENTS_PER_CLIENT) {
        throw badRequest(
          `You can keep at most ${MAX_DOCUMENTS_PER_CLIENT} documents (you have ${held}): delete some first`,
        );
      }
      const inserted = await repo.insertDocuments(
        tx,
        files.map((f, i) => ({
          corporateId,
          kind: kindOf(i),
          originalName: f.name,
          mime: f.mime,
          sizeBytes: f.buffer.length,
          sha256: createHash('sha256').update(f.buffer).digest('hex'),
          storageKey: keys[i],
          uploadedById: userId,
        })),
      );
      await recordAudit(tx, rc, {
        action: 'verification.upload',
        targetType: 'corporate',
        targetId: corporateId,
        corporateId,
        summary: {
          files: inserted.map((d) => ({ id: d.id, name: d.originalName, kind: d.kind, size: d.sizeBytes })),
        },
      });
      return inserted;
    });
    return rows.map(documentView);
  } catch (err) {
    await Promise.all(keys.map((k) => ctx.files.remove(k).catch(() => undefined)));
    throw err;
  }
}

export async function deleteDocument(
  ctx: AppContext,
  corporateId: string,
  documentId: string,
  rc: RequestContext,
): Promise<void> {
  const removed = await ctx.db.transaction(async (tx) => {
    const c = await corporates.lockCorporate(tx, corporateId);
    if (!c) throw notFound('Corporate client');
    // Another client's document is "not found", exactly like one that does not exist.
    const doc = await repo.findDocument(tx, documentId, corporateId);
    if (!doc) throw notFound('Document');
    if (c.verificationStatus === 'VERIFIED') throw alreadyVerified();
    await repo.deleteDocumentRow(tx, documentId, corporateId);
    await recordAudit(tx, rc, {
      action: 'verification.delete-document',
      targetType: 'verification_document',
      targetId: documentId,
      corporateId,
      summary: { name: doc.originalName, kind: doc.kind },
    });
    return doc;
  });
  await ctx.files.remove(removed.storageKey).catch((err) => {
    ctx.log.warn({ err, key: removed.storageKey }, 'a deleted document’s file could not be removed');
  });
}

/** A document's type, changed by its client until the business is verified; audited. */
export async function changeDocumentKind(
  ctx: AppContext,
  corporateId: string,
  documentId: string,
  kind: DocumentKind,
  rc: RequestContext,
): Promise<VerificationDocumentView> {
  return ctx.db.transaction(async (tx) => {
    const c = await corporates.lockCorporate(tx, corporateId);
    if (!c) throw notFound('Corporate client');
    // Another client's document is "not found", exactly like one that does not exist.
    const doc = await repo.findDocument(tx, documentId, corporateId);
    if (!doc) throw notFound('Document');
    if (c.verificationStatus === 'VERIFIED') throw alreadyVerified();
    if (doc.kind === kind) return documentView(doc);
    const row = await repo.setDocumentKind(tx, documentId, corporateId, kind);
    if (!row) throw notFound('Document');
    await recordAudit(tx, rc, {
      action: 'verification.document-kind',
      targetType: 'verification_document',
      targetId: documentId,
      corporateId,
      summary: { name: doc.originalName, before: { kind: doc.kind }, after: { kind } },
    });
    return documentView(row);
  });
}

/** The client asks for a review: of its documents, or of new ones after a decline. */
export async function requestVerification(
  ctx: AppContext,
  corporateId: string,
  rc: RequestContext,
): Promise<VerificationDetailsView> {
  await ctx.db.transaction(async (tx) => {
    const c = await corporates.lockCorporate(tx, corporateId);
    if (!c) throw notFound('Corporate client');
    if (c.verificationStatus === 'VERIFIED') throw conflict('Your business is already verified');
    if (c.verificationRequestedAt !== null && c.verificationStatus === 'PENDING')
      throw conflict('Your verification request is already awaiting review');
    if ((await repo.countDocuments(tx, corporateId)) === 0) {
      throw badRequest('Upload at least one document before requesting verification');
    }
    if (
      c.verificationStatus === 'DECLINED' &&
      (await repo.countDocuments(tx, corporateId, c.verificationDecidedAt)) === 0
    ) {
      throw badRequest('Upload at least one new document before asking for another review');
    }
    const now = new Date();
    await corporates.setVerificationRequestedAt(tx, corporateId, now);
    await notifyCorporate(
      tx,
      corporateId,
      'Verification requested',
      'We have received your request to verify your business. We will review your documents and tell you the outcome.',
    );
    await notifyAdmins(
      tx,
      'verification.manage',
      'New verification request',
      `${c.name} asked for its business to be verified${c.verificationStatus === 'DECLINED' ? ' again, with new documents' : ''}. Review it under Accounts.`,
      'verification.requested',
    );
    await recordAudit(tx, rc, {
      action: 'verification.request',
      targetType: 'corporate',
      targetId: corporateId,
      corporateId,
      summary: { status: c.verificationStatus, resubmission: c.verificationStatus === 'DECLINED' },
    });
  });
  return verificationDetails(ctx.db, corporateId);
}

export async function verificationDetails(db: Db, corporateId: string): Promise<VerificationDetailsView> {
  const c = await corporates.findCorporate(db, corporateId);
  if (!c) throw notFound('Corporate client');
  const docs = await repo.listDocuments(db, corporateId);
  return {
    corporateId: c.id,
    verificationStatus: c.verificationStatus as VerificationDetailsView['verificationStatus'],
    verificationRequestedAt: c.verificationRequestedAt?.toISOString() ?? null,
    declineReason: c.verificationDeclineReason,
    decidedAt: c.verificationDecidedAt?.toISOString() ?? null,
    documents: docs.map(documentView),
  };
}

/** A document's bytes, for its owner client or (no corporateId) an admin. */
export async function documentFile(ctx: AppContext, documentId: string, corporateId?: string) {
  const doc = await repo.findDocument(ctx.db, documentId, corporateId);
  if (!doc) throw notFound('Document');
  return { data: await ctx.files.get(doc.storageKey), mime: doc.mime, name: doc.originalName };
}

function requestView(c: corporates.CorporateRow, documentsCount: number): VerificationRequestView {
  return {
    id: c.id,
    name: c.name,
    email: c.email,
    msisdn: c.msisdn,
    clientType: c.clientType as VerificationRequestView['clientType'],
    createdAt: c.createdAt.toISOString(),
    verificationRequestedAt: c.verificationRequestedAt?.toISOString() ?? null,
    verificationStatus: c.verificationStatus as VerificationRequestView['verificationStatus'],
    documentsCount,
  };
}

export async function verificationRequests(db: Db, f: corporates.VerificationRequestFilters) {
  const p = await corporates.listVerificationRequests(db, f);
  const counts = await repo.documentCounts(
    db,
    p.rows.map((c) => c.id),
  );
  return { ...p, rows: p.rows.map((c) => requestView(c, counts.get(c.id) ?? 0)) };
}

/** What the Business Account screen shows: the account, its wallet totals and its documents. */
export async function businessAccount(db: Db, corporateId: string): Promise<BusinessAccountView> {
  const c = await corporates.findCorporate(db, corporateId);
  if (!c) throw notFound('Corporate client');
  const [docs, totals] = await Promise.all([
    repo.listDocuments(db, corporateId),
    walletTotals(db, [corporateId]),
  ]);
  const t = totals.get(corporateId);
  return {
    ...requestView(c, docs.length),
    totalFunding: t?.totalFundingKobo ?? 0,
    availableBalance: t?.balanceKobo ?? 0,
    declineReason: c.verificationDeclineReason,
    decidedAt: c.verificationDecidedAt?.toISOString() ?? null,
    documents: docs.map(documentView),
  };
}

/** Why a transition found nothing to update: the account as it stands now. */
function refusal(c: corporates.CorporateRow | undefined, action: 'approve' | 'review' | 'decline') {
  if (!c) return notFound('Corporate client');
  if (c.verificationStatus === 'VERIFIED') return conflict('This account is already verified');
  if (!c.verificationRequestedAt) return conflict('This client has not requested verification yet');
  if (c.verificationStatus === 'DECLINED') {
    return action === 'decline'
      ? conflict('This account has already been declined')
      : conflict('This account was declined: approve it through Review');
  }
  return conflict('Only a declined account can be reviewed: use Approve');
}

export async function approveVerification(
  ctx: AppContext,
  corporateId: string,
  adminId: string,
  review: boolean,
  rc: RequestContext,
): Promise<BusinessAccountView> {
  await ctx.db.transaction(async (tx) => {
    const from = review ? 'DECLINED' : 'PENDING';
    const now = new Date();
    const row = await corporates.transitionVerification(tx, corporateId, from, 'VERIFIED', {
      by: adminId,
      at: now,
      reason: null,
    });
    if (!row) throw refusal(await corporates.findCorporate(tx, corporateId), review ? 'review' : 'approve');
    const subject = 'Business verified';
    const body = 'Your business has been verified. Thank you for completing your verification.';
    const emailed = await notifyCorporate(tx, corporateId, subject, body, 'verification.decided');
    // The company's own address hears of it too, unless a user's set-up already emailed it.
    if (!emailed.includes(row.email)) await ctx.mailer.send(tx, { to: row.email, subject, text: body });
    await recordAudit(tx, rc, {
      action: review ? 'verification.review-approve' : 'verification.approve',
      targetType: 'corporate',
      targetId: corporateId,
      corporateId,
      summary: { name: row.name, from, to: 'VERIFIED' },
    });
  });
  return businessAccount(ctx.db, corporateId);
}

export async function declineVerification(
  ctx: AppContext,
  corporateId: string,
  adminId: string,
  reason: string,
  rc: RequestContext,
): Promise<BusinessAccountView> {
  await ctx.db.transaction(async (tx) => {
    const now = new Date();
    const row = await corporates.transitionVerification(tx, corporateId, 'PENDING', 'DECLINED', {
      by: adminId,
      at: now,
      reason,
    });
    if (!row) throw refusal(await corporates.findCorporate(tx, corporateId), 'decline');
    const subject = 'Business verification declined';
    const body = `Your business verification was declined. Reason: ${reason}\n\nUpload corrected documents from Business Verification in your dashboard, then request a new review.`;
    const emailed = await notifyCorporate(tx, corporateId, subject, body, 'verification.decided');
    // The company's own address hears of it too, unless a user's set-up already emailed it.
    if (!emailed.includes(row.email)) await ctx.mailer.send(tx, { to: row.email, subject, text: body });
    await recordAudit(tx, rc, {
      action: 'verification.decline',
      targetType: 'corporate',
      targetId: corporateId,
      corporateId,
      summary: { name: row.name, from: 'PENDING', to: 'DECLINED', reason },
    });
  });
  return businessAccount(ctx.db, corporateId);
}

/** How many documents a client has on file. */
export const documentsCountOf = (db: Db, corporateId: string) => repo.countDocuments(db, corporateId);
