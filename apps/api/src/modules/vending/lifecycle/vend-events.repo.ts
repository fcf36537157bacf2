// The vend timeline (vend_events): one append-only row per thing that happened to a vend.
// Kept apart from the vending service so that the webhook module can record its deliveries
// without importing the vend's rules.
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../infra/db/client';
import { vendEvents } from '../../../infra/db/schema';

export type VendEventType =
  | 'CREATED'
  | 'PROVIDER_CALL'
  | 'REQUERY'
  | 'REROUTED'
  | 'STATUS'
  | 'REVERSAL'
  | 'WEBHOOK'
  | 'REQUERY_EXHAUSTED'
  /** The provider asked about a final vend (issue 49): for support only, clients do not see it. */
  | 'PROVIDER_CHECK'
  /** An admin's resolution of a late truth that touched the wallet (charged again). */
  | 'LATE_TRUTH';

/** Events a client never sees on its vend's timeline. */
export const ADMIN_ONLY_EVENTS: readonly VendEventType[] = ['PROVIDER_CHECK'];

export interface VendEventInput {
  vendId: string;
  type: VendEventType;
  status?: string | null;
  provider?: string | null;
  outcome?: string | null;
  message?: string | null;
  data?: Record<string, unknown>;
  actorId?: string | null;
  at?: Date;
}

/** When the vend last had an event of one of these types (null if never). */
export async function lastVendEventAt(
  db: Db,
  vendId: string,
  ...types: VendEventType[]
): Promise<Date | null> {
  const [last] = await db
    .select({ at: vendEvents.createdAt })
    .from(vendEvents)
    .where(and(eq(vendEvents.vendId, vendId), inArray(vendEvents.type, types)))
    .orderBy(desc(vendEvents.id))
    .limit(1);
  return last?.at ?? null;
}

export async function recordVendEvents(db: Db, events: VendEventInput[]): Promise<void> {
  if (!events.length) return;
  await db.insert(vendEvents).values(
    events.map((e) => ({
      vendId: e.vendId,
      type: e.type,
      status: e.status ?? null,
      provider: e.provider ?? null,
      outcome: e.outcome ?? null,
      message: e.message ?? null,
      data: e.data ?? {},
      actorId: e.actorId ?? null,
      ...(e.at ? { createdAt: e.at } : {}),
    })),
  );
}

export const recordVendEvent = (db: Db, e: VendEventInput) => recordVendEvents(db, [e]);

export async function vendTimeline(db: Db, vendId: string) {
  return db.select().from(vendEvents).where(eq(vendEvents.vendId, vendId)).orderBy(asc(vendEvents.id));
}
