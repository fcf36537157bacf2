-- Owner: modules/ledger. ledger_account_set_floor: sets an account's floor_kobo on insert and on any write to the columns it follows.

CREATE OR REPLACE FUNCTION ledger_account_set_floor() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.floor_kobo := ledger_account_floor(NEW.kind, NEW.corporate_id);
  RETURN NEW;
END;
$$;

CREATE TRIGGER ledger_accounts_floor BEFORE INSERT OR UPDATE OF kind, corporate_id, floor_kobo ON ledger_accounts
  FOR EACH ROW EXECUTE FUNCTION ledger_account_set_floor();
