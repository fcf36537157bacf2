// Queries for the development outbox reader: the newest emails written to the outbox.
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../infra/db/client';
import { outboxEmails } from '../../infra/db/schema';

export function recentOutbox(db: Db, to: string | undefined, limit: number) {
  return db
    .select({
      id: outboxEmails.id,
      to: outboxEmails.to,
      subject: outboxEmails.subject,
      text: outboxEmails.text,
      createdAt: outboxEmails.createdAt,
    })
    .from(outboxEmails)
    .where(to ? eq(outboxEmails.to, to) : undefined)
    .orderBy(desc(outboxEmails.createdAt), desc(outboxEmails.id))
    .limit(limit);
}
