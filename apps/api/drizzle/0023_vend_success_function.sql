-- Issue 17: the vend success statement, kept in the database with a plan that cannot go wrong.
--
-- Until now the server sent the statement's text on every run, unprepared (vending.repo
-- VEND_SUCCESS, prepared: false), because a named prepared statement keeps the plan it chose in its
-- first runs: on a table still nearly empty, a scan of vends hashed against the batch, a plan that
-- costs more with every vend the table gains. So PostgreSQL parsed, analysed and planned this
-- statement of five CTEs for every batch of successes: 12% of the database's CPU under bench:vend
-- (perf: planner 7%, parse and analysis 4.5%, the plan's copies 1%).
--
-- Now it is this function's one statement: PL/pgSQL plans it on a connection's first calls and then
-- keeps the plan. The plan is pinned by the function's settings, not by the table's statistics:
-- without scans of whole tables and with nested loops only, each vend of the batch is found by its
-- primary key, however small or large the table and whatever its statistics say. The status is
-- still compared with a column of the materialized `i` (not the constant 'PENDING', which matches
-- the predicate of vends_requery_idx, partial, PENDING: that index keeps an entry for every vend
-- inserted since the last vacuum). vending.plans.test.ts explains this statement under these
-- settings and holds it to the primary key.
--
-- The webhook side (d, j) was the webhooks module's text (webhooks.repo VEND_DELIVERIES_CTES),
-- composed into the statement by the caller; it moves here as is: for each vend whose client has a
-- webhook, its delivery and the job that sends it, in the statement that makes the vend final.
CREATE FUNCTION vend_complete_success(p_batch jsonb) RETURNS TABLE (vend_id uuid)
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
    d as (
      insert into webhook_deliveries (corporate_id, event_id, event_type, vend_id, mode, url, body, next_attempt_at)
      select v.corporate_id, v.webhook->>'eventId', v.webhook->>'type', v.id, v.webhook->>'mode', w.url,
             v.webhook->>'body', v.at
        from v join webhook_endpoints w on w.corporate_id = v.corporate_id
      returning webhook_deliveries.id, webhook_deliveries.vend_id, webhook_deliveries.next_attempt_at),
    j as (
      insert into jobs (queue, payload, run_at, dedupe_key, max_attempts)
      select v.webhook->>'queue', jsonb_build_object('deliveryId', d.id), d.next_attempt_at, 'webhook:' || d.id::text, 1000
        from d join v on v.id = d.vend_id)
    select v.id from v;
END;
$$;
