-- Auto top-up caps, enforced in the transaction that debits the wallet. An auto top-up vend is
-- recorded by vend_record_and_debit (migration 0006/0008) in the same statement as its debit; this
-- trigger on that insert adds the vend's face value to the client's spend of the Lagos day and
-- month (auto_topup_spend) with ONE conditional update per period. Concurrent vends of a client
-- queue on the counter row (and re-check the condition once they hold it), so the caps hold
-- however many workers run. A vend that would pass a cap raises V0431 (day) or V0432 (month):
-- the statement fails, so neither the vend nor its debit exists. A vend that later fails or is
-- reversed gives its amount back. Other channels never reach the function (the WHEN clause).
CREATE FUNCTION auto_topup_spend_reserve() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  v_daily bigint;
  v_monthly bigint;
  v_day date := (NEW.created_at AT TIME ZONE 'Africa/Lagos')::date;
  v_month date := date_trunc('month', NEW.created_at AT TIME ZONE 'Africa/Lagos')::date;
BEGIN
  SELECT s.daily_cap_kobo, s.monthly_cap_kobo INTO v_daily, v_monthly
    FROM auto_topup_settings s WHERE s.corporate_id = NEW.corporate_id;
  INSERT INTO auto_topup_spend (corporate_id, mode, period, starts_on, spent_kobo)
  VALUES (NEW.corporate_id, NEW.mode, 'DAY', v_day, 0), (NEW.corporate_id, NEW.mode, 'MONTH', v_month, 0)
  ON CONFLICT DO NOTHING;
  UPDATE auto_topup_spend
     SET spent_kobo = spent_kobo + NEW.amount_kobo
   WHERE corporate_id = NEW.corporate_id AND mode = NEW.mode AND period = 'DAY' AND starts_on = v_day
     AND (v_daily IS NULL OR spent_kobo + NEW.amount_kobo <= v_daily);
  IF NOT FOUND THEN
    RAISE EXCEPTION 'auto top-up daily cap reached' USING ERRCODE = 'V0431';
  END IF;
  UPDATE auto_topup_spend
     SET spent_kobo = spent_kobo + NEW.amount_kobo
   WHERE corporate_id = NEW.corporate_id AND mode = NEW.mode AND period = 'MONTH' AND starts_on = v_month
     AND (v_monthly IS NULL OR spent_kobo + NEW.amount_kobo <= v_monthly);
  IF NOT FOUND THEN
    RAISE EXCEPTION 'auto top-up monthly cap reached' USING ERRCODE = 'V0432';
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER vends_auto_topup_spend_reserve
AFTER INSERT ON vends
FOR EACH ROW WHEN (NEW.channel = 'AUTO_TOPUP')
EXECUTE FUNCTION auto_topup_spend_reserve();
--> statement-breakpoint
CREATE FUNCTION auto_topup_spend_release() RETURNS trigger
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
--> statement-breakpoint
CREATE TRIGGER vends_auto_topup_spend_release
AFTER UPDATE OF status ON vends
FOR EACH ROW WHEN (NEW.channel = 'AUTO_TOPUP' AND NEW.status IN ('FAILED', 'REVERSED')
                   AND OLD.status NOT IN ('FAILED', 'REVERSED'))
EXECUTE FUNCTION auto_topup_spend_release();
