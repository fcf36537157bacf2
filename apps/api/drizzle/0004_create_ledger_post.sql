-- The ledger's one money mover, in the database. ledger.service.ts's transfer() calls it for every
-- movement, and the vend debit calls it inside the one statement that records the vend, so a
-- movement is a single round trip whoever makes it. One call:
--   1. every account row is locked in id order (two transfers never deadlock on each other),
--      then the corporates of the wallets it debits are read FOR SHARE: a type or limit change
--      holds that row FOR UPDATE, so no debit checks a stale floor. Accounts first, so that only
--      the holder of a wallet's lock share-locks its corporate (debits queueing for one wallet
--      used to share-lock the corporate all at once: a MultiXact and a WAL record each time).
--      A type or limit change never waits for a wallet, so this order cannot deadlock with it;
--   2. the transfer is inserted unless its reference (or, for a reversal, its original's
--      reversal) already exists: then nothing moves and the existing transfer's id (null when
--      the clash was on the reversal) comes back with created = false;
--   3. floors: a wallet may not go below its type's floor, a sandbox wallet or a commission
--      account below zero; otherwise SQLSTATE V0402 (insufficient funds) aborts the statement
--      and with it the transfer row;
--   4. the balances move and one entry per account is written with the balance after it.
-- Amounts are integer kobo. The caller checks that they are non-zero, on distinct accounts and
-- sum to zero; the ledger_entries_balanced trigger checks it again, once per INSERT statement
-- over the transfers it touched (it replaces 0002's per-entry check at commit: ledger_post writes
-- all of a transfer's entries in one statement, and an entry inserted alone is refused at once).
-- The floors, in one place: would these amounts take a wallet below its type's floor (0, or
-- minus the credit limit for POSTPAID and POSTPAID_PLUS), or a sandbox wallet or commission
-- account below zero? Read the rows after locking them for the answer to hold.
CREATE FUNCTION ledger_floor_crossed(p_accounts uuid[], p_amounts bigint[]) RETURNS boolean
LANGUAGE sql STABLE AS $$
  SELECT EXISTS (
    SELECT 1
      FROM unnest(p_accounts, p_amounts) AS e(id, amount)
      JOIN ledger_accounts a ON a.id = e.id
      LEFT JOIN corporates c ON c.id = a.corporate_id
     WHERE e.amount < 0
       AND a.kind IN ('WALLET', 'SANDBOX_WALLET', 'COMMISSION')
       AND a.balance_kobo + e.amount <
           CASE WHEN a.kind = 'WALLET' AND c.client_type IN ('POSTPAID', 'POSTPAID_PLUS')
                THEN -c.credit_limit_kobo ELSE 0 END)
$$;
--> statement-breakpoint
CREATE FUNCTION ledger_post(
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
  -- After the accounts: only the holder of a wallet's lock share-locks its corporate.
  PERFORM 1 FROM corporates c
   WHERE c.id IN (SELECT a.corporate_id
                    FROM ledger_accounts a
                    JOIN unnest(p_accounts, p_amounts) AS e(id, amount) ON a.id = e.id
                   WHERE a.kind = 'WALLET' AND e.amount < 0)
   ORDER BY c.id
     FOR SHARE;

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
DROP TRIGGER ledger_entries_balanced ON ledger_entries;
--> statement-breakpoint
DROP FUNCTION ledger_check_transfer_balanced();
--> statement-breakpoint
CREATE FUNCTION ledger_check_transfers_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  bad record;
BEGIN
  SELECT t.transfer_id, count(*) AS n, coalesce(sum(e.amount_kobo), 0) AS total INTO bad
    FROM (SELECT DISTINCT transfer_id FROM added) t
    JOIN ledger_entries e ON e.transfer_id = t.transfer_id
   GROUP BY t.transfer_id
  HAVING coalesce(sum(e.amount_kobo), 0) <> 0 OR count(*) < 2
   LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'ledger transfer % does not balance (% entries summing to % kobo)', bad.transfer_id, bad.n, bad.total
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_entries_balanced AFTER INSERT ON ledger_entries
  REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_check_transfers_balanced();
