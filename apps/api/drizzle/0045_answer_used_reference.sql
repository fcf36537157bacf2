-- Issue 49 point 7: a vend whose reference its client already used is answered REPLAY (nothing
-- written) instead of breaking its batch. Before, its insert violated vends_reference_uq, the whole
-- statement was refused, and every other client's vend in the batch was posted again one by one
-- (group commit's retry): a client replaying references slowed everybody's debits. The check is one
-- index probe per vend inside the same statement (no round trip). A vend already written under its
-- own id (a retry whose first answer was lost) is not a replay: it goes on to keep the debit it has.
-- A reference used by two vends in flight at once still meets the unique index, as before.
ALTER FUNCTION vend_record_and_debit(jsonb) RENAME TO vend_record_and_debit_unused;
--> statement-breakpoint
CREATE FUNCTION vend_record_and_debit(p_vends jsonb)
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
