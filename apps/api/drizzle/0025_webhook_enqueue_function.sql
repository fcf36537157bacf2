-- Issue 31: one webhook enqueuer. A vend's webhook event was queued by two texts: the success
-- fast path's CTEs in vend_complete_success (migration 0023) and the webhooks module's
-- queueVendWebhook (a read of the endpoint, an insert of the delivery, an insert of its job) for
-- every other final state. Both now call this function, the one source of what queuing a vend's
-- webhook writes: for each item whose client has a webhook endpoint, the delivery and the job
-- that sends it. Set-based, so the success batch still queues its webhooks in one statement; its
-- settings pin the plan as vend_complete_success's do (each endpoint found by its primary key).
CREATE FUNCTION webhook_enqueue(p_items jsonb) RETURNS integer
LANGUAGE plpgsql
SET enable_seqscan = off
SET enable_bitmapscan = off
SET enable_hashjoin = off
SET enable_mergejoin = off
AS $$
DECLARE
  queued integer;
BEGIN
  with i as materialized (
    select (x->>'corporateId')::uuid as corporate_id, (x->>'vendId')::uuid as vend_id, x->>'eventId' as event_id,
           x->>'type' as event_type, x->>'mode' as mode, x->>'body' as body, (x->>'at')::timestamptz as at,
           x->>'queue' as queue
      from jsonb_array_elements(p_items) x),
  d as (
    insert into webhook_deliveries (corporate_id, event_id, event_type, vend_id, mode, url, body, next_attempt_at)
    select i.corporate_id, i.event_id, i.event_type, i.vend_id, i.mode, w.url, i.body, i.at
      from i join webhook_endpoints w on w.corporate_id = i.corporate_id
    returning webhook_deliveries.id, webhook_deliveries.event_id, webhook_deliveries.next_attempt_at),
  j as (
    insert into jobs (queue, payload, run_at, dedupe_key, max_attempts)
    select i.queue, jsonb_build_object('deliveryId', d.id), d.next_attempt_at, 'webhook:' || d.id::text, 1000
      from d join i on i.event_id = d.event_id
    on conflict do nothing
    returning 1)
  select count(*) into queued from j;
  RETURN queued;
END;
$$;
--> statement-breakpoint
-- The success statement of migration 0023, its webhook side now a call of webhook_enqueue with
-- the batch's webhooks (w is joined so that it runs; it is one row).
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
