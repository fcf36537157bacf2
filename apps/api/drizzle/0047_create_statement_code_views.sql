-- Issue 53 point 3: the kinds added since migration 0034 read as the codes the client sees too:
-- an automatic bank transfer as its BT- code (its ledger reference carries Paystack's reference),
-- a card receivable's recovery as the reversed card payment's CP- reference. Reconciliation's
-- read model of funding's tables (scripts/table-owners.mjs), plain projections PostgreSQL inlines.
CREATE VIEW "statement_auto_transfer_codes" AS
SELECT "reference", "code" FROM "auto_transfers";
--> statement-breakpoint
CREATE VIEW "statement_card_receivable_codes" AS
SELECT r."id", p."reference" AS "code" FROM "card_receivables" r JOIN "card_payments" p ON p."id" = r."card_payment_id";
