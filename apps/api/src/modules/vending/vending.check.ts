// The vending invariants over the whole database, beside the ledger's own (checkLedger): one
// debit per vend, for its charge, from the right wallet; a reversal exactly when the vend failed
// or was reversed; commission accounts and VTU floats equal to what the vends say they hold.
import { sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/client';
import { checkLedgerAnd, type Invariant } from '../ledger';

export const VENDING_CHECKS: Invariant[] = [
  {
    name: 'every vend has exactly one debit, for its charge, from its wallet',
    query: sql`select v.id::text as id
                 from vends v
                 left join ledger_transfers t on t.reference = 'vend:' || v.id::text
                 left join ledger_accounts w
                   on w.code = (case when v.mode = 'TEST' then 'SANDBOX_WALLET:' else 'WALLET:' end) || v.corporate_id::text
                 left join ledger_entries e on e.transfer_id = t.id and e.account_id = w.id
                where t.id is null or t.kind <> 'VEND'
                   -- Copied onto the vend by its first status change after the debit.
                   or (v.debit_transfer_id is distinct from t.id and (v.debit_transfer_id is not null or v.status <> 'PENDING'))
                   or e.amount_kobo is distinct from -v.charge_kobo
                   or (select count(*) from ledger_transfers x
                        where x.source_type = 'vend' and x.source_id = v.id::text and x.kind = 'VEND') <> 1`,
  },
  {
    name: 'a vend is reversed exactly when it FAILED or was REVERSED, once, undoing its debit',
    query: sql`select v.id::text as id
                 from vends v
                 left join ledger_transfers r on r.id = v.reversal_transfer_id
                where (v.status in ('FAILED', 'REVERSED')) <> (r.id is not null)
                   or (r.id is not null and r.reverses_transfer_id is distinct from v.debit_transfer_id)
                   or (select count(*) from ledger_transfers x
                        where x.source_type = 'vend' and x.source_id = v.id::text and x.kind = 'REVERSAL') > 1`,
  },
  {
    name: 'no vend transfer without its vend',
    query: sql`select t.id::text as id from ledger_transfers t
                where t.source_type = 'vend' and not exists (select 1 from vends v where v.id::text = t.source_id)`,
  },
  {
    name: "each commission account holds the accrued, unsettled commission of its client's pending and successful vends",
    query: sql`select a.id::text as id
                 from ledger_accounts a
                 left join (select corporate_id, sum(commission_kobo) as held from vends
                             where mode = 'LIVE' and commission_mode = 'ACCRUED' and status in ('PENDING', 'SUCCESSFUL')
                               and commission_settlement_id is null
                             group by corporate_id) h on h.corporate_id = a.corporate_id
                where a.kind = 'COMMISSION' and a.balance_kobo <> coalesce(h.held, 0)`,
  },
  {
    name: 'each commission settlement is the sum of the commission of its vends',
    query: sql`select s.id::text as id from commission_settlements s
                where s.amount_kobo <> coalesce((select sum(commission_kobo) from vends v where v.commission_settlement_id = s.id), 0)`,
  },
  {
    name: 'the VTU float account equals fundings less the vends holding line float',
    query: sql`select 'VTU_FLOAT' as id
                 from (select coalesce((select -balance_kobo from ledger_accounts where code = 'SYSTEM:VTU_FLOAT'), 0) as booked,
                              coalesce((select sum(amount_kobo) from vtu_fundings), 0)
                              - coalesce((select sum(amount_kobo) from vends
                                           where float_account = 'VTU_FLOAT' and status in ('PENDING', 'SUCCESSFUL')), 0) as derived) x
                where booked <> derived`,
  },
];

/** Every ledger invariant, then the vending ones: what `npm run ledger:check` runs. */
export const checkBooks = (db: Db) => checkLedgerAnd(db, VENDING_CHECKS);
