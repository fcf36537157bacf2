// Test support for late truths and reconciliation: a vend's discrepancies as the database has
// them, the admins' alerts about them, and moving a vend or an attempt into a past Lagos day.
import type { FastifyInstance } from 'fastify';

export async function discrepanciesOf(app: FastifyInstance, vendId: string) {
  return app.ctx.dbHandle.query<{
    id: string;
    kind: string;
    source: string;
    status: string;
    resolution: string | null;
  }>(
    'select id::text, kind, source, status, resolution from vend_discrepancies where vend_id = $1 order by created_at',
    [vendId],
  );
}

/** In-app alerts raised to admins about discrepancies (one per discrepancy, per admin). */
export async function discrepancyAlerts(app: FastifyInstance, userId: string): Promise<number> {
  const [row] = await app.ctx.dbHandle.query<{ n: number }>(
    "select count(*)::int as n from notifications where user_id = $1 and subject like 'Provider discrepancy%'",
    [userId],
  );
  return row.n;
}

/** Moves a vend and its attempts back by `days` (a reconciliation reads only a day that has ended). */
export async function ageVend(app: FastifyInstance, vendId: string, days = 1) {
  const interval = `${days} days`;
  await app.ctx.dbHandle.query('update vends set created_at = created_at - $2::interval where id = $1', [
    vendId,
    interval,
  ]);
  await app.ctx.dbHandle.query(
    'update vend_attempts set created_at = created_at - $2::interval where vend_id = $1',
    [vendId, interval],
  );
}

/** Moves a vend's timeline back a minute: past the cooldown of the requery by hand. */
export async function pastRequeryCooldown(app: FastifyInstance, vendId: string) {
  await app.ctx.dbHandle.query(
    "update vend_events set created_at = created_at - interval '1 minute' where vend_id = $1",
    [vendId],
  );
}
