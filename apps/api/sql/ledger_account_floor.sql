-- Owner: modules/ledger. ledger_account_floor: the floor of an account: 0 for a sandbox wallet or a commission account, minus the credit limit of a postpaid client's live wallet.

CREATE OR REPLACE FUNCTION ledger_account_floor(p_kind text, p_corporate_id uuid) RETURNS bigint
LANGUAGE sql STABLE AS $$
  SELECT CASE
           WHEN p_kind = 'WALLET' THEN
             coalesce((SELECT CASE WHEN c.client_type IN ('POSTPAID', 'POSTPAID_PLUS') THEN -c.credit_limit_kobo ELSE 0 END
                         FROM corporates c
                        WHERE c.id = p_corporate_id), 0)
           WHEN p_kind IN ('SANDBOX_WALLET', 'COMMISSION') THEN 0
         END
$$;
