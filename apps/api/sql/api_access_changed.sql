-- Owner: modules/auth. api_access_changed: raises api_access_generation when anything a remembered API-key read holds changes (keys, a client's status or terms, its IP allow-list, its services), so no instance serves a stale key.

CREATE OR REPLACE FUNCTION api_access_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE api_access_generation SET n = n + 1;
  RETURN NULL;
END $$;

CREATE TRIGGER api_keys_access_insert_delete AFTER INSERT OR DELETE ON api_keys
  FOR EACH STATEMENT EXECUTE FUNCTION api_access_changed();

CREATE TRIGGER api_keys_access_update AFTER UPDATE ON api_keys
  FOR EACH ROW WHEN (OLD.revoked_at IS DISTINCT FROM NEW.revoked_at OR OLD.mode IS DISTINCT FROM NEW.mode
                     OR OLD.corporate_id IS DISTINCT FROM NEW.corporate_id OR OLD.key_hash IS DISTINCT FROM NEW.key_hash)
  EXECUTE FUNCTION api_access_changed();

CREATE TRIGGER corporates_access_delete AFTER DELETE ON corporates
  FOR EACH STATEMENT EXECUTE FUNCTION api_access_changed();

CREATE TRIGGER corporates_access_update AFTER UPDATE ON corporates
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.test_mode IS DISTINCT FROM NEW.test_mode
                     OR OLD.upfront_commission IS DISTINCT FROM NEW.upfront_commission
                     OR OLD.client_type IS DISTINCT FROM NEW.client_type
                     OR OLD.vending_hold IS DISTINCT FROM NEW.vending_hold
                     OR OLD.rate_key_per_s IS DISTINCT FROM NEW.rate_key_per_s
                     OR OLD.rate_key_burst IS DISTINCT FROM NEW.rate_key_burst
                     OR OLD.rate_client_per_s IS DISTINCT FROM NEW.rate_client_per_s
                     OR OLD.rate_client_burst IS DISTINCT FROM NEW.rate_client_burst)
  EXECUTE FUNCTION api_access_changed();

CREATE TRIGGER ip_allowlist_access AFTER INSERT OR UPDATE OR DELETE ON ip_allowlist
  FOR EACH STATEMENT EXECUTE FUNCTION api_access_changed();

CREATE TRIGGER service_assignments_access AFTER INSERT OR UPDATE OR DELETE ON service_assignments
  FOR EACH STATEMENT EXECUTE FUNCTION api_access_changed();

CREATE TRIGGER services_access AFTER INSERT OR UPDATE OR DELETE ON services
  FOR EACH STATEMENT EXECUTE FUNCTION api_access_changed();
