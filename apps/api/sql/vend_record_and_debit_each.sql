-- Owner: modules/vending. vend_record_and_debit_each: records vends one by one through ledger_post: the fallback of vend_record_and_debit_set when a batch holds a vend already written or one that would cross a floor.

CREATE OR REPLACE FUNCTION vend_record_and_debit_each(p_vends jsonb)
RETURNS TABLE (vend_id uuid, transfer_id uuid, outcome text)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  x jsonb;
  v vends;
  accounts uuid[];
  amounts bigint[];
  posted boolean;
BEGIN
  PERFORM 1
     FROM ledger_accounts a
    WHERE a.id IN (SELECT jsonb_array_elements_text(e->'debit'->'accounts')::uuid
                     FROM jsonb_array_elements(p_vends) e)
    ORDER BY a.id
      FOR UPDATE;

  FOR x IN SELECT e FROM jsonb_array_elements(p_vends) e LOOP
    v := jsonb_populate_record(NULL::vends, x->'vend');
    vend_id := v.id;
    transfer_id := NULL;
    accounts := ARRAY(SELECT a.val::uuid
                        FROM jsonb_array_elements_text(x->'debit'->'accounts') WITH ORDINALITY a(val, n)
                       ORDER BY a.n);
    amounts := ARRAY(SELECT k.val::bigint
                       FROM jsonb_array_elements_text(x->'debit'->'amounts') WITH ORDINALITY k(val, n)
                      ORDER BY k.n);
    -- A vend sent again after its batch's answer was lost: if that batch committed, the vend
    -- and its debit exist, and the answer is that debit (not a second one, not an error).
    IF coalesce((x->>'retry')::boolean, false) THEN
      SELECT e.debit_transfer_id INTO transfer_id FROM vends e WHERE e.id = v.id;
      IF FOUND THEN
        outcome := 'POSTED';
        RETURN NEXT;
        CONTINUE;
      END IF;
    END IF;
    IF ledger_floor_crossed(accounts, amounts) THEN
      outcome := 'INSUFFICIENT';
    ELSE
      SELECT p.transfer_id, p.created INTO transfer_id, posted
        FROM ledger_post(x->'debit'->>'reference', 'VEND', x->'debit'->>'description', v.corporate_id, 'vend',
                         v.id::text, NULL, NULL, coalesce(x->'debit'->'metadata', '{}'::jsonb), accounts, amounts) p
       LIMIT 1;
      IF NOT coalesce(posted, false) THEN
        RAISE EXCEPTION 'vend %: its debit % already existed', v.code, x->'debit'->>'reference';
      END IF;
      INSERT INTO vends (id, code, corporate_id, mode, channel, reference, request_hash, msisdn, network,
                         service_type, service_id, platform, data_plan_id, plan_code, plan_name, amount_kobo,
                         charge_kobo, commission_kobo, commission_bps, commission_mode, routes, route_index,
                         provider, float_account, float_line_id, vtu_line_id, created_by_id, api_key_id,
                         client_type, requery_at, placed_by, debit_transfer_id, created_at, updated_at)
      VALUES (v.id, v.code, v.corporate_id, v.mode, v.channel, v.reference, v.request_hash, v.msisdn, v.network,
              v.service_type, v.service_id, v.platform, v.data_plan_id, v.plan_code, v.plan_name, v.amount_kobo,
              v.charge_kobo, v.commission_kobo, v.commission_bps, v.commission_mode, v.routes, v.route_index,
              v.provider, v.float_account, v.float_line_id, v.vtu_line_id, v.created_by_id, v.api_key_id,
              v.client_type, v.requery_at, v.placed_by, transfer_id, v.created_at, v.created_at);
      INSERT INTO vend_events (vend_id, type, status, provider, message, data, actor_id, created_at)
      VALUES (v.id, 'CREATED', 'PENDING', v.provider, x->'event'->>'message',
              coalesce(x->'event'->'data', '{}'::jsonb), v.created_by_id, v.created_at);
      outcome := 'POSTED';
    END IF;
    RETURN NEXT;
  END LOOP;
END;
$$;
