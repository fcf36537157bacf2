// The alert state of each watched balance: `WALLET:<corporateId>` or `VTU:<lineId>`.
import { and, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../infra/db/client';
import { balanceAlerts } from '../../infra/db/schema';

/** The subject's row, locked for this transaction (created, not alerted, when it has none). */
export async function lockAlert(db: Db, subject: string) {
  await db.insert(balanceAlerts).values({ subject }).onConflictDoNothing();
  const [row] = await db.select().from(balanceAlerts).where(eq(balanceAlerts.subject, subject)).for('update');
  return row;
}

export async function setAlerted(db: Db, subject: string, at: Date) {
  await db
    .update(balanceAlerts)
    .set({ alertedAt: at, updatedAt: at })
    .where(eq(balanceAlerts.subject, subject));
}

/** Re-arms the alert (the balance is at or above its threshold again); false when it was armed. */
export async function clearAlert(db: Db, subject: string): Promise<boolean> {
  const rows = await db
    .update(balanceAlerts)
    .set({ alertedAt: null, updatedAt: new Date() })
    .where(and(eq(balanceAlerts.subject, subject), isNotNull(balanceAlerts.alertedAt)))
    .returning({ subject: balanceAlerts.subject });
  return rows.length > 0;
}
