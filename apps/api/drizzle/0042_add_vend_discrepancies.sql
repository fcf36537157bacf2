CREATE TABLE "provider_reconciliations" (
	"id" uuid PRIMARY KEY DEFAULT uuid_v7() NOT NULL,
	"provider" text NOT NULL,
	"day" text NOT NULL,
	"status" text DEFAULT 'RUNNING' NOT NULL,
	"our_count" integer DEFAULT 0 NOT NULL,
	"our_delivered_count" integer DEFAULT 0 NOT NULL,
	"our_debited_kobo" bigint DEFAULT 0 NOT NULL,
	"our_commission_kobo" bigint DEFAULT 0 NOT NULL,
	"provider_count" integer DEFAULT 0 NOT NULL,
	"provider_delivered_count" integer DEFAULT 0 NOT NULL,
	"provider_charged_kobo" bigint DEFAULT 0 NOT NULL,
	"provider_discount_kobo" bigint DEFAULT 0 NOT NULL,
	"matched" integer DEFAULT 0 NOT NULL,
	"mismatches" integer DEFAULT 0 NOT NULL,
	"findings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"error" text,
	"requested_by_id" uuid,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "provider_reconciliations_status" CHECK ("provider_reconciliations"."status" in ('RUNNING', 'DONE', 'FAILED'))
);
--> statement-breakpoint
CREATE TABLE "vend_discrepancies" (
	"id" uuid PRIMARY KEY DEFAULT uuid_v7() NOT NULL,
	"key" text NOT NULL,
	"kind" text NOT NULL,
	"source" text NOT NULL,
	"provider" text NOT NULL,
	"vend_id" uuid,
	"corporate_id" uuid,
	"reconciliation_id" uuid,
	"our_status" text,
	"our_amount_kobo" bigint,
	"provider_status" text NOT NULL,
	"provider_amount_kobo" bigint,
	"provider_reference" text,
	"provider_message" text,
	"provider_raw" jsonb,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"resolution" text,
	"resolution_note" text,
	"resolution_transfer_id" uuid,
	"resolved_by_id" uuid,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vend_discrepancies_kind" CHECK ("vend_discrepancies"."kind" in ('DELIVERED_AFTER_REFUND', 'REFUNDED_AFTER_SUCCESS', 'MISSING_AT_PROVIDER', 'AMOUNT_MISMATCH', 'MISSING_AT_US')),
	CONSTRAINT "vend_discrepancies_status" CHECK ("vend_discrepancies"."status" in ('OPEN', 'RESOLVED')),
	CONSTRAINT "vend_discrepancies_resolution" CHECK (("vend_discrepancies"."status" = 'OPEN') = ("vend_discrepancies"."resolution" is null)
          and ("vend_discrepancies"."resolution" is null or "vend_discrepancies"."resolution" in ('CHARGED_AGAIN', 'WRITTEN_OFF', 'REVERSED', 'DISMISSED')))
);
--> statement-breakpoint
ALTER TABLE "provider_reconciliations" ADD CONSTRAINT "provider_reconciliations_requested_by_id_users_id_fk" FOREIGN KEY ("requested_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vend_discrepancies" ADD CONSTRAINT "vend_discrepancies_vend_id_vends_id_fk" FOREIGN KEY ("vend_id") REFERENCES "public"."vends"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vend_discrepancies" ADD CONSTRAINT "vend_discrepancies_corporate_id_corporates_id_fk" FOREIGN KEY ("corporate_id") REFERENCES "public"."corporates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vend_discrepancies" ADD CONSTRAINT "vend_discrepancies_reconciliation_id_provider_reconciliations_id_fk" FOREIGN KEY ("reconciliation_id") REFERENCES "public"."provider_reconciliations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vend_discrepancies" ADD CONSTRAINT "vend_discrepancies_resolution_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("resolution_transfer_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vend_discrepancies" ADD CONSTRAINT "vend_discrepancies_resolved_by_id_users_id_fk" FOREIGN KEY ("resolved_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "provider_reconciliations_day_idx" ON "provider_reconciliations" USING btree ("day","provider");--> statement-breakpoint
CREATE UNIQUE INDEX "vend_discrepancies_key_uq" ON "vend_discrepancies" USING btree ("key");--> statement-breakpoint
CREATE INDEX "vend_discrepancies_status_idx" ON "vend_discrepancies" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "vend_discrepancies_vend_idx" ON "vend_discrepancies" USING btree ("vend_id");--> statement-breakpoint
CREATE INDEX "vend_discrepancies_run_idx" ON "vend_discrepancies" USING btree ("reconciliation_id");