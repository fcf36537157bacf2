-- Owner: modules/auto-topup. auto_topup_spend_release: gives a failed or reversed auto top-up vend's amount back to its client's spend of the day and month.

CREATE OR REPLACE FUNCTION auto_topup_spend_release() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE auto_topup_spend
     SET spent_kobo = spent_kobo - NEW.amount_kobo
   WHERE corporate_id = NEW.corporate_id AND mode = NEW.mode
     AND ((period = 'DAY' AND starts_on = (NEW.created_at AT TIME ZONE 'Africa/Lagos')::date)
       OR (period = 'MONTH' AND starts_on = date_trunc('month', NEW.created_at AT TIME ZONE 'Africa/Lagos')::date));
  RETURN NULL;
END;
$$;

CREATE TRIGGER vends_auto_topup_spend_release
AFTER UPDATE OF status ON vends
FOR EACH ROW WHEN (NEW.channel = 'AUTO_TOPUP' AND NEW.status IN ('FAILED', 'REVERSED')
                   AND OLD.status NOT IN ('FAILED', 'REVERSED'))
EXECUTE FUNCTION auto_topup_spend_release();
