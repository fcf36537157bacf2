-- Issue 33 (4): card payments reversed at the gateway (refund, chargeback). A credited payment
-- that is reversed keeps its credit and gains its reversal transfer; what the wallet could not
-- give back is a card receivable (owned by funding) on SYSTEM:CARD_RECEIVABLE, and the client's
-- vending is held (corporates.vending_hold) until later funding recovers it.
CREATE TABLE "card_receivables" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"corporate_id" uuid NOT NULL,
	"card_payment_id" uuid NOT NULL,
	"amount_kobo" bigint NOT NULL,
	"recovered_kobo" bigint DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'OUTSTANDING' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "card_receivables_amounts" CHECK ("card_receivables"."amount_kobo" > 0 and "card_receivables"."recovered_kobo" >= 0 and "card_receivables"."recovered_kobo" <= "card_receivables"."amount_kobo"),
	CONSTRAINT "card_receivables_settled" CHECK (("card_receivables"."status" = 'SETTLED') = ("card_receivables"."recovered_kobo" = "card_receivables"."amount_kobo") and "card_receivables"."status" in ('OUTSTANDING', 'SETTLED'))
);
--> statement-breakpoint
ALTER TABLE "card_payments" DROP CONSTRAINT "card_payments_success_has_transfer";--> statement-breakpoint
ALTER TABLE "card_payments" ADD COLUMN "reversal_transfer_id" uuid;--> statement-breakpoint
ALTER TABLE "card_payments" ADD COLUMN "reversed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "corporates" ADD COLUMN "vending_hold" text;--> statement-breakpoint
ALTER TABLE "card_receivables" ADD CONSTRAINT "card_receivables_corporate_id_corporates_id_fk" FOREIGN KEY ("corporate_id") REFERENCES "public"."corporates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_receivables" ADD CONSTRAINT "card_receivables_card_payment_id_card_payments_id_fk" FOREIGN KEY ("card_payment_id") REFERENCES "public"."card_payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "card_receivables_payment_uq" ON "card_receivables" USING btree ("card_payment_id");--> statement-breakpoint
CREATE INDEX "card_receivables_outstanding_idx" ON "card_receivables" USING btree ("corporate_id","created_at") WHERE "card_receivables"."status" = 'OUTSTANDING';--> statement-breakpoint
ALTER TABLE "card_payments" ADD CONSTRAINT "card_payments_reversal_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("reversal_transfer_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "card_payments_reversal_transfer_uq" ON "card_payments" USING btree ("reversal_transfer_id");--> statement-breakpoint
ALTER TABLE "card_payments" ADD CONSTRAINT "card_payments_credited_states" CHECK (("card_payments"."status" <> 'SUCCESSFUL' or "card_payments"."transfer_id" is not null)
          and ("card_payments"."transfer_id" is null or "card_payments"."status" in ('SUCCESSFUL', 'REVERSED'))
          and ("card_payments"."reversal_transfer_id" is null or ("card_payments"."status" = 'REVERSED' and "card_payments"."transfer_id" is not null))
          and ("card_payments"."status" <> 'REVERSED' or "card_payments"."transfer_id" is null or "card_payments"."reversal_transfer_id" is not null));--> statement-breakpoint
-- A vending hold changes what an API vend may do: remembered key reads (migration 0020) must be
-- read again, as they are after a status change.
DROP TRIGGER corporates_access_update ON corporates;--> statement-breakpoint
CREATE TRIGGER corporates_access_update AFTER UPDATE ON corporates
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.test_mode IS DISTINCT FROM NEW.test_mode
                     OR OLD.upfront_commission IS DISTINCT FROM NEW.upfront_commission
                     OR OLD.client_type IS DISTINCT FROM NEW.client_type
                     OR OLD.vending_hold IS DISTINCT FROM NEW.vending_hold)
  EXECUTE FUNCTION api_access_changed();
