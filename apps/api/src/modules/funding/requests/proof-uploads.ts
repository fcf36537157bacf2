// Proof-of-payment uploads: multipart bodies turned into plain objects (so the route's Zod schema
// validates them like JSON), file type decided from the content's magic bytes (never from the
// name or the declared type), at most 5 MB, stored in the file store (infra/file-store) under a generated key.
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError, badRequest } from '../../../infra/errors';
import { detectDocumentType, displayName, type FileStore } from '../../../infra/file-store';
import { refuseNul } from '../../../infra/http';

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

export interface UploadedFile {
  buffer: Buffer;
  filename: string;
  declaredType: string;
}

/** The `proof` field of a body: a file read by readMultipartBody (documented as binary). */
export const uploadedFile = z
  .any()
  .refine((v) => v && Buffer.isBuffer((v as UploadedFile).buffer), 'The proof must be a file')
  .transform((v) => v as UploadedFile)
  .meta({ type: 'string', format: 'binary' });

/** preValidation hook: a multipart request's fields and its one file become `req.body`. */
export async function readMultipartBody(req: FastifyRequest): Promise<void> {
  if (!req.isMultipart()) return;
  const body: Record<string, unknown> = {};
  for await (const part of req.parts()) {
    if (part.type === 'file') {
      if (part.fieldname !== 'proof' || body.proof) {
        part.file.resume();
        throw badRequest('Attach one proof of payment, in the field named proof');
      }
      const buffer = await part.toBuffer();
      if (buffer.length === 0) throw badRequest('The proof of payment is empty');
      body.proof = { buffer, filename: part.filename, declaredType: part.mimetype } satisfies UploadedFile;
    } else {
      // The app's multipart limits cut a long field short rather than refusing it: refuse here.
      if (part.valueTruncated || part.fieldnameTruncated) {
        throw new AppError('PAYLOAD_TOO_LARGE', 413, 'A field of the form is too long');
      }
      body[part.fieldname] = part.value;
    }
  }
  // The app's NUL check ran before this hook made the body: the same check on the form's fields.
  refuseNul(body);
  req.body = body;
}

export interface StoredFile {
  path: string;
  mime: string;
  name: string;
}

/** Checks and stores a file in the file store's <folder>; returns its key as `path`. */
export async function storeDocument(
  files: FileStore,
  folder: string,
  file: UploadedFile,
): Promise<StoredFile> {
  if (file.buffer.length > MAX_UPLOAD_BYTES) {
    throw new AppError('PAYLOAD_TOO_LARGE', 413, 'The proof of payment must be 5 MB or smaller');
  }
  const type = detectDocumentType(file.buffer);
  if (!type) throw badRequest('The proof of payment must be a PDF, PNG or JPEG file');
  const key = await files.put(folder, type.ext, file.buffer);
  return { path: key, mime: type.mime, name: displayName(file.filename, `proof.${type.ext}`) };
}
