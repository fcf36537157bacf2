CREATE TABLE "commission_settlements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"corporate_id" uuid NOT NULL,
	"amount_kobo" bigint NOT NULL,
	"vends" integer NOT NULL,
	"trigger" text NOT NULL,
	"transfer_id" uuid NOT NULL,
	"actor_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "commission_settlements_amount_positive" CHECK ("commission_settlements"."amount_kobo" > 0)
);
--> statement-breakpoint
CREATE TABLE "data_plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"network" text NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"size" text NOT NULL,
	"validity" text NOT NULL,
	"price_kobo" bigint NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "data_plans_price_positive" CHECK ("data_plans"."price_kobo" > 0)
);
--> statement-breakpoint
CREATE TABLE "ip_allowlist" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"corporate_id" uuid NOT NULL,
	"address" text NOT NULL,
	"created_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"queue" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 25 NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"dedupe_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "jobs_status" CHECK ("jobs"."status" in ('PENDING', 'RUNNING', 'DONE', 'FAILED'))
);
--> statement-breakpoint
CREATE TABLE "service_assignments" (
	"corporate_id" uuid NOT NULL,
	"service_id" uuid NOT NULL,
	"assigned_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_assignments_corporate_id_service_id_pk" PRIMARY KEY("corporate_id","service_id")
);
--> statement-breakpoint
CREATE TABLE "services" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"network" text NOT NULL,
	"service_type" text NOT NULL,
	"platform" text NOT NULL,
	"fallback_platforms" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"commission_bps" integer DEFAULT 0 NOT NULL,
	"min_amount_kobo" bigint NOT NULL,
	"max_amount_kobo" bigint NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "services_commission_range" CHECK ("services"."commission_bps" between 0 and 5000),
	CONSTRAINT "services_amount_bounds" CHECK ("services"."min_amount_kobo" > 0 and "services"."min_amount_kobo" <= "services"."max_amount_kobo")
);
--> statement-breakpoint
CREATE TABLE "vend_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"vend_id" uuid NOT NULL,
	"type" text NOT NULL,
	"status" text,
	"provider" text,
	"outcome" text,
	"message" text,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"actor_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vends" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"corporate_id" uuid NOT NULL,
	"mode" text NOT NULL,
	"channel" text NOT NULL,
	"reference" text NOT NULL,
	"request_hash" text NOT NULL,
	"msisdn" text NOT NULL,
	"network" text NOT NULL,
	"service_type" text NOT NULL,
	"service_id" uuid NOT NULL,
	"platform" text NOT NULL,
	"data_plan_id" uuid,
	"plan_code" text,
	"plan_name" text,
	"amount_kobo" bigint NOT NULL,
	"charge_kobo" bigint NOT NULL,
	"commission_kobo" bigint NOT NULL,
	"commission_bps" integer NOT NULL,
	"commission_mode" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"routes" jsonb NOT NULL,
	"route_index" integer DEFAULT 0 NOT NULL,
	"provider" text,
	"provider_reference" text,
	"float_account" text NOT NULL,
	"float_line_id" uuid,
	"vtu_line_id" uuid,
	"failure_reason" text,
	"debit_transfer_id" uuid,
	"reroute_transfer_id" uuid,
	"reversal_transfer_id" uuid,
	"commission_settlement_id" uuid,
	"reversal_reason" text,
	"reversed_by_id" uuid,
	"reversed_at" timestamp with time zone,
	"created_by_id" uuid,
	"api_key_id" uuid,
	"client_type" text NOT NULL,
	"requery_at" timestamp with time zone,
	"requery_count" integer DEFAULT 0 NOT NULL,
	"settled_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vends_amounts" CHECK ("vends"."amount_kobo" > 0 and "vends"."commission_kobo" >= 0 and "vends"."charge_kobo" > 0 and "vends"."charge_kobo" <= "vends"."amount_kobo"),
	CONSTRAINT "vends_status" CHECK ("vends"."status" in ('PENDING', 'SUCCESSFUL', 'FAILED', 'REVERSED')),
	CONSTRAINT "vends_reversed_iff_undone" CHECK (("vends"."status" in ('FAILED', 'REVERSED')) = ("vends"."reversal_transfer_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "vtu_fundings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"line_id" uuid NOT NULL,
	"amount_kobo" bigint NOT NULL,
	"reference" text NOT NULL,
	"transfer_id" uuid NOT NULL,
	"actor_id" uuid,
	"actor_email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vtu_fundings_amount_positive" CHECK ("vtu_fundings"."amount_kobo" > 0)
);
--> statement-breakpoint
CREATE TABLE "vtu_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"network" text NOT NULL,
	"msisdn" text NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"public_api" boolean DEFAULT true NOT NULL,
	"corporate_id" uuid,
	"provider_balance_kobo" bigint,
	"balance_checked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"delivery_id" uuid NOT NULL,
	"attempt" integer NOT NULL,
	"status_code" integer,
	"error" text,
	"duration_ms" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"corporate_id" uuid NOT NULL,
	"event_id" text NOT NULL,
	"event_type" text NOT NULL,
	"vend_id" uuid,
	"mode" text NOT NULL,
	"url" text NOT NULL,
	"body" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_status_code" integer,
	"last_error" text,
	"next_attempt_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"resend_of" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_endpoints" (
	"corporate_id" uuid PRIMARY KEY NOT NULL,
	"url" text NOT NULL,
	"secret_enc" text NOT NULL,
	"secret_last4" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "commission_settlements" ADD CONSTRAINT "commission_settlements_corporate_id_corporates_id_fk" FOREIGN KEY ("corporate_id") REFERENCES "public"."corporates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_settlements" ADD CONSTRAINT "commission_settlements_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ip_allowlist" ADD CONSTRAINT "ip_allowlist_corporate_id_corporates_id_fk" FOREIGN KEY ("corporate_id") REFERENCES "public"."corporates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_assignments" ADD CONSTRAINT "service_assignments_corporate_id_corporates_id_fk" FOREIGN KEY ("corporate_id") REFERENCES "public"."corporates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_assignments" ADD CONSTRAINT "service_assignments_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vend_events" ADD CONSTRAINT "vend_events_vend_id_vends_id_fk" FOREIGN KEY ("vend_id") REFERENCES "public"."vends"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vends" ADD CONSTRAINT "vends_corporate_id_corporates_id_fk" FOREIGN KEY ("corporate_id") REFERENCES "public"."corporates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vends" ADD CONSTRAINT "vends_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vends" ADD CONSTRAINT "vends_data_plan_id_data_plans_id_fk" FOREIGN KEY ("data_plan_id") REFERENCES "public"."data_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vends" ADD CONSTRAINT "vends_float_line_id_vtu_lines_id_fk" FOREIGN KEY ("float_line_id") REFERENCES "public"."vtu_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vends" ADD CONSTRAINT "vends_vtu_line_id_vtu_lines_id_fk" FOREIGN KEY ("vtu_line_id") REFERENCES "public"."vtu_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vends" ADD CONSTRAINT "vends_debit_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("debit_transfer_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vends" ADD CONSTRAINT "vends_reroute_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("reroute_transfer_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vends" ADD CONSTRAINT "vends_reversal_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("reversal_transfer_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vends" ADD CONSTRAINT "vends_commission_settlement_id_commission_settlements_id_fk" FOREIGN KEY ("commission_settlement_id") REFERENCES "public"."commission_settlements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vtu_fundings" ADD CONSTRAINT "vtu_fundings_line_id_vtu_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."vtu_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vtu_fundings" ADD CONSTRAINT "vtu_fundings_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vtu_lines" ADD CONSTRAINT "vtu_lines_corporate_id_corporates_id_fk" FOREIGN KEY ("corporate_id") REFERENCES "public"."corporates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_attempts" ADD CONSTRAINT "webhook_attempts_delivery_id_webhook_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."webhook_deliveries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_corporate_id_corporates_id_fk" FOREIGN KEY ("corporate_id") REFERENCES "public"."corporates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_vend_id_vends_id_fk" FOREIGN KEY ("vend_id") REFERENCES "public"."vends"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_corporate_id_corporates_id_fk" FOREIGN KEY ("corporate_id") REFERENCES "public"."corporates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "commission_settlements_corporate_idx" ON "commission_settlements" USING btree ("corporate_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "commission_settlements_transfer_uq" ON "commission_settlements" USING btree ("transfer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "data_plans_code_uq" ON "data_plans" USING btree (lower("code"));--> statement-breakpoint
CREATE INDEX "data_plans_network_idx" ON "data_plans" USING btree ("network","price_kobo");--> statement-breakpoint
CREATE UNIQUE INDEX "ip_allowlist_uq" ON "ip_allowlist" USING btree ("corporate_id","address");--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("run_at") WHERE "jobs"."status" in ('PENDING', 'RUNNING');--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_dedupe_uq" ON "jobs" USING btree ("dedupe_key") WHERE "jobs"."status" in ('PENDING', 'RUNNING');--> statement-breakpoint
CREATE INDEX "service_assignments_service_idx" ON "service_assignments" USING btree ("service_id");--> statement-breakpoint
CREATE UNIQUE INDEX "services_product_uq" ON "services" USING btree ("network","service_type","platform");--> statement-breakpoint
CREATE INDEX "vend_events_vend_idx" ON "vend_events" USING btree ("vend_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "vends_code_uq" ON "vends" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "vends_reference_uq" ON "vends" USING btree ("corporate_id","mode","reference");--> statement-breakpoint
CREATE UNIQUE INDEX "vends_debit_uq" ON "vends" USING btree ("debit_transfer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "vends_reversal_uq" ON "vends" USING btree ("reversal_transfer_id");--> statement-breakpoint
CREATE INDEX "vends_corporate_idx" ON "vends" USING btree ("corporate_id","mode","created_at");--> statement-breakpoint
CREATE INDEX "vends_mode_created_idx" ON "vends" USING btree ("mode","created_at");--> statement-breakpoint
CREATE INDEX "vends_requery_idx" ON "vends" USING btree ("requery_at") WHERE "vends"."status" = 'PENDING';--> statement-breakpoint
CREATE INDEX "vends_float_line_idx" ON "vends" USING btree ("float_line_id","created_at") WHERE "vends"."float_line_id" is not null;--> statement-breakpoint
CREATE INDEX "vends_unsettled_commission_idx" ON "vends" USING btree ("corporate_id") WHERE "vends"."commission_mode" = 'ACCRUED' and "vends"."commission_settlement_id" is null and "vends"."status" = 'SUCCESSFUL';--> statement-breakpoint
CREATE UNIQUE INDEX "vtu_fundings_reference_uq" ON "vtu_fundings" USING btree (lower("reference"));--> statement-breakpoint
CREATE UNIQUE INDEX "vtu_fundings_transfer_uq" ON "vtu_fundings" USING btree ("transfer_id");--> statement-breakpoint
CREATE INDEX "vtu_fundings_line_idx" ON "vtu_fundings" USING btree ("line_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "vtu_lines_code_uq" ON "vtu_lines" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "vtu_lines_msisdn_uq" ON "vtu_lines" USING btree ("msisdn");--> statement-breakpoint
CREATE INDEX "webhook_attempts_delivery_idx" ON "webhook_attempts" USING btree ("delivery_id","attempt");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_corporate_idx" ON "webhook_deliveries" USING btree ("corporate_id","created_at");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_vend_idx" ON "webhook_deliveries" USING btree ("vend_id");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_event_idx" ON "webhook_deliveries" USING btree ("event_id");