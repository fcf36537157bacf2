// Business verification (KYC), spec §3 Verification account, §3 Payloads, §4 Verification, §5,
// §7 Verification: the documents a client uploads, its request for review, and the admin's
// approve / decline (password-confirmed; decline needs a reason).
import { z } from 'zod';
import { listFilters } from '../pagination';
import { confirmPassword } from '../password';
import { CLIENT_TYPES } from './wallet';

export const VERIFICATION_STATUSES = ['PENDING', 'VERIFIED', 'DECLINED'] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];

export const DOCUMENT_KINDS = [
  'CERTIFICATE_OF_INCORPORATION',
  'MEMORANDUM_AND_ARTICLES',
  'DIRECTOR_ID',
  'UTILITY_BILL',
  'TAX_CERTIFICATE',
  'OTHER',
] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];
export const DOCUMENT_KIND_LABELS: Record<DocumentKind, string> = {
  CERTIFICATE_OF_INCORPORATION: 'Certificate of incorporation (CAC)',
  MEMORANDUM_AND_ARTICLES: 'Memorandum and articles of association',
  DIRECTOR_ID: 'Director’s means of identification',
  UTILITY_BILL: 'Utility bill (proof of address)',
  TAX_CERTIFICATE: 'Tax identification certificate',
  OTHER: 'Other document',
};
export const documentKindLabel = (k: string) => DOCUMENT_KIND_LABELS[k as DocumentKind] ?? k;

/** Each file at most 5 MB; at most 5 files in one upload and 20 kept per client. */
export const MAX_DOCUMENT_BYTES = 5 * 1024 * 1024;
export const MAX_DOCUMENTS_PER_UPLOAD = 5;
export const MAX_DOCUMENTS_PER_CLIENT = 20;
/** Decided from the file's content (magic bytes) on the server; the browser's accept hint only. */
export const DOCUMENT_MIME_TYPES = ['application/pdf', 'image/png', 'image/jpeg'] as const;

export const documentKindSchema = z.enum(DOCUMENT_KINDS, { error: 'Choose what kind of document this is' });

/** The text fields of the multipart upload (the files come in the field named documents). */
export const uploadDocumentsFields = z.object({ kind: documentKindSchema });

/** A document's type, changed by the client until the business is verified. */
export const documentKindBody = z.object({
  documentId: z.string({ error: 'Choose a document' }).uuid('Document not found'),
  kind: documentKindSchema,
});
export type DocumentKindBody = z.infer<typeof documentKindBody>;

export const deleteDocumentBody = z.object({
  documentId: z.string({ error: 'Choose a document' }).uuid('Document not found'),
});

export const verificationDocumentView = z.object({
  documentId: z.string(),
  /** The API path that serves the file to a signed-in caller allowed to see it (bearer token). */
  documentUrl: z.string(),
  kind: z.enum(DOCUMENT_KINDS),
  originalName: z.string(),
  mime: z.string(),
  sizeBytes: z.number().int(),
  createdAt: z.string(),
});
export type VerificationDocumentView = z.infer<typeof verificationDocumentView>;

/** Verification account (spec §3): the documents, with where the review stands. */
export const verificationDetailsView = z.object({
  corporateId: z.string(),
  verificationStatus: z.enum(VERIFICATION_STATUSES),
  verificationRequestedAt: z.string().nullable(),
  /** The reason of the last decline (kept after a re-request until an approval). */
  declineReason: z.string().nullable(),
  decidedAt: z.string().nullable(),
  documents: z.array(verificationDocumentView),
});
export type VerificationDetailsView = z.infer<typeof verificationDetailsView>;

/** GET verifications/{param}: param is all, pending, verified or declined. */
export const VERIFICATION_LIST_PARAMS = ['all', 'pending', 'verified', 'declined'] as const;
export const verificationListParams = z.object({
  param: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.enum(VERIFICATION_LIST_PARAMS, { error: 'Choose all, pending, verified or declined' })),
});
export const verificationListQuery = listFilters.extend({
  clientType: z.enum(CLIENT_TYPES).optional(),
});
export type VerificationListQuery = z.input<typeof verificationListQuery>;

export const verificationRequestView = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  msisdn: z.string().nullable(),
  clientType: z.enum(CLIENT_TYPES),
  createdAt: z.string(),
  verificationRequestedAt: z.string().nullable(),
  verificationStatus: z.enum(VERIFICATION_STATUSES),
  documentsCount: z.number().int(),
});
export type VerificationRequestView = z.infer<typeof verificationRequestView>;

/** GET verifications/{id}/show: what the Business Account screen shows (spec §2). */
export const businessAccountView = verificationRequestView.extend({
  /** Kobo. */
  totalFunding: z.number().int(),
  /** Kobo. */
  availableBalance: z.number().int(),
  declineReason: z.string().nullable(),
  decidedAt: z.string().nullable(),
  documents: z.array(verificationDocumentView),
});
export type BusinessAccountView = z.infer<typeof businessAccountView>;

const corporateRef = z.string({ error: 'Choose a client' }).uuid('Choose a client');

/** approve: {corporateId, password}; review: true approves a DECLINED account (the Review button). */
export const verifyBody = z.object({
  corporateId: corporateRef,
  password: confirmPassword,
  review: z.boolean().optional().default(false),
});
export type VerifyBody = z.input<typeof verifyBody>;

export const declineBody = z.object({
  corporateId: corporateRef,
  password: confirmPassword,
  reason: z
    .string({ error: 'Please enter your reason' })
    .trim()
    .min(1, 'Please enter your reason')
    .max(1000, 'The reason must be at most 1,000 characters'),
});
export type DeclineBody = z.input<typeof declineBody>;

/**
 * Where a client's verification stands, for both areas (issue 53 point 8): the stored status is
 * PENDING from sign-up until a decision, so "pending" alone cannot tell a client who never asked
 * from one waiting for review. One state machine and one label set, on the admin's client screens
 * and on the client's own: Not submitted -> Pending review -> Verified / Declined (-> Pending review
 * again when a declined client asks anew).
 */
export const VERIFICATION_STATES = ['NOT_SUBMITTED', 'PENDING_REVIEW', 'VERIFIED', 'DECLINED'] as const;
export type VerificationState = (typeof VERIFICATION_STATES)[number];

export const VERIFICATION_STATE_LABELS: Record<VerificationState, string> = {
  NOT_SUBMITTED: 'Not submitted',
  PENDING_REVIEW: 'Pending review',
  VERIFIED: 'Verified',
  DECLINED: 'Declined',
};

export function verificationState(
  status: string,
  requestedAt: string | Date | null | undefined,
): VerificationState {
  if (status === 'VERIFIED') return 'VERIFIED';
  if (status === 'DECLINED') return 'DECLINED';
  return requestedAt ? 'PENDING_REVIEW' : 'NOT_SUBMITTED';
}
