-- Issue 33 point 3: Paystack dedicated virtual accounts (one per client) and the transfers into them
-- that were verified at Paystack and credited at once (funding kind BANK_TRANSFER_AUTO).
CREATE TABLE "auto_transfers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"reference" text NOT NULL,
	"corporate_id" uuid NOT NULL,
	"dedicated_account_id" uuid NOT NULL,
	"provider_transaction_id" text,
	"amount_kobo" bigint NOT NULL,
	"sender" text,
	"status" text DEFAULT 'SUCCESSFUL' NOT NULL,
	"paid_at" timestamp with time zone,
	"transfer_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auto_transfers_amount_positive" CHECK ("auto_transfers"."amount_kobo" > 0)
);
--> statement-breakpoint
CREATE TABLE "dedicated_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"corporate_id" uuid NOT NULL,
	"provider" text DEFAULT 'PAYSTACK' NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"customer_code" text,
	"account_number" text,
	"account_name" text,
	"bank_name" text,
	"bank_slug" text,
	"provider_account_id" text,
	"created_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dedicated_accounts_active_complete" CHECK ("dedicated_accounts"."status" <> 'ACTIVE' or ("dedicated_accounts"."customer_code" is not null and "dedicated_accounts"."account_number" is not null))
);
--> statement-breakpoint
ALTER TABLE "auto_transfers" ADD CONSTRAINT "auto_transfers_corporate_id_corporates_id_fk" FOREIGN KEY ("corporate_id") REFERENCES "public"."corporates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_transfers" ADD CONSTRAINT "auto_transfers_dedicated_account_id_dedicated_accounts_id_fk" FOREIGN KEY ("dedicated_account_id") REFERENCES "public"."dedicated_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_transfers" ADD CONSTRAINT "auto_transfers_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dedicated_accounts" ADD CONSTRAINT "dedicated_accounts_corporate_id_corporates_id_fk" FOREIGN KEY ("corporate_id") REFERENCES "public"."corporates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "auto_transfers_code_uq" ON "auto_transfers" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "auto_transfers_reference_uq" ON "auto_transfers" USING btree ("reference");--> statement-breakpoint
CREATE UNIQUE INDEX "auto_transfers_transfer_uq" ON "auto_transfers" USING btree ("transfer_id");--> statement-breakpoint
CREATE INDEX "auto_transfers_corporate_idx" ON "auto_transfers" USING btree ("corporate_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "dedicated_accounts_corporate_uq" ON "dedicated_accounts" USING btree ("corporate_id");--> statement-breakpoint
CREATE UNIQUE INDEX "dedicated_accounts_customer_uq" ON "dedicated_accounts" USING btree ("customer_code");--> statement-breakpoint
CREATE UNIQUE INDEX "dedicated_accounts_number_uq" ON "dedicated_accounts" USING btree ("account_number");