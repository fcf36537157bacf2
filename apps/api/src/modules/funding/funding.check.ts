// The funding invariants over the whole database (run with the ledger's by checkBooks (books.ts),
// npm run ledger:check): every approved fund request, successful card payment, automatic bank
// transfer (dedicated account) and admin funding
// is credited exactly once, for its amount, to its wallet; no other is. The books are read
// through the ledger's published projections (ledger/ledger-relations.ts).
import { sql } from 'drizzle-orm';
import { type Invariant, ledgerEntriesRel, ledgerTransfersRel } from '../ledger';

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
    name: 'every successful card payment is credited exactly once (amount to the wallet, fee to fee income); no other is',
    query: sql`select cp.id::text as id
                 from card_payments cp
                 left join ${ledgerTransfersRel} t on t.source_type = 'card_payment' and t.source_id = cp.id::text
                 left join ${ledgerEntriesRel} e on e.transfer_id = t.id and e.account_code = 'WALLET:' || cp.corporate_id::text
                 left join ${ledgerEntriesRel} fe on fe.transfer_id = t.id and fe.account_code = 'SYSTEM:FEE_INCOME'
                where (cp.status = 'SUCCESSFUL'
                       and (t.id is null or cp.transfer_id is distinct from t.id
                            or e.amount_kobo is distinct from cp.amount_kobo
                            or coalesce(fe.amount_kobo, 0) <> cp.fee_kobo))
                   or (cp.status <> 'SUCCESSFUL' and (t.id is not null or cp.transfer_id is not null))`,
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
