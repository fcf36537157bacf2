-- Owner: modules/ledger. ledger_check_transfers_balanced: at commit, every transfer touched by the statement has entries summing to zero (a deferred constraint trigger).

CREATE OR REPLACE FUNCTION ledger_check_transfers_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  bad record;
BEGIN
  SELECT t.transfer_id, s.n, s.total INTO bad
    FROM (SELECT DISTINCT transfer_id FROM added) t
   CROSS JOIN LATERAL (SELECT count(*) AS n, coalesce(sum(e.amount_kobo), 0) AS total
                         FROM ledger_entries e
                        WHERE e.transfer_id = t.transfer_id) s
   WHERE s.total <> 0 OR s.n < 2
   LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'ledger transfer % does not balance (% entries summing to % kobo)', bad.transfer_id, bad.n, bad.total
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER ledger_entries_balanced AFTER INSERT ON ledger_entries
  REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_check_transfers_balanced();
