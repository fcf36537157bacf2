-- Owner: modules/vending. vend_record_and_debit_set: records a batch of vends and their debits as one statement of data-modifying CTEs (transfers, entries, one update per account, the vends, their CREATED events).

CREATE OR REPLACE FUNCTION vend_record_and_debit_set(p_vends jsonb)
RETURNS TABLE (vend_id uuid, transfer_id uuid, outcome text)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  v_go boolean;
  v_tids uuid[];
BEGIN
  -- Retries and malformed transfers: vend by vend, as before.
  IF EXISTS (
    SELECT 1
      FROM jsonb_array_elements(p_vends) x
     WHERE coalesce((x->>'retry')::boolean, false)
        OR jsonb_typeof(x->'debit'->'accounts') IS DISTINCT FROM 'array'
        OR jsonb_typeof(x->'debit'->'amounts') IS DISTINCT FROM 'array'
        OR jsonb_array_length(x->'debit'->'accounts') < 2
        OR jsonb_array_length(x->'debit'->'accounts') <> jsonb_array_length(x->'debit'->'amounts')) THEN
    RETURN QUERY SELECT * FROM vend_record_and_debit_each(p_vends);
    RETURN;
  END IF;

  PERFORM 1
     FROM ledger_accounts a
    WHERE a.id IN (SELECT jsonb_array_elements_text(e->'debit'->'accounts')::uuid
                     FROM jsonb_array_elements(p_vends) e)
    ORDER BY a.id
      FOR UPDATE;

  WITH items AS (
    SELECT x, n, jsonb_populate_record(NULL::vends, x->'vend') AS v, uuid_v7() AS tid
      FROM jsonb_array_elements(p_vends) WITH ORDINALITY t(x, n)),
  entries AS (
    SELECT i.n, i.tid, k.acc::uuid AS account_id, (i.x->'debit'->'amounts'->>(k.k::int - 1))::bigint AS amount
      FROM items i
     CROSS JOIN LATERAL jsonb_array_elements_text(i.x->'debit'->'accounts') WITH ORDINALITY k(acc, k)),
  running AS (
    SELECT e.*, a.balance_kobo + sum(e.amount) OVER (PARTITION BY e.account_id ORDER BY e.n) AS after,
           a.floor_kobo
      FROM entries e
      JOIN ledger_accounts a ON a.id = e.account_id),
  ok AS (
    SELECT NOT EXISTS (SELECT 1 FROM running r WHERE r.amount < 0 AND r.after < r.floor_kobo) AS go),
  t AS (
    INSERT INTO ledger_transfers (id, reference, kind, description, corporate_id, source_type, source_id, metadata)
    SELECT i.tid, i.x->'debit'->>'reference', 'VEND', i.x->'debit'->>'description', (i.v).corporate_id, 'vend',
           (i.v).id::text, coalesce(i.x->'debit'->'metadata', '{}'::jsonb)
      FROM items i, ok WHERE ok.go
     ORDER BY i.n),
  u AS (
    UPDATE ledger_accounts a
       SET balance_kobo = a.balance_kobo + s.total, updated_at = now()
      FROM (SELECT r.account_id, sum(r.amount) AS total FROM running r GROUP BY r.account_id) s, ok
     WHERE ok.go AND a.id = s.account_id),
  le AS (
    INSERT INTO ledger_entries (transfer_id, account_id, amount_kobo, balance_after_kobo)
    SELECT r.tid, r.account_id, r.amount, r.after
      FROM running r, ok WHERE ok.go
     ORDER BY r.n, r.account_id),
  nv AS (
    INSERT INTO vends (id, code, corporate_id, mode, channel, reference, request_hash, msisdn, network,
                       service_type, service_id, platform, data_plan_id, plan_code, plan_name, amount_kobo,
                       charge_kobo, commission_kobo, commission_bps, commission_mode, routes, route_index,
                       provider, float_account, float_line_id, vtu_line_id, created_by_id, api_key_id,
                       client_type, requery_at, placed_by, debit_transfer_id, created_at, updated_at)
    SELECT (i.v).id, (i.v).code, (i.v).corporate_id, (i.v).mode, (i.v).channel, (i.v).reference,
           (i.v).request_hash, (i.v).msisdn, (i.v).network, (i.v).service_type, (i.v).service_id, (i.v).platform,
           (i.v).data_plan_id, (i.v).plan_code, (i.v).plan_name, (i.v).amount_kobo, (i.v).charge_kobo,
           (i.v).commission_kobo, (i.v).commission_bps, (i.v).commission_mode, (i.v).routes, (i.v).route_index,
           (i.v).provider, (i.v).float_account, (i.v).float_line_id, (i.v).vtu_line_id, (i.v).created_by_id,
           (i.v).api_key_id, (i.v).client_type, (i.v).requery_at, (i.v).placed_by, i.tid, (i.v).created_at,
           (i.v).created_at
      FROM items i, ok WHERE ok.go
     ORDER BY i.n),
  ev AS (
    INSERT INTO vend_events (vend_id, type, status, provider, message, data, actor_id, created_at)
    SELECT (i.v).id, 'CREATED', 'PENDING', (i.v).provider, i.x->'event'->>'message',
           coalesce(i.x->'event'->'data', '{}'::jsonb), (i.v).created_by_id, (i.v).created_at
      FROM items i, ok WHERE ok.go
     ORDER BY i.n)
  -- Every data-modifying CTE runs to its end whether or not it is read.
  SELECT ok.go, (SELECT array_agg(i.tid ORDER BY i.n) FROM items i) INTO v_go, v_tids FROM ok;

  IF NOT v_go THEN
    -- A vend of the batch would cross its wallet's floor: vend by vend, each its own answer.
    RETURN QUERY SELECT * FROM vend_record_and_debit_each(p_vends);
    RETURN;
  END IF;
  RETURN QUERY
    SELECT (t.x->'vend'->>'id')::uuid, v_tids[t.n], 'POSTED'::text
      FROM jsonb_array_elements(p_vends) WITH ORDINALITY t(x, n)
     ORDER BY t.n;
END;
$$;
