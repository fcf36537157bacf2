CREATE TABLE "card_disputes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"card_payment_id" uuid NOT NULL,
	"gateway_id" text NOT NULL,
	"status" text NOT NULL,
	"resolution" text,
	"refund_amount_kobo" bigint,
	"due_at" timestamp with time zone,
	"states" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "card_money_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"card_payment_id" uuid NOT NULL,
	"corporate_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"gateway_key" text NOT NULL,
	"amount_kobo" bigint NOT NULL,
	"wallet_kobo" bigint NOT NULL,
	"fee_kobo" bigint NOT NULL,
	"receivable_kobo" bigint DEFAULT 0 NOT NULL,
	"transfer_id" uuid NOT NULL,
	"detail" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "card_money_events_amounts" CHECK ("card_money_events"."amount_kobo" > 0 and "card_money_events"."wallet_kobo" >= 0 and "card_money_events"."fee_kobo" >= 0
          and "card_money_events"."amount_kobo" = "card_money_events"."wallet_kobo" + "card_money_events"."fee_kobo"
          and "card_money_events"."receivable_kobo" >= 0 and "card_money_events"."receivable_kobo" <= "card_money_events"."wallet_kobo"
          and "card_money_events"."kind" in ('REFUND', 'DISPUTE_TAKEN', 'DISPUTE_RETURNED')
          and ("card_money_events"."kind" <> 'DISPUTE_RETURNED' or "card_money_events"."receivable_kobo" = 0))
);
--> statement-breakpoint
CREATE TABLE "gateway_discrepancies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"reference" text NOT NULL,
	"run_id" uuid,
	"corporate_id" uuid,
	"channel" text,
	"paystack_amount_kobo" bigint,
	"paystack_currency" text,
	"ours_amount_kobo" bigint,
	"detail" text NOT NULL,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"resolution" text,
	"resolved_amount_kobo" bigint,
	"resolved_by_id" uuid,
	"resolved_at" timestamp with time zone,
	"note" text,
	"transfer_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gateway_discrepancies_resolved" CHECK (("gateway_discrepancies"."status" = 'RESOLVED') = ("gateway_discrepancies"."resolution" is not null) and "gateway_discrepancies"."status" in ('OPEN', 'RESOLVED')
          and ("gateway_discrepancies"."transfer_id" is null or "gateway_discrepancies"."resolution" in ('CREDIT', 'WRITE_OFF')))
);
--> statement-breakpoint
CREATE TABLE "gateway_recon_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"window_from" timestamp with time zone NOT NULL,
	"window_to" timestamp with time zone NOT NULL,
	"day" text,
	"status" text DEFAULT 'RUNNING' NOT NULL,
	"paystack_count" integer DEFAULT 0 NOT NULL,
	"paystack_total_kobo" bigint DEFAULT 0 NOT NULL,
	"ours_count" integer DEFAULT 0 NOT NULL,
	"ours_total_kobo" bigint DEFAULT 0 NOT NULL,
	"credited_count" integer DEFAULT 0 NOT NULL,
	"discrepancy_count" integer DEFAULT 0 NOT NULL,
	"error" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "card_payments" ADD COLUMN "refunded_kobo" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "card_disputes" ADD CONSTRAINT "card_disputes_card_payment_id_card_payments_id_fk" FOREIGN KEY ("card_payment_id") REFERENCES "public"."card_payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_money_events" ADD CONSTRAINT "card_money_events_card_payment_id_card_payments_id_fk" FOREIGN KEY ("card_payment_id") REFERENCES "public"."card_payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_money_events" ADD CONSTRAINT "card_money_events_corporate_id_corporates_id_fk" FOREIGN KEY ("corporate_id") REFERENCES "public"."corporates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_money_events" ADD CONSTRAINT "card_money_events_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gateway_discrepancies" ADD CONSTRAINT "gateway_discrepancies_run_id_gateway_recon_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."gateway_recon_runs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gateway_discrepancies" ADD CONSTRAINT "gateway_discrepancies_corporate_id_corporates_id_fk" FOREIGN KEY ("corporate_id") REFERENCES "public"."corporates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gateway_discrepancies" ADD CONSTRAINT "gateway_discrepancies_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "card_disputes_gateway_uq" ON "card_disputes" USING btree ("gateway_id");--> statement-breakpoint
CREATE INDEX "card_disputes_payment_idx" ON "card_disputes" USING btree ("card_payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "card_money_events_key_uq" ON "card_money_events" USING btree ("gateway_key");--> statement-breakpoint
CREATE UNIQUE INDEX "card_money_events_transfer_uq" ON "card_money_events" USING btree ("transfer_id");--> statement-breakpoint
CREATE INDEX "card_money_events_payment_idx" ON "card_money_events" USING btree ("card_payment_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "gateway_discrepancies_code_uq" ON "gateway_discrepancies" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "gateway_discrepancies_kind_ref_uq" ON "gateway_discrepancies" USING btree ("kind","reference");--> statement-breakpoint
CREATE UNIQUE INDEX "gateway_discrepancies_transfer_uq" ON "gateway_discrepancies" USING btree ("transfer_id");--> statement-breakpoint
CREATE INDEX "gateway_discrepancies_status_idx" ON "gateway_discrepancies" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "gateway_recon_runs_started_idx" ON "gateway_recon_runs" USING btree ("started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "gateway_recon_runs_day_uq" ON "gateway_recon_runs" USING btree ("kind","day");--> statement-breakpoint
ALTER TABLE "card_payments" ADD CONSTRAINT "card_payments_refunded" CHECK ("card_payments"."refunded_kobo" >= 0 and "card_payments"."refunded_kobo" <= "card_payments"."total_kobo");