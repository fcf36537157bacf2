// A vend's columns as other modules' statements read them (vends belong to this module:
// scripts/table-owners.mjs): scalar subqueries on the primary key, embedded in the caller's
// statement so a listing that shows a vend beside its own rows stays one query.
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';

/** A text column of the vend whose id is `vend` (an SQL expression; null when it is null). */
export function vendFieldOf(
  field: 'status' | 'code' | 'failureReason',
  vend: SQLWrapper,
): SQL<string | null> {
  const column = { status: 'status', code: 'code', failureReason: 'failure_reason' }[field];
  return sql<string | null>`(select v.${sql.raw(column)} from vends v where v.id = ${vend})`;
}

/** The amount in kobo of the vend whose id is `vend` (null when it is null). */
export const vendAmountOf = (vend: SQLWrapper) =>
  sql<number | null>`(select v.amount_kobo from vends v where v.id = ${vend})`.mapWith(Number);

/** A bill vend's token or receipt reference (vend_bills; null for airtime and data, or none yet).
 * The token is in full: its reader masks it before it leaves (maskToken). */
export function vendBillFieldOf(field: 'token' | 'receiptReference', vend: SQLWrapper): SQL<string | null> {
  const column = { token: 'token', receiptReference: 'receipt_reference' }[field];
  return sql<string | null>`(select b.${sql.raw(column)} from vend_bills b where b.vend_id = ${vend})`;
}
