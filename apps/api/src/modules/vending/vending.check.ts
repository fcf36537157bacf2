// The vending invariants over the whole database, beside the ledger's own (checkLedger): one
// debit per vend, for its charge, from the right wallet; a reversal exactly when the vend failed
// or was reversed; commission accounts and VTU floats equal to what the vends say they hold; a late
// delivery paid for once, by its resolved discrepancy, and the platform's loss account. The
// books are read through the ledger's published projections (ledger/ledger-relations.repo.ts), VTU
// fundings through the vtu module's SQL. The composition's books.ts runs them with the ledger's,
// funding's and commissions' invariants: what `npm run ledger:check` runs.
import { sql } from 'drizzle-orm';
import { type Invariant, ledgerAccountsRel, ledgerEntriesRel, ledgerTransfersRel } from '../ledger';
import { VTU_FUNDED_TOTAL_SQL } from '../vtu';

/** The transfers that pay for a refunded vend the provider delivered after all (truths/). */
const LATE_DELIVERY_KINDS = sql.raw(`('VEND_RECHARGE', 'VEND_WRITE_OFF')`);

/** Built when asked: the other modules' SQL is read at call time (modules import each other). */
export const vendingChecks = (): Invariant[] => [
  {
    // DESIGN §3: every vend has exactly one debit and at most one reversal (vending owns the rows).
    name: 'every vend has exactly one debit and at most one reversal',
    query: sql`select v.id::text as id
                 from vends v
                where (select count(*) from ${ledgerTransfersRel} t
                        where t.source_type = 'vend' and t.source_id = v.id::text and t.kind = 'VEND') <> 1
                   or (select count(*) from ${ledgerTransfersRel} t
                        where t.source_type = 'vend' and t.source_id = v.id::text and t.kind = 'REVERSAL') > 1
                   or (v.debit_transfer_id is null and v.status <> 'PENDING')`,
  },
  {
    name: 'every vend has exactly one debit, for its charge, from its wallet',
    query: sql`select v.id::text as id
                 from vends v
                 left join ${ledgerTransfersRel} t on t.reference = 'vend:' || v.id::text
                 left join ${ledgerEntriesRel} e on e.transfer_id = t.id
                   and e.account_code = (case when v.mode = 'TEST' then 'SANDBOX_WALLET:' else 'WALLET:' end) || v.corporate_id::text
                where t.id is null or t.kind <> 'VEND'
                   -- Copied onto the vend by its first status change after the debit.
                   or (v.debit_transfer_id is distinct from t.id and (v.debit_transfer_id is not null or v.status <> 'PENDING'))
                   or e.amount_kobo is distinct from -v.charge_kobo
                   or (select count(*) from ${ledgerTransfersRel} x
                        where x.source_type = 'vend' and x.source_id = v.id::text and x.kind = 'VEND') <> 1`,
  },
  {
    name: 'a vend is reversed exactly when it FAILED or was REVERSED, once, undoing its debit',
    query: sql`select v.id::text as id
                 from vends v
                 left join ${ledgerTransfersRel} r on r.id = v.reversal_transfer_id
                where (v.status in ('FAILED', 'REVERSED')) <> (r.id is not null)
                   or (r.id is not null and r.reverses_transfer_id is distinct from v.debit_transfer_id)
                   or (select count(*) from ${ledgerTransfersRel} x
                        where x.source_type = 'vend' and x.source_id = v.id::text and x.kind = 'REVERSAL') > 1`,
  },
  {
    name: 'no vend transfer without its vend',
    query: sql`select t.id::text as id from ${ledgerTransfersRel} t
                where t.source_type = 'vend' and not exists (select 1 from vends v where v.id::text = t.source_id)`,
  },
  {
    name: "each commission account holds the accrued, unsettled commission of its client's pending and successful vends",
    query: sql`select a.id::text as id
                 from ${ledgerAccountsRel} a
                 left join (select corporate_id, sum(commission_kobo) as held from vends
                             where mode = 'LIVE' and commission_mode = 'ACCRUED' and status in ('PENDING', 'SUCCESSFUL')
                               and commission_settlement_id is null
                             group by corporate_id) h on h.corporate_id = a.corporate_id
                where a.kind = 'COMMISSION' and a.balance_kobo <> coalesce(h.held, 0)`,
  },
  {
    name: 'the VTU float account equals fundings less the vends holding line float',
    query: sql`select 'VTU_FLOAT' as id
                 from (select coalesce((select -balance_kobo from ${ledgerAccountsRel} a where a.code = 'SYSTEM:VTU_FLOAT'), 0) as booked,
                              ${sql.raw(VTU_FUNDED_TOTAL_SQL)}
                              - coalesce((select sum(amount_kobo) from vends
                                           where float_account = 'VTU_FLOAT' and status in ('PENDING', 'SUCCESSFUL')), 0)
                              -- A refunded vend the line delivered after all, charged again or written off.
                              - coalesce((select sum(v.amount_kobo) from vends v
                                           where v.float_account = 'VTU_FLOAT' and exists (
                                             select 1 from ${ledgerTransfersRel} t where t.source_type = 'vend'
                                                and t.source_id = v.id::text and t.kind in ${LATE_DELIVERY_KINDS})), 0) as derived) x
                where booked <> derived`,
  },
  {
    // Issue 49: a late delivery is paid for once (charged again or written off), only for a
    // refunded vend, only by an admin's resolution of its discrepancy, which points at the transfer.
    name: 'a refunded vend delivered late is charged again or written off at most once, by its resolved discrepancy',
    query: sql`select v.id::text as id
                 from vends v
                 join ${ledgerTransfersRel} t on t.source_type = 'vend' and t.source_id = v.id::text
                  and t.kind in ${LATE_DELIVERY_KINDS}
                where v.status not in ('FAILED', 'REVERSED')
                   or (select count(*) from ${ledgerTransfersRel} x where x.source_type = 'vend'
                        and x.source_id = v.id::text and x.kind in ${LATE_DELIVERY_KINDS}) > 1
                   or not exists (select 1 from vend_discrepancies d
                                   where d.vend_id = v.id and d.kind = 'DELIVERED_AFTER_REFUND'
                                     and d.resolution_transfer_id = t.id
                                     and d.resolution = case t.kind when 'VEND_RECHARGE' then 'CHARGED_AGAIN' else 'WRITTEN_OFF' end)`,
  },
  {
    name: 'a vend charged again takes its price net of commission from its wallet, once',
    query: sql`select t.id::text as id
                 from ${ledgerTransfersRel} t
                 join vends v on v.id::text = t.source_id
                 left join ${ledgerEntriesRel} e on e.transfer_id = t.id and e.account_code = 'WALLET:' || v.corporate_id::text
                where t.source_type = 'vend' and t.kind = 'VEND_RECHARGE'
                  and e.amount_kobo is distinct from -(v.amount_kobo - v.commission_kobo)`,
  },
  {
    name: 'a resolution that moved money points at its transfer (a reversal at the vend’s own)',
    query: sql`select d.id::text as id
                 from vend_discrepancies d
                 left join vends v on v.id = d.vend_id
                where (d.resolution in ('CHARGED_AGAIN', 'WRITTEN_OFF', 'REVERSED')) <> (d.resolution_transfer_id is not null)
                   or (d.resolution = 'REVERSED' and d.resolution_transfer_id is distinct from v.reversal_transfer_id)`,
  },
  {
    name: 'the platform loss account holds the late deliveries written off',
    query: sql`select 'PLATFORM_LOSS' as id
                 from (select coalesce((select balance_kobo from ${ledgerAccountsRel} a where a.code = 'SYSTEM:PLATFORM_LOSS'), 0) as booked,
                              -coalesce((select sum(v.amount_kobo) from vends v where exists (
                                 select 1 from ${ledgerTransfersRel} t where t.source_type = 'vend'
                                    and t.source_id = v.id::text and t.kind = 'VEND_WRITE_OFF')), 0) as derived) x
                where booked <> derived`,
  },
];
