// The simulated gateway's side of a card payment (gateway_sim_payments, funding.repo): what its
// checkout page shows, the payer's Pay or Cancel, and the admin's reversal (a refund or chargeback
// at the gateway). simulator.routes.ts serves them and sends the gateway's callbacks.
import type { Db } from '../../../infra/db/client';
import { AppError, notFound } from '../../../infra/errors';
import { completeSimPayment, findSimPayment, reverseSimPayment, type SimPaymentRow } from '../funding.repo';

export type { SimPaymentRow };

/** The payment at the simulator; undefined for a reference it never made. */
export const simulatedPayment = (db: Db, reference: string) => findSimPayment(db, reference);

/**
 * The payer's Pay or Cancel: `done` is the payment completed now (null when it was completed
 * before), `exists` whether the simulator made it at all.
 */
export async function completeAtSimulator(
  db: Db,
  reference: string,
  outcome: 'SUCCESSFUL' | 'CANCELLED',
): Promise<{ done: SimPaymentRow | null; exists: boolean }> {
  const done = await completeSimPayment(db, reference, outcome);
  return { done, exists: done !== null || (await findSimPayment(db, reference)) !== undefined };
}

/**
 * Reverses a paid payment at the simulator; a repeated call answers the reversed row again
 * (`repeated`). 404 for a payment it never made, 409 for one that is not paid.
 */
export async function reverseAtSimulator(
  db: Db,
  reference: string,
): Promise<{ row: SimPaymentRow; repeated: boolean }> {
  const reversed = await reverseSimPayment(db, reference);
  if (reversed) return { row: reversed, repeated: false };
  const p = await findSimPayment(db, reference);
  if (!p) throw notFound('Payment');
  if (p.status !== 'REVERSED') throw new AppError('CONFLICT', 409, 'Only a paid payment can be reversed');
  return { row: p, repeated: true };
}
