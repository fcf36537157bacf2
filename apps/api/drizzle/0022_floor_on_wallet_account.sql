-- Issue 17: a debit's floor is read from the account row it has locked, not from its corporate.
--
-- Until now every debit (ledger_post, and the vend batch of migrations 0019-0021) locked its
-- accounts, then read the corporates of the wallets it debited FOR SHARE, so that a type or limit
-- change (which holds the corporate FOR UPDATE) could not slip between the floor's check and the
-- commit: a statement and a join of the corporates per batch, on the hot path. (The tuple locks
-- themselves stay: the vend's and the transfer's foreign keys key-share lock each client's
-- corporate once per batch anyway.)
--
-- Now the floor is a column of the account, kept by the database alone (a trigger sets it on every
-- insert and on any write to the columns it follows, whatever value is written):
--   0 for a sandbox wallet or a commission account;
--   a wallet's: 0, or minus the credit limit for POSTPAID and POSTPAID_PLUS;
--   null (no floor) for a platform account.
-- A type or limit change rewrites its wallet's floor in the changing transaction, so it takes the
-- wallet's row lock: a debit that holds that lock checks the floor as it was and commits first; a
-- debit that comes after waits for the change and reads the new floor: the same guarantee as the
-- share lock. A change locks its corporate FOR NO KEY UPDATE, then its wallet; a debit locks its
-- accounts, then key-share locks the corporate (foreign keys), which FOR NO KEY UPDATE lets
-- through: the two orders cannot meet in a deadlock (clients.repo lockCreditTerms).
--
-- Also: the index of a client's transfers no longer holds its vends' debits (one per vend, on the
-- hot path, keyed by client). Its one reader is a client's funding per day (ledger.repo
-- walletCreditsByDay), which asks for funding kinds only; a client's vends are read from the vends.
DROP INDEX "ledger_transfers_corporate_idx";--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD COLUMN "floor_kobo" bigint;--> statement-breakpoint
CREATE INDEX "ledger_transfers_corporate_idx" ON "ledger_transfers" USING btree ("corporate_id","created_at") WHERE "ledger_transfers"."kind" <> 'VEND';
--> statement-breakpoint
CREATE FUNCTION ledger_account_floor(p_kind text, p_corporate_id uuid) RETURNS bigint
LANGUAGE sql STABLE AS $$
  SELECT CASE
           WHEN p_kind = 'WALLET' THEN
             coalesce((SELECT CASE WHEN c.client_type IN ('POSTPAID', 'POSTPAID_PLUS') THEN -c.credit_limit_kobo ELSE 0 END
                         FROM corporates c
                        WHERE c.id = p_corporate_id), 0)
           WHEN p_kind IN ('SANDBOX_WALLET', 'COMMISSION') THEN 0
         END
$$;
--> statement-breakpoint
CREATE FUNCTION ledger_account_set_floor() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.floor_kobo := ledger_account_floor(NEW.kind, NEW.corporate_id);
  RETURN NEW;
END;
$$;
--> statement-breakpoint
-- Not on a balance update (the hot path): only when the columns the floor follows are written.
CREATE TRIGGER ledger_accounts_floor BEFORE INSERT OR UPDATE OF kind, corporate_id, floor_kobo ON ledger_accounts
  FOR EACH ROW EXECUTE FUNCTION ledger_account_set_floor();
--> statement-breakpoint
UPDATE ledger_accounts SET floor_kobo = NULL;
--> statement-breakpoint
CREATE FUNCTION corporate_credit_terms_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- The trigger above computes the value: writing the column is what asks for it.
  UPDATE ledger_accounts SET floor_kobo = NULL WHERE corporate_id = NEW.id AND kind = 'WALLET';
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER corporates_credit_terms AFTER UPDATE OF client_type, credit_limit_kobo ON corporates
  FOR EACH ROW WHEN (OLD.client_type IS DISTINCT FROM NEW.client_type
                     OR OLD.credit_limit_kobo IS DISTINCT FROM NEW.credit_limit_kobo)
  EXECUTE FUNCTION corporate_credit_terms_changed();
--> statement-breakpoint
-- The floors, in one place (migration 0004's, now from the locked rows alone).
CREATE OR REPLACE FUNCTION ledger_floor_crossed(p_accounts uuid[], p_amounts bigint[]) RETURNS boolean
LANGUAGE sql STABLE AS $$
  SELECT EXISTS (
    SELECT 1
      FROM unnest(p_accounts, p_amounts) AS e(id, amount)
      JOIN ledger_accounts a ON a.id = e.id
     WHERE e.amount < 0
       AND a.balance_kobo + e.amount < a.floor_kobo)
$$;
--> statement-breakpoint
-- Migration 0004's ledger_post but for the corporates' share lock.
CREATE OR REPLACE FUNCTION ledger_post(
  p_reference text,
  p_kind text,
  p_description text,
  p_corporate_id uuid,
  p_source_type text,
  p_source_id text,
  p_reverses uuid,
  p_actor uuid,
  p_metadata jsonb,
  p_accounts uuid[],
  p_amounts bigint[]
) RETURNS TABLE (
  transfer_id uuid,
  created boolean,
  entry_id uuid,
  seq bigint,
  account_id uuid,
  amount_kobo bigint,
  balance_after_kobo bigint,
  created_at timestamptz
) LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  v_id uuid;
  v_n integer;
BEGIN
  IF cardinality(p_accounts) IS DISTINCT FROM cardinality(p_amounts) OR cardinality(p_accounts) < 2 THEN
    RAISE EXCEPTION 'ledger transfer %: two or more entries, one amount per account', p_reference
      USING ERRCODE = 'check_violation';
  END IF;

  PERFORM 1 FROM ledger_accounts a WHERE a.id = ANY (p_accounts) ORDER BY a.id FOR UPDATE;
  GET DIAGNOSTICS v_n = ROW_COUNT;
  IF v_n <> cardinality(p_accounts) THEN
    RAISE EXCEPTION 'ledger transfer %: unknown or repeated account', p_reference
      USING ERRCODE = 'foreign_key_violation';
  END IF;

  INSERT INTO ledger_transfers AS t
         (reference, kind, description, corporate_id, source_type, source_id, reverses_transfer_id, actor_id, metadata)
  VALUES (p_reference, p_kind, p_description, p_corporate_id, p_source_type, p_source_id, p_reverses, p_actor,
          coalesce(p_metadata, '{}'::jsonb))
  ON CONFLICT DO NOTHING
  RETURNING t.id INTO v_id;
  IF v_id IS NULL THEN
    RETURN QUERY
      SELECT (SELECT t.id FROM ledger_transfers t WHERE t.reference = p_reference), false,
             NULL::uuid, NULL::bigint, NULL::uuid, NULL::bigint, NULL::bigint, NULL::timestamptz;
    RETURN;
  END IF;

  IF ledger_floor_crossed(p_accounts, p_amounts) THEN
    RAISE EXCEPTION 'Insufficient wallet balance for this transaction' USING ERRCODE = 'V0402';
  END IF;

  RETURN QUERY
    WITH u AS (
      UPDATE ledger_accounts a
         SET balance_kobo = a.balance_kobo + e.amount, updated_at = now()
        FROM unnest(p_accounts, p_amounts) AS e(id, amount)
       WHERE a.id = e.id
      RETURNING a.id, e.amount, a.balance_kobo)
    INSERT INTO ledger_entries AS le (transfer_id, account_id, amount_kobo, balance_after_kobo)
    SELECT v_id, u.id, u.amount, u.balance_kobo FROM u ORDER BY u.id
    RETURNING le.transfer_id, true, le.id, le.seq, le.account_id, le.amount_kobo, le.balance_after_kobo,
              le.created_at;
END;
$$;
--> statement-breakpoint
-- The batch debit of migration 0021, but for the corporates' share lock and join.
CREATE OR REPLACE FUNCTION vend_record_and_debit_set(p_vends jsonb)
RETURNS TABLE (vend_id uuid, transfer_id uuid, outcome text)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  v_go boolean;
  v_tids uuid[];
BEGIN
  -- Retries and malformed transfers: vend by vend, as before.
  IF EXISTS (
    SELECT 1
      FROM jsonb_array_elements(p_vends) x
     WHERE coalesce((x->>'retry')::boolean, false)
        OR jsonb_typeof(x->'debit'->'accounts') IS DISTINCT FROM 'array'
        OR jsonb_typeof(x->'debit'->'amounts') IS DISTINCT FROM 'array'
        OR jsonb_array_length(x->'debit'->'accounts') < 2
        OR jsonb_array_length(x->'debit'->'accounts') <> jsonb_array_length(x->'debit'->'amounts')) THEN
    RETURN QUERY SELECT * FROM vend_record_and_debit_each(p_vends);
    RETURN;
  END IF;

  PERFORM 1
     FROM ledger_accounts a
    WHERE a.id IN (SELECT jsonb_array_elements_text(e->'debit'->'accounts')::uuid
                     FROM jsonb_array_elements(p_vends) e)
    ORDER BY a.id
      FOR UPDATE;

  WITH items AS (
    SELECT x, n, jsonb_populate_record(NULL::vends, x->'vend') AS v, uuid_v7() AS tid
      FROM jsonb_array_elements(p_vends) WITH ORDINALITY t(x, n)),
  entries AS (
    SELECT i.n, i.tid, k.acc::uuid AS account_id, (i.x->'debit'->'amounts'->>(k.k::int - 1))::bigint AS amount
      FROM items i
     CROSS JOIN LATERAL jsonb_array_elements_text(i.x->'debit'->'accounts') WITH ORDINALITY k(acc, k)),
  running AS (
    SELECT e.*, a.balance_kobo + sum(e.amount) OVER (PARTITION BY e.account_id ORDER BY e.n) AS after,
           a.floor_kobo
      FROM entries e
      JOIN ledger_accounts a ON a.id = e.account_id),
  ok AS (
    SELECT NOT EXISTS (SELECT 1 FROM running r WHERE r.amount < 0 AND r.after < r.floor_kobo) AS go),
  t AS (
    INSERT INTO ledger_transfers (id, reference, kind, description, corporate_id, source_type, source_id, metadata)
    SELECT i.tid, i.x->'debit'->>'reference', 'VEND', i.x->'debit'->>'description', (i.v).corporate_id, 'vend',
           (i.v).id::text, coalesce(i.x->'debit'->'metadata', '{}'::jsonb)
      FROM items i, ok WHERE ok.go
     ORDER BY i.n),
  u AS (
    UPDATE ledger_accounts a
       SET balance_kobo = a.balance_kobo + s.total, updated_at = now()
      FROM (SELECT r.account_id, sum(r.amount) AS total FROM running r GROUP BY r.account_id) s, ok
     WHERE ok.go AND a.id = s.account_id),
  le AS (
    INSERT INTO ledger_entries (transfer_id, account_id, amount_kobo, balance_after_kobo)
    SELECT r.tid, r.account_id, r.amount, r.after
      FROM running r, ok WHERE ok.go
     ORDER BY r.n, r.account_id),
  nv AS (
    INSERT INTO vends (id, code, corporate_id, mode, channel, reference, request_hash, msisdn, network,
                       service_type, service_id, platform, data_plan_id, plan_code, plan_name, amount_kobo,
                       charge_kobo, commission_kobo, commission_bps, commission_mode, routes, route_index,
                       provider, float_account, float_line_id, vtu_line_id, created_by_id, api_key_id,
                       client_type, requery_at, placed_by, debit_transfer_id, created_at, updated_at)
    SELECT (i.v).id, (i.v).code, (i.v).corporate_id, (i.v).mode, (i.v).channel, (i.v).reference,
           (i.v).request_hash, (i.v).msisdn, (i.v).network, (i.v).service_type, (i.v).service_id, (i.v).platform,
           (i.v).data_plan_id, (i.v).plan_code, (i.v).plan_name, (i.v).amount_kobo, (i.v).charge_kobo,
           (i.v).commission_kobo, (i.v).commission_bps, (i.v).commission_mode, (i.v).routes, (i.v).route_index,
           (i.v).provider, (i.v).float_account, (i.v).float_line_id, (i.v).vtu_line_id, (i.v).created_by_id,
           (i.v).api_key_id, (i.v).client_type, (i.v).requery_at, (i.v).placed_by, i.tid, (i.v).created_at,
           (i.v).created_at
      FROM items i, ok WHERE ok.go
     ORDER BY i.n),
  ev AS (
    INSERT INTO vend_events (vend_id, type, status, provider, message, data, actor_id, created_at)
    SELECT (i.v).id, 'CREATED', 'PENDING', (i.v).provider, i.x->'event'->>'message',
           coalesce(i.x->'event'->'data', '{}'::jsonb), (i.v).created_by_id, (i.v).created_at
      FROM items i, ok WHERE ok.go
     ORDER BY i.n)
  -- Every data-modifying CTE runs to its end whether or not it is read.
  SELECT ok.go, (SELECT array_agg(i.tid ORDER BY i.n) FROM items i) INTO v_go, v_tids FROM ok;

  IF NOT v_go THEN
    -- A vend of the batch would cross its wallet's floor: vend by vend, each its own answer.
    RETURN QUERY SELECT * FROM vend_record_and_debit_each(p_vends);
    RETURN;
  END IF;
  RETURN QUERY
    SELECT (t.x->'vend'->>'id')::uuid, v_tids[t.n], 'POSTED'::text
      FROM jsonb_array_elements(p_vends) WITH ORDINALITY t(x, n)
     ORDER BY t.n;
END;
$$;
