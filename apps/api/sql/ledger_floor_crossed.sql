-- Owner: modules/ledger. ledger_floor_crossed: whether moving these amounts takes any of these (locked) accounts below its floor.

CREATE OR REPLACE FUNCTION ledger_floor_crossed(p_accounts uuid[], p_amounts bigint[]) RETURNS boolean
LANGUAGE sql STABLE AS $$
  SELECT EXISTS (
    SELECT 1
      FROM unnest(p_accounts, p_amounts) AS e(id, amount)
      JOIN ledger_accounts a ON a.id = e.id
     WHERE e.amount < 0
       AND a.balance_kobo + e.amount < a.floor_kobo)
$$;
