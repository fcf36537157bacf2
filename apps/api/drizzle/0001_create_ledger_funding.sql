CREATE TABLE "ledger_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"corporate_id" uuid,
	"name" text NOT NULL,
	"balance_kobo" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_accounts_client_has_corporate" CHECK ("ledger_accounts"."kind" not in ('WALLET', 'SANDBOX_WALLET', 'COMMISSION') or "ledger_accounts"."corporate_id" is not null)
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigserial NOT NULL,
	"transfer_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"amount_kobo" bigint NOT NULL,
	"balance_after_kobo" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_nonzero" CHECK ("ledger_entries"."amount_kobo" <> 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_transfers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reference" text NOT NULL,
	"kind" text NOT NULL,
	"description" text NOT NULL,
	"corporate_id" uuid,
	"source_type" text,
	"source_id" text,
	"reverses_transfer_id" uuid,
	"actor_id" uuid,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "admin_fundings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"corporate_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"amount_kobo" bigint NOT NULL,
	"reason" text NOT NULL,
	"request_key" text NOT NULL,
	"actor_id" uuid NOT NULL,
	"transfer_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "admin_fundings_amount_positive" CHECK ("admin_fundings"."amount_kobo" > 0)
);
--> statement-breakpoint
CREATE TABLE "card_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reference" text NOT NULL,
	"corporate_id" uuid NOT NULL,
	"gateway" text NOT NULL,
	"amount_kobo" bigint NOT NULL,
	"fee_kobo" bigint NOT NULL,
	"total_kobo" bigint NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"status_reason" text,
	"checkout_url" text,
	"created_by_id" uuid,
	"paid_at" timestamp with time zone,
	"transfer_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "card_payments_amounts" CHECK ("card_payments"."amount_kobo" > 0 and "card_payments"."fee_kobo" >= 0 and "card_payments"."total_kobo" = "card_payments"."amount_kobo" + "card_payments"."fee_kobo"),
	CONSTRAINT "card_payments_success_has_transfer" CHECK (("card_payments"."status" = 'SUCCESSFUL') = ("card_payments"."transfer_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "fund_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"corporate_id" uuid NOT NULL,
	"kind" text DEFAULT 'FUNDING' NOT NULL,
	"amount_kobo" bigint NOT NULL,
	"transfer_reference" text NOT NULL,
	"narration" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"proof_path" text,
	"proof_mime" text,
	"proof_name" text,
	"created_by_id" uuid,
	"paid_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	"decided_by_id" uuid,
	"decline_reason" text,
	"transfer_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fund_requests_amount_positive" CHECK ("fund_requests"."amount_kobo" > 0),
	CONSTRAINT "fund_requests_approved_has_transfer" CHECK (("fund_requests"."status" = 'APPROVED') = ("fund_requests"."transfer_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "gateway_sim_payments" (
	"reference" text PRIMARY KEY NOT NULL,
	"amount_kobo" bigint NOT NULL,
	"email" text NOT NULL,
	"description" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_corporate_id_corporates_id_fk" FOREIGN KEY ("corporate_id") REFERENCES "public"."corporates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transfers" ADD CONSTRAINT "ledger_transfers_corporate_id_corporates_id_fk" FOREIGN KEY ("corporate_id") REFERENCES "public"."corporates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transfers" ADD CONSTRAINT "ledger_transfers_reverses_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("reverses_transfer_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_fundings" ADD CONSTRAINT "admin_fundings_corporate_id_corporates_id_fk" FOREIGN KEY ("corporate_id") REFERENCES "public"."corporates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_fundings" ADD CONSTRAINT "admin_fundings_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_payments" ADD CONSTRAINT "card_payments_corporate_id_corporates_id_fk" FOREIGN KEY ("corporate_id") REFERENCES "public"."corporates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_payments" ADD CONSTRAINT "card_payments_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_requests" ADD CONSTRAINT "fund_requests_corporate_id_corporates_id_fk" FOREIGN KEY ("corporate_id") REFERENCES "public"."corporates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_requests" ADD CONSTRAINT "fund_requests_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_code_uq" ON "ledger_accounts" USING btree ("code");--> statement-breakpoint
CREATE INDEX "ledger_accounts_corporate_idx" ON "ledger_accounts" USING btree ("corporate_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_account_idx" ON "ledger_entries" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "ledger_entries_transfer_idx" ON "ledger_entries" USING btree ("transfer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_transfer_account_uq" ON "ledger_entries" USING btree ("transfer_id","account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transfers_reference_uq" ON "ledger_transfers" USING btree ("reference");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transfers_reverses_uq" ON "ledger_transfers" USING btree ("reverses_transfer_id");--> statement-breakpoint
CREATE INDEX "ledger_transfers_corporate_idx" ON "ledger_transfers" USING btree ("corporate_id","created_at");--> statement-breakpoint
CREATE INDEX "ledger_transfers_source_idx" ON "ledger_transfers" USING btree ("source_type","source_id");--> statement-breakpoint
CREATE UNIQUE INDEX "admin_fundings_code_uq" ON "admin_fundings" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "admin_fundings_request_key_uq" ON "admin_fundings" USING btree ("request_key");--> statement-breakpoint
CREATE UNIQUE INDEX "admin_fundings_transfer_uq" ON "admin_fundings" USING btree ("transfer_id");--> statement-breakpoint
CREATE INDEX "admin_fundings_corporate_idx" ON "admin_fundings" USING btree ("corporate_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "card_payments_reference_uq" ON "card_payments" USING btree ("reference");--> statement-breakpoint
CREATE UNIQUE INDEX "card_payments_transfer_uq" ON "card_payments" USING btree ("transfer_id");--> statement-breakpoint
CREATE INDEX "card_payments_corporate_idx" ON "card_payments" USING btree ("corporate_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "fund_requests_code_uq" ON "fund_requests" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "fund_requests_transfer_uq" ON "fund_requests" USING btree ("transfer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "fund_requests_bank_ref_uq" ON "fund_requests" USING btree ("corporate_id",lower("transfer_reference")) WHERE "fund_requests"."status" <> 'DECLINED';--> statement-breakpoint
CREATE INDEX "fund_requests_corporate_idx" ON "fund_requests" USING btree ("corporate_id","created_at");--> statement-breakpoint
CREATE INDEX "fund_requests_status_idx" ON "fund_requests" USING btree ("status","created_at");