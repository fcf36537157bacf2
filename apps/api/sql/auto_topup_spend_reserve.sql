-- Owner: modules/auto-topup. auto_topup_spend_reserve: adds an auto top-up vend's face value to its client's spend of the Lagos day and month in the statement that records it, raising V0431/V0432 past a cap.

CREATE OR REPLACE FUNCTION auto_topup_spend_reserve() RETURNS trigger
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

CREATE TRIGGER vends_auto_topup_spend_reserve
AFTER INSERT ON vends
FOR EACH ROW WHEN (NEW.channel = 'AUTO_TOPUP')
EXECUTE FUNCTION auto_topup_spend_reserve();
