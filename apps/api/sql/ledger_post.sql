-- Owner: modules/ledger. ledger_post: the ledger's one money mover: locks the accounts in id order, inserts the transfer unless its reference exists, its entries, and the balances.

CREATE OR REPLACE FUNCTION ledger_post(
  p_reference text,
  p_kind text,
  p_description text,
  p_corporate_id uuid,
  p_source_type text,
  p_source_id text,
  p_reverses uuid,
  p_actor uuid,
  p_metadata jsonb,
  p_accounts uuid[],
  p_amounts bigint[]
) RETURNS TABLE (
  transfer_id uuid,
  created boolean,
  entry_id uuid,
  seq bigint,
  account_id uuid,
  amount_kobo bigint,
  balance_after_kobo bigint,
  created_at timestamptz
) LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  v_id uuid;
  v_n integer;
BEGIN
  IF cardinality(p_accounts) IS DISTINCT FROM cardinality(p_amounts) OR cardinality(p_accounts) < 2 THEN
    RAISE EXCEPTION 'ledger transfer %: two or more entries, one amount per account', p_reference
      USING ERRCODE = 'check_violation';
  END IF;

  PERFORM 1 FROM ledger_accounts a WHERE a.id = ANY (p_accounts) ORDER BY a.id FOR UPDATE;
  GET DIAGNOSTICS v_n = ROW_COUNT;
  IF v_n <> cardinality(p_accounts) THEN
    RAISE EXCEPTION 'ledger transfer %: unknown or repeated account', p_reference
      USING ERRCODE = 'foreign_key_violation';
  END IF;

  INSERT INTO ledger_transfers AS t
         (reference, kind, description, corporate_id, source_type, source_id, reverses_transfer_id, actor_id, metadata)
  VALUES (p_reference, p_kind, p_description, p_corporate_id, p_source_type, p_source_id, p_reverses, p_actor,
          coalesce(p_metadata, '{}'::jsonb))
  ON CONFLICT DO NOTHING
  RETURNING t.id INTO v_id;
  IF v_id IS NULL THEN
    RETURN QUERY
      SELECT (SELECT t.id FROM ledger_transfers t WHERE t.reference = p_reference), false,
             NULL::uuid, NULL::bigint, NULL::uuid, NULL::bigint, NULL::bigint, NULL::timestamptz;
    RETURN;
  END IF;

  IF ledger_floor_crossed(p_accounts, p_amounts) THEN
    RAISE EXCEPTION 'Insufficient wallet balance for this transaction' USING ERRCODE = 'V0402';
  END IF;

  RETURN QUERY
    WITH u AS (
      UPDATE ledger_accounts a
         SET balance_kobo = a.balance_kobo + e.amount, updated_at = now()
        FROM unnest(p_accounts, p_amounts) AS e(id, amount)
       WHERE a.id = e.id
      RETURNING a.id, e.amount, a.balance_kobo)
    INSERT INTO ledger_entries AS le (transfer_id, account_id, amount_kobo, balance_after_kobo)
    SELECT v_id, u.id, u.amount, u.balance_kobo FROM u ORDER BY u.id
    RETURNING le.transfer_id, true, le.id, le.seq, le.account_id, le.amount_kobo, le.balance_after_kobo,
              le.created_at;
END;
$$;
