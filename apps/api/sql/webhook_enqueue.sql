-- Owner: modules/webhooks. webhook_enqueue: queues a vend's webhook: for each item whose client has an endpoint, the delivery and the job that sends it.

CREATE OR REPLACE FUNCTION webhook_enqueue(p_items jsonb) RETURNS integer
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
