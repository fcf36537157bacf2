// Group commit for new vends (lib/group-commit.ts). A busy wallet can take one debit at a time
// (its row is locked from the debit to the commit), so instead of sending every vend's debit to
// queue for that lock inside the database, the server sends the vends that are waiting
// together, as one call of vend_record_and_debit (migration 0006): one statement, one
// transaction, one commit for the batch. A refused batch (a reference already used, a wallet
// floor that would be crossed) is posted again vend by vend, so each gets its own answer.
import type { Db } from '../../db/client';
import { runStatement, type Statement } from '../../db/sql';
import { groupCommitPer } from '../../lib/group-commit';

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
}

const RECORD_AND_DEBIT: Statement = {
  name: 'vend_record_and_debit',
  text: 'select vend_id, transfer_id from vend_record_and_debit($1::jsonb)',
};

const queueOf = groupCommitPer((db: Db) => ({
  // One batch at a time: a second would only wait inside the database for the first's locks
  // (measured: less database CPU per vend with one than with two or four).
  maxInFlight: 1,
  key: (p: VendDebitPayload) => p.vend.id as string,
  send: async (batch: VendDebitPayload[]) => {
    const rows = await runStatement<{ vend_id: string; transfer_id: string }>(db, RECORD_AND_DEBIT, [
      JSON.stringify(batch),
    ]);
    return new Map(rows.map((r) => [r.vend_id, r.transfer_id]));
  },
}));

/** Records the vend and posts its debit, with whatever other vends are waiting; the debit's id. */
export const postVendDebit = (db: Db, payload: VendDebitPayload): Promise<string> =>
  queueOf(db).submit(payload);
