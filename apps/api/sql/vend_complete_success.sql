-- Owner: modules/vending. vend_complete_success: marks a batch of vends delivered, writes their events and queues their webhooks (webhook_enqueue), with a pinned plan.

CREATE OR REPLACE FUNCTION vend_complete_success(p_batch jsonb) RETURNS TABLE (vend_id uuid)
LANGUAGE plpgsql
SET enable_seqscan = off
SET enable_bitmapscan = off
SET enable_hashjoin = off
SET enable_mergejoin = off
AS $$
#variable_conflict use_column
BEGIN
  RETURN QUERY
    with i as materialized (
      select (x->>'id')::uuid as id, x->>'floatAccount' as float_account, x->>'providerReference' as provider_reference,
             (x->>'at')::timestamptz as at, x->'events' as events,
             x->'webhook' as webhook, 'PENDING'::text as pending
        from jsonb_array_elements(p_batch) x),
    v as (
      update vends
         set status = 'SUCCESSFUL', provider_reference = i.provider_reference, completed_at = i.at,
             requery_at = null, updated_at = i.at,
             settled_at = coalesce(vends.settled_at, i.at)
        from i
       where vends.id = i.id and vends.status = i.pending and vends.float_account = i.float_account
      returning vends.id, vends.corporate_id, i.at, i.events, i.webhook),
    ev as (
      insert into vend_events (vend_id, type, status, provider, outcome, message, data, created_at)
      select v.id, e.item->>'type', e.item->>'status', e.item->>'provider', e.item->>'outcome', e.item->>'message',
             coalesce(e.item->'data', '{}'::jsonb), v.at
        from v cross join jsonb_array_elements(v.events) with ordinality as e(item, ord)
       order by v.id, e.ord),
    w as (
      select webhook_enqueue(coalesce(jsonb_agg(v.webhook || jsonb_build_object(
               'corporateId', v.corporate_id, 'vendId', v.id, 'at', v.at)), '[]'::jsonb)) as queued
        from v)
    select v.id from v cross join w;
END;
$$;
