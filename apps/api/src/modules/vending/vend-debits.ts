// Group commit for new vends. A busy wallet can take one debit at a time (its row is locked from
// the debit to the commit), so instead of sending every vend's debit to queue for that lock
// inside the database, the server sends the vends that are waiting together, as one call of
// vend_record_and_debit (migration 0006): one statement, one transaction, one commit for the
// batch. At most MAX_IN_FLIGHT batches run at once; a vend that arrives while they run waits for
// the next one (no timer: an idle server sends a vend at once, alone).
//
// A batch is all or nothing. When it is refused (a reference already used, a wallet floor that
// would be crossed), every vend of it is posted again alone, so each gets its own answer and
// no vend waits on another's refusal.
import type { Db } from '../../db/client';
import { runStatement, type Statement } from '../../db/sql';

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

const MAX_BATCH = 64;
const MAX_IN_FLIGHT = 2;

const RECORD_AND_DEBIT: Statement = {
  name: 'vend_record_and_debit',
  text: 'select vend_id, transfer_id from vend_record_and_debit($1::jsonb)',
};

interface Waiting {
  payload: VendDebitPayload;
  resolve: (transferId: string) => void;
  reject: (err: unknown) => void;
}

class VendDebitQueue {
  private waiting: Waiting[] = [];
  private inFlight = 0;

  constructor(private readonly db: Db) {}

  post(payload: VendDebitPayload): Promise<string> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ payload, resolve, reject });
      this.pump();
    });
  }

  private pump() {
    while (this.inFlight < MAX_IN_FLIGHT && this.waiting.length) {
      const batch = this.waiting.splice(0, MAX_BATCH);
      this.inFlight++;
      void this.run(batch).finally(() => {
        this.inFlight--;
        this.pump();
      });
    }
  }

  private async send(batch: Waiting[]): Promise<Map<string, string>> {
    const rows = await runStatement<{ vend_id: string; transfer_id: string }>(this.db, RECORD_AND_DEBIT, [
      JSON.stringify(batch.map((w) => w.payload)),
    ]);
    return new Map(rows.map((r) => [r.vend_id, r.transfer_id]));
  }

  private settle(w: Waiting, posted: Map<string, string>) {
    const id = posted.get(w.payload.vend.id as string);
    if (id) w.resolve(id);
    else w.reject(new Error(`vend ${String(w.payload.vend.code)}: the debit was not posted`));
  }

  private async run(batch: Waiting[]) {
    try {
      const posted = await this.send(batch);
      for (const w of batch) this.settle(w, posted);
      return;
    } catch (err) {
      if (batch.length === 1) {
        batch[0].reject(err);
        return;
      }
    }
    // The batch was refused as a whole: each vend alone, for its own answer.
    for (const w of batch) {
      try {
        this.settle(w, await this.send([w]));
      } catch (err) {
        w.reject(err);
      }
    }
  }
}

const queues = new WeakMap<Db, VendDebitQueue>();

/** Records the vend and posts its debit, with whatever other vends are waiting; the debit's id. */
export function postVendDebit(db: Db, payload: VendDebitPayload): Promise<string> {
  let q = queues.get(db);
  if (!q) {
    q = new VendDebitQueue(db);
    queues.set(db, q);
  }
  return q.post(payload);
}
