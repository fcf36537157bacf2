// The funding invariants over the whole database (run with the ledger's by checkBooks (books.ts),
// npm run ledger:check): every approved fund request, successful card payment, automatic bank
// transfer (dedicated account) and admin funding is credited exactly once, for its amount, to its
// wallet; no other is; a card payment reversed after its credit is debited back exactly once, and
// its receivable (what the wallet could not give back) agrees with the receivable account and with
// the client's vending hold; each refund or dispute movement Paystack made (issue 50) is one
// transfer of its amount, and the payment's refunded amount is their sum. The books are read
// through the ledger's published projections (ledger/ledger-relations.repo.ts).
import { sql } from 'drizzle-orm';
import { corporateDirectory } from '../corporates';
import { type Invariant, ledgerAccountsRel, ledgerEntriesRel, ledgerTransfersRel } from '../ledger';

/** Built when asked: the ledger's projections are read at call time (modules import each other). */
export const fundingChecks = (): Invariant[] => [
  {
    name: 'every approved fund request is credited exactly once, for its amount, to its wallet; no other is',
    query: sql`select fr.id::text as id
                 from fund_requests fr
                 left join ${ledgerTransfersRel} t on t.source_type = 'fund_request' and t.source_id = fr.id::text
                 left join ${ledgerEntriesRel} e on e.transfer_id = t.id and e.account_code = 'WALLET:' || fr.corporate_id::text
                where (fr.status = 'APPROVED'
                       and (t.id is null or fr.transfer_id is distinct from t.id or e.amount_kobo is distinct from fr.amount_kobo))
                   or (fr.status <> 'APPROVED' and (t.id is not null or fr.transfer_id is not null))`,
  },
  {
    // Credited: SUCCESSFUL, or REVERSED after it was credited (the credit stays; its reversal is
    // checked below). A REVERSED payment never credited has no transfer at all.
    name: 'every credited card payment (successful, or reversed after its credit) is credited exactly once (amount to the wallet, fee to fee income); no other is',
    query: sql`select cp.id::text as id
                 from card_payments cp
                 left join ${ledgerTransfersRel} t on t.source_type = 'card_payment' and t.source_id = cp.id::text
                 left join ${ledgerEntriesRel} e on e.transfer_id = t.id and e.account_code = 'WALLET:' || cp.corporate_id::text
                 left join ${ledgerEntriesRel} fe on fe.transfer_id = t.id and fe.account_code = 'SYSTEM:FEE_INCOME'
                where ((cp.status = 'SUCCESSFUL' or (cp.status = 'REVERSED' and cp.transfer_id is not null))
                       and (t.id is null or cp.transfer_id is distinct from t.id
                            or e.amount_kobo is distinct from cp.amount_kobo
                            or coalesce(fe.amount_kobo, 0) <> cp.fee_kobo))
                   or (cp.status not in ('SUCCESSFUL', 'REVERSED') and (t.id is not null or cp.transfer_id is not null))`,
  },
  {
    // The reversal gives the gateway back amount + fee, takes the fee back from fee income, and
    // the amount from the wallet and, for what the wallet could not give, the receivable.
    name: 'every card payment reversed after its credit has exactly one reversal, of its credit, for its amount and fee; no other payment has one',
    query: sql`select cp.id::text as id
                 from card_payments cp
                 left join ${ledgerTransfersRel} r on r.source_type = 'card_reversal' and r.source_id = cp.id::text
                where (cp.status = 'REVERSED' and cp.transfer_id is not null
                       and (r.id is null or cp.reversal_transfer_id is distinct from r.id
                            or r.reverses_transfer_id is distinct from cp.transfer_id
                            or (select count(*) from ${ledgerTransfersRel} x
                                 where x.source_type = 'card_reversal' and x.source_id = cp.id::text) <> 1
                            or coalesce((select sum(e.amount_kobo) from ${ledgerEntriesRel} e
                                          where e.transfer_id = r.id and e.account_code = 'SYSTEM:GATEWAY_CLEARING'), 0) <> cp.total_kobo
                            or coalesce((select sum(e.amount_kobo) from ${ledgerEntriesRel} e
                                          where e.transfer_id = r.id and e.account_code = 'SYSTEM:FEE_INCOME'), 0) <> -cp.fee_kobo
                            or coalesce((select sum(e.amount_kobo) from ${ledgerEntriesRel} e
                                          where e.transfer_id = r.id
                                            and e.account_code in ('WALLET:' || cp.corporate_id::text, 'SYSTEM:CARD_RECEIVABLE')), 0) <> -cp.amount_kobo))
                   or (not (cp.status = 'REVERSED' and cp.transfer_id is not null)
                       and (r.id is not null or cp.reversal_transfer_id is not null))`,
  },
  {
    name: "every card receivable is its reversal's unpaid part, and has recovered exactly what its recoveries took",
    query: sql`select cr.id::text as id
                 from card_receivables cr
                 join card_payments cp on cp.id = cr.card_payment_id
                where cr.corporate_id <> cp.corporate_id
                   or cr.amount_kobo <> -coalesce((select sum(e.amount_kobo) from ${ledgerEntriesRel} e
                                                   where (e.transfer_id = cp.reversal_transfer_id
                                                          or e.transfer_id in (select me.transfer_id from card_money_events me
                                                                                where me.card_payment_id = cp.id))
                                                     and e.account_code = 'SYSTEM:CARD_RECEIVABLE'), 0)
                   or cr.recovered_kobo <> coalesce((select sum(e.amount_kobo)
                                                       from ${ledgerTransfersRel} t
                                                       join ${ledgerEntriesRel} e on e.transfer_id = t.id and e.account_code = 'SYSTEM:CARD_RECEIVABLE'
                                                      where t.source_type = 'card_receivable' and t.source_id = cr.id::text), 0)
               union all
               select cp.id::text from card_payments cp
                where not exists (select 1 from card_receivables cr where cr.card_payment_id = cp.id)
                  and exists (select 1 from ${ledgerEntriesRel} e
                               where (e.transfer_id = cp.reversal_transfer_id
                                      or e.transfer_id in (select me.transfer_id from card_money_events me
                                                            where me.card_payment_id = cp.id))
                                 and e.account_code = 'SYSTEM:CARD_RECEIVABLE')`,
  },
  {
    // Issue 50: a refund or dispute of a credited card payment moves exactly what its row says:
    // the gateway (clearing) gets the amount back, the wallet (and, for what it could not give, the
    // receivable) the wallet's part, fee income the fee's part; a returned dispute the other way.
    name: 'every card refund or dispute movement is one transfer of its amount, split between the wallet (or its receivable) and fee income as its row says; no such transfer lacks its row',
    query: sql`select me.id::text as id
                 from card_money_events me
                 join card_payments cp on cp.id = me.card_payment_id
                 left join ${ledgerTransfersRel} t on t.id = me.transfer_id
                where t.id is null or t.source_type <> 'card_money_event' or t.source_id <> me.id::text
                   or t.kind <> case me.kind when 'REFUND' then 'CARD_REFUND' when 'DISPUTE_TAKEN' then 'CARD_DISPUTE' else 'CARD_DISPUTE_RETURNED' end
                   or cp.corporate_id <> me.corporate_id or cp.transfer_id is null
                   or coalesce((select sum(e.amount_kobo) from ${ledgerEntriesRel} e
                                 where e.transfer_id = t.id and e.account_code = 'SYSTEM:GATEWAY_CLEARING'), 0)
                      <> case when me.kind = 'DISPUTE_RETURNED' then -me.amount_kobo else me.amount_kobo end
                   or coalesce((select sum(e.amount_kobo) from ${ledgerEntriesRel} e
                                 where e.transfer_id = t.id and e.account_code = 'SYSTEM:FEE_INCOME'), 0)
                      <> case when me.kind = 'DISPUTE_RETURNED' then me.fee_kobo else -me.fee_kobo end
                   or coalesce((select sum(e.amount_kobo) from ${ledgerEntriesRel} e
                                 where e.transfer_id = t.id and e.account_code = 'SYSTEM:CARD_RECEIVABLE'), 0)
                      <> -me.receivable_kobo
                   or coalesce((select sum(e.amount_kobo) from ${ledgerEntriesRel} e
                                 where e.transfer_id = t.id
                                   and e.account_code in ('WALLET:' || me.corporate_id::text, 'SYSTEM:CARD_RECEIVABLE')), 0)
                      <> case when me.kind = 'DISPUTE_RETURNED' then me.wallet_kobo else -me.wallet_kobo end
               union all
               select x.id::text
                 from ${ledgerTransfersRel} x
                where x.kind in ('CARD_REFUND', 'CARD_DISPUTE', 'CARD_DISPUTE_RETURNED')
                  and not exists (select 1 from card_money_events me where me.transfer_id = x.id)`,
  },
  {
    name: "a card payment's refunded amount is its refunds and disputes taken less those returned, never more than it charged; a dispute returns only what it took",
    query: sql`select cp.id::text as id
                 from card_payments cp
                where cp.refunded_kobo <> coalesce((select sum(case when me.kind = 'DISPUTE_RETURNED' then -me.amount_kobo else me.amount_kobo end)
                                                      from card_money_events me where me.card_payment_id = cp.id), 0)
                   or cp.refunded_kobo > cp.total_kobo
               union all
               select r.id::text
                 from card_money_events r
                where r.kind = 'DISPUTE_RETURNED'
                  and not exists (select 1 from card_money_events tk
                                   where tk.kind = 'DISPUTE_TAKEN' and tk.card_payment_id = r.card_payment_id
                                     and tk.gateway_key = replace(r.gateway_key, ':returned', ':taken')
                                     and tk.amount_kobo = r.amount_kobo)`,
  },
  {
    name: 'the card receivable account holds exactly what clients still owe',
    query: sql`select coalesce(a.balance_kobo, 0)::text as id
                 from (select 1) one
                 left join ${ledgerAccountsRel} a on a.code = 'SYSTEM:CARD_RECEIVABLE'
                where coalesce(a.balance_kobo, 0)
                      <> -(select coalesce(sum(amount_kobo - recovered_kobo), 0) from card_receivables)`,
  },
  {
    name: "a client's vending is held exactly while it has an outstanding card receivable",
    query: sql`select c.id::text as id
                 from ${corporateDirectory} c
                where (c.vending_hold = 'CARD_RECEIVABLE')
                      <> exists (select 1 from card_receivables cr
                                  where cr.corporate_id = c.id and cr.status = 'OUTSTANDING')`,
  },
  {
    // Issue 33 point 3: every transfer into a dedicated account that was credited, credited once.
    name: 'every successful automatic bank transfer is credited exactly once, for its amount, to its wallet',
    query: sql`select at.id::text as id
                 from auto_transfers at
                 left join ${ledgerTransfersRel} t on t.id = at.transfer_id
                 left join ${ledgerEntriesRel} e on e.transfer_id = t.id and e.account_code = 'WALLET:' || at.corporate_id::text
                where at.status <> 'SUCCESSFUL' or t.id is null or e.amount_kobo is distinct from at.amount_kobo
                   or t.kind <> 'BANK_TRANSFER_AUTO'
                   or (select count(*) from ${ledgerTransfersRel} x
                        where x.source_type = 'auto_transfer' and x.source_id = at.id::text) <> 1
               union all
               select x.id::text
                 from ${ledgerTransfersRel} x
                where x.kind = 'BANK_TRANSFER_AUTO'
                  and not exists (select 1 from auto_transfers a where a.transfer_id = x.id)`,
  },
  {
    // Issue 50: a discrepancy resolved by a credit or a write-off is one transfer: gateway clearing
    // gives its resolved amount (negative: gets it back) to the wallet or to the write-off account;
    // a payment of ours resolved by a credit was credited by its own path (its reference).
    name: 'every gateway discrepancy resolved with money moved is one transfer of its resolved amount, from gateway clearing to the wallet (credit) or the write-off account; no such transfer lacks its discrepancy',
    query: sql`select gd.id::text as id
                 from gateway_discrepancies gd
                 left join ${ledgerTransfersRel} t on t.id = gd.transfer_id
                where (gd.transfer_id is not null
                       and (t.id is null or t.kind <> 'GATEWAY_DISCREPANCY' or t.source_id <> gd.id::text
                            or coalesce((select sum(e.amount_kobo) from ${ledgerEntriesRel} e
                                          where e.transfer_id = t.id and e.account_code = 'SYSTEM:GATEWAY_CLEARING'), 0)
                               <> -gd.resolved_amount_kobo
                            or coalesce((select sum(e.amount_kobo) from ${ledgerEntriesRel} e
                                          where e.transfer_id = t.id
                                            and e.account_code = case gd.resolution when 'CREDIT' then 'WALLET:' || gd.corporate_id::text
                                                                                   else 'SYSTEM:GATEWAY_WRITE_OFF' end), 0)
                               <> gd.resolved_amount_kobo))
                   or (gd.resolution = 'CREDIT' and gd.transfer_id is null
                       and not exists (select 1 from card_payments cp where cp.reference = gd.reference and cp.transfer_id is not null)
                       and not exists (select 1 from auto_transfers a where a.reference = gd.reference))
                   or (gd.status = 'OPEN' and gd.transfer_id is not null)
               union all
               select x.id::text
                 from ${ledgerTransfersRel} x
                where x.kind = 'GATEWAY_DISCREPANCY'
                  and not exists (select 1 from gateway_discrepancies gd where gd.transfer_id = x.id)`,
  },
  {
    name: 'every admin funding is credited exactly once, for its amount, to its wallet',
    query: sql`select af.id::text as id
                 from admin_fundings af
                 left join ${ledgerTransfersRel} t on t.id = af.transfer_id
                 left join ${ledgerEntriesRel} e on e.transfer_id = t.id and e.account_code = 'WALLET:' || af.corporate_id::text
                where t.id is null or e.amount_kobo is distinct from af.amount_kobo
                   or (select count(*) from ${ledgerTransfersRel} x
                        where x.source_type = 'admin_funding' and x.source_id = af.id::text) <> 1`,
  },
];
