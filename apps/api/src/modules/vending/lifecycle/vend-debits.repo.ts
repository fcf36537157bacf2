// The statements that record new vends with their debits (vend-debits.ts sends them, a batch at
// a time): the database function alone, or with the bills' rows of a batch that has bills.
import type { Statement } from '../../../infra/db/sql';

export const RECORD_AND_DEBIT: Statement = {
  name: 'vend_record_and_debit',
  text: 'select vend_id, transfer_id, outcome from vend_record_and_debit($1::jsonb)',
};

/**
 * The same, for a batch with a bill in it: the bills' rows are inserted by the same statement
 * (a data-modifying WITH runs once, to completion, in the statement's transaction), for the vends
 * the function wrote. A retried vend that was written already keeps the row it has.
 */
export const RECORD_AND_DEBIT_WITH_BILLS: Statement = {
  name: 'vend_record_and_debit_with_bills',
  text: `with r as (select vend_id, transfer_id, outcome from vend_record_and_debit($1::jsonb)),
    b as (
      insert into vend_bills (vend_id, biller_code, customer_number, meter_type, subscription_type,
                              bouquet_code, bouquet_name, customer_name, customer_address, phone,
                              email, verification_id)
      select f.vend_id, f.biller_code, f.customer_number, f.meter_type, f.subscription_type,
             f.bouquet_code, f.bouquet_name, f.customer_name, f.customer_address, f.phone,
             f.email, f.verification_id
        from r
        join jsonb_array_elements($1::jsonb) x on (x->'vend'->>'id')::uuid = r.vend_id
        cross join lateral jsonb_populate_record(null::vend_bills, x->'bill') f
       where r.outcome = 'POSTED' and x ? 'bill'
      on conflict (vend_id) do nothing)
    select vend_id, transfer_id, outcome from r`,
};
