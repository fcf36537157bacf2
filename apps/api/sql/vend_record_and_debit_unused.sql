-- Owner: modules/vending. vend_record_and_debit_unused: the batch of vends whose references are not used yet (vend_record_and_debit sends it on, migration 0045), refusing the vends of an API key whose access changed since it was read (api_access_generation); the rest go to vend_record_and_debit_set.

CREATE OR REPLACE FUNCTION vend_record_and_debit_unused(p_vends jsonb)
RETURNS TABLE (vend_id uuid, transfer_id uuid, outcome text)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  v_gen bigint;
  v_rest jsonb;
BEGIN
  SELECT g.n INTO v_gen FROM api_access_generation g;
  IF NOT EXISTS (SELECT 1 FROM jsonb_array_elements(p_vends) x
                  WHERE x ? 'generation' AND (x->>'generation')::bigint IS DISTINCT FROM v_gen) THEN
    RETURN QUERY SELECT * FROM vend_record_and_debit_set(p_vends);
    RETURN;
  END IF;
  -- A vend already written (a retry whose first answer was lost) keeps the debit it has.
  RETURN QUERY
    SELECT (x->'vend'->>'id')::uuid, NULL::uuid, 'STALE'::text
      FROM jsonb_array_elements(p_vends) WITH ORDINALITY t(x, n)
     WHERE x ? 'generation' AND (x->>'generation')::bigint IS DISTINCT FROM v_gen
       AND NOT EXISTS (SELECT 1 FROM vends v WHERE v.id = (x->'vend'->>'id')::uuid)
     ORDER BY t.n;
  SELECT jsonb_agg(x ORDER BY t.n) INTO v_rest
    FROM jsonb_array_elements(p_vends) WITH ORDINALITY t(x, n)
   WHERE NOT (x ? 'generation') OR (x->>'generation')::bigint = v_gen
      OR EXISTS (SELECT 1 FROM vends v WHERE v.id = (x->'vend'->>'id')::uuid);
  IF v_rest IS NOT NULL THEN
    RETURN QUERY SELECT * FROM vend_record_and_debit_set(v_rest);
  END IF;
END $$;
