-- Owner: modules/vending. vend_record_and_debit: records a batch of vends with their debits in one statement; a vend whose reference its client already used is answered REPLAY, nothing written (migration 0045), and the rest go to vend_record_and_debit_unused.

CREATE OR REPLACE FUNCTION vend_record_and_debit(p_vends jsonb)
RETURNS TABLE (vend_id uuid, transfer_id uuid, outcome text)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  v_rest jsonb;
BEGIN
  IF NOT EXISTS (SELECT 1
                   FROM jsonb_array_elements(p_vends) x
                   JOIN vends v ON v.corporate_id = (x->'vend'->>'corporate_id')::uuid
                               AND v.mode = x->'vend'->>'mode'
                               AND v.reference = x->'vend'->>'reference'
                  WHERE v.id <> (x->'vend'->>'id')::uuid) THEN
    RETURN QUERY SELECT * FROM vend_record_and_debit_unused(p_vends);
    RETURN;
  END IF;
  RETURN QUERY
    SELECT (x->'vend'->>'id')::uuid, NULL::uuid, 'REPLAY'::text
      FROM jsonb_array_elements(p_vends) WITH ORDINALITY t(x, n)
     WHERE EXISTS (SELECT 1 FROM vends v
                    WHERE v.corporate_id = (x->'vend'->>'corporate_id')::uuid
                      AND v.mode = x->'vend'->>'mode'
                      AND v.reference = x->'vend'->>'reference'
                      AND v.id <> (x->'vend'->>'id')::uuid)
     ORDER BY t.n;
  SELECT jsonb_agg(x ORDER BY t.n) INTO v_rest
    FROM jsonb_array_elements(p_vends) WITH ORDINALITY t(x, n)
   WHERE NOT EXISTS (SELECT 1 FROM vends v
                      WHERE v.corporate_id = (x->'vend'->>'corporate_id')::uuid
                        AND v.mode = x->'vend'->>'mode'
                        AND v.reference = x->'vend'->>'reference'
                        AND v.id <> (x->'vend'->>'id')::uuid);
  IF v_rest IS NOT NULL THEN
    RETURN QUERY SELECT * FROM vend_record_and_debit_unused(v_rest);
  END IF;
END;
$$;
