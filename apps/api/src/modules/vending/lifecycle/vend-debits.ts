// Group commit for new vends (infra/group-commit.ts). A busy wallet can take one debit at a time
// (its row is locked from the debit to the commit), so instead of sending every vend's debit to
// queue for that lock inside the database, the server sends the vends that are waiting
// together, as one call of vend_record_and_debit: one statement, one transaction, one commit for
// the batch, which writes the batch's rows set-based and each account once (migration 0019). A
// vend its wallet cannot cover is answered alone inside the batch (the function then goes vend by
// vend); a vend whose reference its client already used is answered REPLAY, nothing written, and
// the rest of its batch goes on (migration 0045, issue 49); a batch refused as a whole (two vends in
// flight under one new reference) or whose answer was lost is posted again vend by vend, so each gets
// its own answer (migration 0008: a vend already written gets the debit it has).
import type { Db } from '../../../infra/db/client';
import { pgErrorCode, runStatement } from '../../../infra/db/sql';
import { groupCommitPer } from '../../../infra/group-commit';
import { insufficientFunds } from '../../ledger';
import { RECORD_AND_DEBIT, RECORD_AND_DEBIT_WITH_BILLS } from './vend-debits.repo';

/** One vend for vend_record_and_debit: its row, its CREATED event and its debit. */
export interface VendDebitPayload {
  vend: Record<string, unknown>;
  event: { message: string; data: Record<string, unknown> };
  debit: {
    reference: string;
    description: string;
    metadata: Record<string, unknown>;
    accounts: string[];
    amounts: number[];
  };
  /**
   * The API access generation the vend was decided at, when it was decided from a remembered
   * API-key read (migration 0020): its debit is refused STALE, nothing written, if it has moved.
   */
  generation?: number;
  /**
   * A row written with the vend, in the same statement: a bill's facts (vend_bills, issue 51),
   * snake_case columns. Written exactly when the vend is (outcome POSTED), so a bill never exists
   * without its vend nor a vend of a bill without its facts, whatever crashes in between.
   */
  bill?: Record<string, unknown>;
}

/**
 * A vend's answer within its batch: its debit's id, null when its wallet could not cover it, or
 * STALE when it was decided from a remembered API-key read that has changed since.
 */
type Posted = string | null | typeof STALE | typeof REPLAY;
const STALE = 'STALE' as const;
const REPLAY = 'REPLAY' as const;

/** The client already used the vend's reference: nothing was written; answer with the original. */
export class ReferenceUsedError extends Error {
  constructor() {
    super('The reference was already used');
  }
}

/** The vend was decided on API access terms that changed before its debit: nothing was written. */
export class StaleAccessError extends Error {
  constructor() {
    super('The API key was read before a change to its access; read it again');
  }
}

const queueOf = groupCommitPer<Db, VendDebitPayload, Posted>((db) => ({
  // One batch at a time: a second would only wait inside the database for the first's locks
  // (measured: less database CPU per vend with one than with two or four).
  maxInFlight: 1,
  gatherTurn: true,
  key: (p: VendDebitPayload) => p.vend.id as string,
  // An error with a SQLSTATE is the database refusing the one statement: nothing was written
  // (a used reference, say), so a lone vend is answered with it without a second round trip.
  wroteNothing: (err) => pgErrorCode(err) !== undefined,
  send: async (batch: VendDebitPayload[], { retry }) => {
    // A retried vend whose first batch committed is answered with the debit it got then.
    const items = retry ? batch.map((p) => ({ ...p, retry: true })) : batch;
    const rows = await runStatement<{ vend_id: string; transfer_id: string | null; outcome: string }>(
      db,
      // Airtime and data batches keep the plain statement: the bills' insert costs them nothing.
      batch.some((p) => p.bill) ? RECORD_AND_DEBIT_WITH_BILLS : RECORD_AND_DEBIT,
      [JSON.stringify(items)],
    );
    return new Map(
      rows.map((r) => [
        r.vend_id,
        r.outcome === 'POSTED'
          ? r.transfer_id
          : r.outcome === STALE
            ? STALE
            : r.outcome === REPLAY
              ? REPLAY
              : null,
      ]),
    );
  },
}));

/**
 * Records the vend and posts its debit, with whatever other vends are waiting; the debit's id.
 * Throws INSUFFICIENT_FUNDS (402) when the wallet cannot cover it (the rest of its batch goes on),
 * StaleAccessError when `payload.generation` is no longer current, ReferenceUsedError when the
 * client already has a vend under the reference (the rest of its batch goes on too).
 */
export async function postVendDebit(db: Db, payload: VendDebitPayload): Promise<string> {
  const transferId = await queueOf(db).submit(payload);
  if (transferId === STALE) throw new StaleAccessError();
  if (transferId === REPLAY) throw new ReferenceUsedError();
  if (!transferId) throw insufficientFunds();
  return transferId;
}
