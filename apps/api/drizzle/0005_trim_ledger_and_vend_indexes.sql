-- Fewer index writes per movement and per vend, found by the vend benchmark: ledger_entries_transfer_idx
-- repeated the leading column of ledger_entries_transfer_account_uq; the unique indexes on ids that
-- are NULL for most rows (a transfer's reversal, a vend's reversal) now skip those rows.
DROP INDEX "ledger_entries_transfer_idx";--> statement-breakpoint
DROP INDEX "vends_reversal_uq";--> statement-breakpoint
DROP INDEX "ledger_transfers_reverses_uq";--> statement-breakpoint
CREATE UNIQUE INDEX "vends_reversal_uq" ON "vends" USING btree ("reversal_transfer_id") WHERE "vends"."reversal_transfer_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transfers_reverses_uq" ON "ledger_transfers" USING btree ("reverses_transfer_id") WHERE "ledger_transfers"."reverses_transfer_id" is not null;