// Verification calls (spec §7 Verification). Client: POST upload-documents (multipart, several
// files in the field `documents`, each with its type: `kinds` repeated in the files' order, or one
// `kind` for all), POST update-document-kind (until verified), POST delete-document, POST
// request-verification.
// Both areas: GET verification-details/{id} (a client only its own) and the document files.
// Admin: GET verifications/{param} (all, pending, verified, declined), GET verifications/{id}/show,
// PUT verifications/verify and verifications/decline, password-confirmed (spec §3 Payloads).
import {
  businessAccountView,
  declineBody,
  deleteDocumentBody,
  documentKindBody,
  documentKindSchema,
  MAX_DOCUMENTS_PER_UPLOAD,
  paginated,
  successEnvelope,
  verificationDetailsView,
  verificationDocumentView,
  verificationListParams,
  verificationListQuery,
  verificationRequestView,
  verifyBody,
} from '@vendport/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../infra/context';
import { AppError, badRequest } from '../../infra/errors';
import { ok, page, refuseNul, sendStoredFile } from '../../infra/http';
import { authOf, corporateOf, requestContextOf } from '../../infra/request-context';
import { confirmActingPassword } from '../auth';
import {
  approveVerification,
  businessAccount,
  changeDocumentKind,
  declineVerification,
  deleteDocument,
  documentFile,
  documentTooLarge,
  type IncomingDocument,
  requestVerification,
  uploadDocuments,
  verificationDetails,
  verificationRequests,
} from './verification.service';

const incomingFile = z
  .any()
  .refine((v) => v && Buffer.isBuffer((v as IncomingDocument).buffer), 'Each document must be a file')
  .transform((v) => v as IncomingDocument)
  .meta({ type: 'string', format: 'binary' });

const uploadBody = z
  .object({
    /** One type for every file (the form before per-file types). */
    kind: documentKindSchema.optional(),
    /** Each file's type, in the files' order (the field `kinds`, repeated). */
    kinds: z.array(documentKindSchema).optional(),
    documents: z.array(incomingFile, { error: 'Attach at least one document, in the field named documents' }),
  })
  .refine((b) => b.kind !== undefined || (b.kinds?.length ?? 0) > 0, {
    message: 'Choose what kind of document this is',
    path: ['kind'],
  });

/** preValidation: the multipart form's `kind` and its files (field `documents`) become req.body. */
async function readDocumentsForm(req: FastifyRequest): Promise<void> {
  if (!req.isMultipart()) return;
  const body: { documents: IncomingDocument[]; [k: string]: unknown } = { documents: [] };
  const kinds: unknown[] = [];
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'documents' && part.fieldname !== 'documents[]') {
          part.file.resume();
          throw badRequest('Attach the documents in the field named documents');
        }
        let buffer: Buffer;
        try {
          buffer = await part.toBuffer();
        } catch (err) {
          if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
            throw documentTooLarge(part.filename || 'A document');
          }
          throw err;
        }
        body.documents.push({ buffer, filename: part.filename });
      } else {
        if (part.valueTruncated || part.fieldnameTruncated) {
          throw new AppError('PAYLOAD_TOO_LARGE', 413, 'A field of the form is too long');
        }
        if (part.fieldname === 'kinds' || part.fieldname === 'kinds[]') kinds.push(part.value);
        else body[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_FILES_LIMIT') {
      throw badRequest(`Attach at most ${MAX_DOCUMENTS_PER_UPLOAD} documents at a time`);
    }
    throw err;
  }
  if (kinds.length) body.kinds = kinds;
  refuseNul(body);
  req.body = body;
}

const idParams = z.object({ id: z.string().uuid('Corporate client not found') });
const documentParams = z.object({ id: z.string().uuid('Document not found') });

export async function verificationRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Verification'];
  /** A client reads its own; an admin any client's. */
  const scopeOf = (req: FastifyRequest) => (authOf(req).area === 'CORPORATE' ? corporateOf(req) : undefined);

  r.post(
    '/upload-documents',
    {
      config: { permission: 'verification.submit' },
      preValidation: readDocumentsForm,
      schema: {
        tags,
        summary: `Upload business documents (multipart: up to ${MAX_DOCUMENTS_PER_UPLOAD} files named documents, PDF, PNG or JPEG by content, 5 MB each; each file's type in kinds, repeated in the files' order, or one kind for all)`,
        consumes: ['multipart/form-data'],
        body: uploadBody,
        response: { 201: successEnvelope(z.array(verificationDocumentView)) },
      },
    },
    async (req, reply) => {
      const a = authOf(req);
      const docs = await uploadDocuments(
        ctx,
        corporateOf(req),
        a.userId,
        req.body.kinds?.length ? req.body.kinds : req.body.kind ? [req.body.kind] : [],
        req.body.documents,
        requestContextOf(req),
      );
      return reply
        .status(201)
        .send(ok(docs.length === 1 ? 'Document uploaded' : `${docs.length} documents uploaded`, docs));
    },
  );

  r.post(
    '/update-document-kind',
    {
      config: { permission: 'verification.submit' },
      schema: {
        tags,
        summary: 'Change the type of one of my documents (not once the business is verified)',
        body: documentKindBody,
        response: { 200: successEnvelope(verificationDocumentView) },
      },
    },
    async (req) =>
      ok(
        'Document type changed',
        await changeDocumentKind(
          ctx,
          corporateOf(req),
          req.body.documentId,
          req.body.kind,
          requestContextOf(req),
        ),
      ),
  );

  r.post(
    '/delete-document',
    {
      config: { permission: 'verification.submit' },
      schema: {
        tags,
        summary: 'Delete one of my documents (not once the business is verified)',
        body: deleteDocumentBody,
        response: { 200: successEnvelope(z.null()) },
      },
    },
    async (req) => {
      await deleteDocument(ctx, corporateOf(req), req.body.documentId, requestContextOf(req));
      return ok('Document deleted', null);
    },
  );

  r.post(
    '/request-verification',
    {
      config: { permission: 'verification.submit' },
      schema: {
        tags,
        summary: 'Ask for my business documents to be reviewed (again, with new documents, after a decline)',
        response: { 200: successEnvelope(verificationDetailsView) },
      },
    },
    async (req) =>
      ok('Verification requested', await requestVerification(ctx, corporateOf(req), requestContextOf(req))),
  );

  r.get(
    '/verification-details/:id',
    {
      config: { permission: { ADMIN: 'verification.read', CORPORATE: 'verification.submit' } },
      schema: {
        tags,
        summary: 'A client’s verification: status, decline reason and documents (a client: only its own)',
        params: idParams,
        response: { 200: successEnvelope(verificationDetailsView) },
      },
    },
    async (req) => {
      const own = scopeOf(req);
      // Another client's id reads as "not found", the same as an id that does not exist.
      if (own && own !== req.params.id) throw new AppError('NOT_FOUND', 404, 'Corporate client not found');
      return ok('Verification details retrieved', await verificationDetails(ctx.db, req.params.id));
    },
  );

  r.get(
    '/verification-documents/:id/file',
    {
      config: { permission: { ADMIN: 'verification.read', CORPORATE: 'verification.submit' } },
      schema: { tags, summary: 'One document’s file (a client: only its own)', params: documentParams },
    },
    async (req, reply) => {
      const file = await documentFile(ctx, req.params.id, scopeOf(req));
      return sendStoredFile(reply, file);
    },
  );

  // ---------------------------------------------------------------- admin

  r.get(
    '/verifications/:param',
    {
      config: { permission: 'verification.read' },
      schema: {
        tags,
        summary:
          'Verification requests (param: all, pending, verified or declined), latest request first, with search, request dates and client type',
        params: verificationListParams,
        querystring: verificationListQuery,
        response: { 200: paginated(verificationRequestView) },
      },
    },
    async (req) => {
      const p = req.params.param;
      const { rows, total } = await verificationRequests(ctx.db, {
        ...req.query,
        status: p === 'all' ? undefined : (p.toUpperCase() as 'PENDING' | 'VERIFIED' | 'DECLINED'),
      });
      return page('Verification requests retrieved', rows, total, req.query.page, req.query.limit);
    },
  );

  r.get(
    '/verifications/:id/show',
    {
      config: { permission: 'verification.read' },
      schema: {
        tags,
        summary: 'The Business Account screen: totals, details and documents of one client',
        params: idParams,
        response: { 200: successEnvelope(businessAccountView) },
      },
    },
    async (req) => ok('Business account retrieved', await businessAccount(ctx.db, req.params.id)),
  );

  r.put(
    '/verifications/verify',
    {
      config: { permission: 'verification.manage' },
      schema: {
        tags,
        summary:
          'Approve a PENDING account (password-confirmed); review: true approves a DECLINED one (the Review button)',
        body: verifyBody,
        response: { 200: successEnvelope(businessAccountView) },
      },
    },
    async (req) => {
      await confirmActingPassword(ctx, requestContextOf(req), req.body.password);
      const view = await approveVerification(
        ctx,
        req.body.corporateId,
        authOf(req).userId,
        req.body.review,
        requestContextOf(req),
      );
      return ok('Account has been successfully approved.', view);
    },
  );

  r.put(
    '/verifications/decline',
    {
      config: { permission: 'verification.manage' },
      schema: {
        tags,
        summary: 'Decline a PENDING account with a reason (password-confirmed); the client is told',
        body: declineBody,
        response: { 200: successEnvelope(businessAccountView) },
      },
    },
    async (req) => {
      await confirmActingPassword(ctx, requestContextOf(req), req.body.password);
      const view = await declineVerification(
        ctx,
        req.body.corporateId,
        authOf(req).userId,
        req.body.reason,
        requestContextOf(req),
      );
      return ok('Account has been successfully declined. The client has been informed.', view);
    },
  );
}
