CREATE TABLE "api_access_generation" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "api_access_generation_one_row" CHECK ("api_access_generation"."id")
);
--> statement-breakpoint
INSERT INTO "api_access_generation" ("id", "n") VALUES (true, 0);
--> statement-breakpoint
-- Issue 17: a vend placed through the API is answered from a remembered read of its key (the key,
-- its client's terms, IP allow-list and services) instead of a read per call. What keeps that
-- exact is this number: every change to what that read holds raises it in the changing
-- transaction, the remembered read carries the number it was read at, and the debit (below)
-- refuses a vend whose number has moved: the server then reads the key again and decides anew.
-- Columns that no API answer depends on (a key's last use, a client's name, address...) do not
-- raise it, so the throttled last-used stamp does not make every remembered read stale.
CREATE FUNCTION api_access_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE api_access_generation SET n = n + 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER api_keys_access_insert_delete AFTER INSERT OR DELETE ON api_keys
  FOR EACH STATEMENT EXECUTE FUNCTION api_access_changed();
--> statement-breakpoint
CREATE TRIGGER api_keys_access_update AFTER UPDATE ON api_keys
  FOR EACH ROW WHEN (OLD.revoked_at IS DISTINCT FROM NEW.revoked_at OR OLD.mode IS DISTINCT FROM NEW.mode
                     OR OLD.corporate_id IS DISTINCT FROM NEW.corporate_id OR OLD.key_hash IS DISTINCT FROM NEW.key_hash)
  EXECUTE FUNCTION api_access_changed();
--> statement-breakpoint
CREATE TRIGGER corporates_access_update AFTER UPDATE ON corporates
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.test_mode IS DISTINCT FROM NEW.test_mode
                     OR OLD.upfront_commission IS DISTINCT FROM NEW.upfront_commission
                     OR OLD.client_type IS DISTINCT FROM NEW.client_type)
  EXECUTE FUNCTION api_access_changed();
--> statement-breakpoint
CREATE TRIGGER corporates_access_delete AFTER DELETE ON corporates
  FOR EACH STATEMENT EXECUTE FUNCTION api_access_changed();
--> statement-breakpoint
CREATE TRIGGER ip_allowlist_access AFTER INSERT OR UPDATE OR DELETE ON ip_allowlist
  FOR EACH STATEMENT EXECUTE FUNCTION api_access_changed();
--> statement-breakpoint
CREATE TRIGGER service_assignments_access AFTER INSERT OR UPDATE OR DELETE ON service_assignments
  FOR EACH STATEMENT EXECUTE FUNCTION api_access_changed();
--> statement-breakpoint
CREATE TRIGGER services_access AFTER INSERT OR UPDATE OR DELETE ON services
  FOR EACH STATEMENT EXECUTE FUNCTION api_access_changed();
--> statement-breakpoint
-- The batch debit of migration 0019, unchanged, under a new name; vend_record_and_debit now
-- first answers STALE (nothing written) every new vend that carries an access generation other
-- than the current one, and sends the rest on. Items without one (placed from a fresh read: the
-- portal, bulk, auto top-up, or an API call read anew) are not checked, as before.
ALTER FUNCTION vend_record_and_debit(jsonb) RENAME TO vend_record_and_debit_set;
--> statement-breakpoint
CREATE FUNCTION vend_record_and_debit(p_vends jsonb)
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
