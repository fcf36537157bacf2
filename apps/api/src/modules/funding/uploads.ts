// Proof-of-payment uploads: multipart bodies turned into plain objects (so the route's Zod schema
// validates them like JSON), file type decided from the content's magic bytes (never from the
// name or the declared type), at most 5 MB, stored under DATA_DIR/uploads with a random name.
import { randomUUID } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError, badRequest } from '../../lib/errors';
import { refuseNul } from '../../lib/http';

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

const TYPES = [
  { mime: 'application/pdf', ext: 'pdf', magic: [0x25, 0x50, 0x44, 0x46, 0x2d] },
  { mime: 'image/png', ext: 'png', magic: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { mime: 'image/jpeg', ext: 'jpg', magic: [0xff, 0xd8, 0xff] },
] as const;

export function detectDocumentType(buf: Buffer): { mime: string; ext: string } | null {
  const t = TYPES.find((x) => buf.length >= x.magic.length && x.magic.every((b, i) => buf[i] === b));
  return t ? { mime: t.mime, ext: t.ext } : null;
}

const uploadsRoot = (dataDir: string) => path.resolve(dataDir, 'uploads');

export interface StoredFile {
  path: string;
  mime: string;
  name: string;
}

/** Checks and stores a file under DATA_DIR/uploads/<folder>; returns its path relative to uploads. */
export async function storeDocument(
  dataDir: string,
  folder: string,
  file: UploadedFile,
): Promise<StoredFile> {
  if (file.buffer.length > MAX_UPLOAD_BYTES) {
    throw new AppError('PAYLOAD_TOO_LARGE', 413, 'The proof of payment must be 5 MB or smaller');
  }
  const type = detectDocumentType(file.buffer);
  if (!type) throw badRequest('The proof of payment must be a PDF, PNG or JPEG file');
  const rel = path.posix.join(folder, `${randomUUID()}.${type.ext}`);
  const abs = path.join(uploadsRoot(dataDir), rel);
  await mkdir(path.dirname(abs), { recursive: true });
  await writeFile(abs, file.buffer, { mode: 0o600 });
  const name =
    path
      .basename(file.filename || `proof.${type.ext}`)
      .replace(/[^\w.\- ]+/g, '_')
      .slice(0, 120) || `proof.${type.ext}`;
  return { path: rel, mime: type.mime, name };
}

export async function readDocument(dataDir: string, rel: string): Promise<Buffer> {
  const root = uploadsRoot(dataDir);
  const abs = path.resolve(root, rel);
  if (!abs.startsWith(root + path.sep)) throw new Error('upload path escapes the uploads folder');
  return readFile(abs);
}
