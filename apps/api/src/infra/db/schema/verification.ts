// Business verification (KYC): the documents a client uploads for review. The files themselves
// live in the file store (infra/file-store.ts) under a generated key; these rows describe them.
import { bigint, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { ts } from './columns';
import { corporates, users } from './identity';

export const verificationDocuments = pgTable(
  'verification_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    corporateId: uuid('corporate_id')
      .notNull()
      .references(() => corporates.id),
    /** What the document is (certificate of incorporation, ID, utility bill...), as the client says. */
    kind: text('kind').notNull(),
    originalName: text('original_name').notNull(),
    mime: text('mime').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    storageKey: text('storage_key').notNull(),
    uploadedById: uuid('uploaded_by_id').references(() => users.id),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('verification_documents_corporate_idx').on(t.corporateId, t.createdAt)],
);
