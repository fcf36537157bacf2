-- Owner: modules/ledger. corporate_credit_terms_changed: a client's type or credit limit changed: its wallet account's floor follows (the account row is what a debit locks and reads).

CREATE OR REPLACE FUNCTION corporate_credit_terms_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- The trigger above computes the value: writing the column is what asks for it.
  UPDATE ledger_accounts SET floor_kobo = NULL WHERE corporate_id = NEW.id AND kind = 'WALLET';
  RETURN NULL;
END;
$$;

CREATE TRIGGER corporates_credit_terms AFTER UPDATE OF client_type, credit_limit_kobo ON corporates
  FOR EACH ROW WHEN (OLD.client_type IS DISTINCT FROM NEW.client_type
                     OR OLD.credit_limit_kobo IS DISTINCT FROM NEW.credit_limit_kobo)
  EXECUTE FUNCTION corporate_credit_terms_changed();
