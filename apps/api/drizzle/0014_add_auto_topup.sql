CREATE TABLE "auto_topup_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"corporate_id" uuid NOT NULL,
	"subscriber_id" uuid NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"trigger" text NOT NULL,
	"reference" text NOT NULL,
	"msisdn" text NOT NULL,
	"network" text NOT NULL,
	"service_type" text NOT NULL,
	"amount_kobo" bigint,
	"plan_code" text,
	"status" text DEFAULT 'QUEUED' NOT NULL,
	"reason" text,
	"vend_id" uuid,
	"attempts" integer DEFAULT 0 NOT NULL,
	"retry_at" timestamp with time zone NOT NULL,
	"lease_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"failure_notified_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "auto_topup_settings" (
	"corporate_id" uuid PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"default_time" text DEFAULT '08:00' NOT NULL,
	"daily_cap_kobo" bigint,
	"monthly_cap_kobo" bigint,
	"insufficient_funds_policy" text DEFAULT 'SKIP_NOTIFY' NOT NULL,
	"updated_by_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auto_topup_settings_caps_ck" CHECK (coalesce("auto_topup_settings"."daily_cap_kobo", 1) > 0 and coalesce("auto_topup_settings"."monthly_cap_kobo", 1) > 0)
);
--> statement-breakpoint
CREATE TABLE "auto_topup_spend" (
	"corporate_id" uuid NOT NULL,
	"mode" text NOT NULL,
	"period" text NOT NULL,
	"starts_on" date NOT NULL,
	"spent_kobo" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "auto_topup_spend_corporate_id_mode_period_starts_on_pk" PRIMARY KEY("corporate_id","mode","period","starts_on"),
	CONSTRAINT "auto_topup_spend_nonneg_ck" CHECK ("auto_topup_spend"."spent_kobo" >= 0)
);
--> statement-breakpoint
CREATE TABLE "auto_topup_subscribers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"corporate_id" uuid NOT NULL,
	"name" text NOT NULL,
	"msisdn" text NOT NULL,
	"network" text NOT NULL,
	"service_type" text NOT NULL,
	"amount_kobo" bigint,
	"plan_code" text,
	"frequency" text NOT NULL,
	"weekday" integer,
	"month_day" integer,
	"once_date" date,
	"time_of_day" text NOT NULL,
	"paused" boolean DEFAULT false NOT NULL,
	"next_run_at" timestamp with time zone,
	"removed_at" timestamp with time zone,
	"created_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "auto_topup_runs" ADD CONSTRAINT "auto_topup_runs_corporate_id_corporates_id_fk" FOREIGN KEY ("corporate_id") REFERENCES "public"."corporates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_topup_runs" ADD CONSTRAINT "auto_topup_runs_subscriber_id_auto_topup_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."auto_topup_subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_topup_runs" ADD CONSTRAINT "auto_topup_runs_vend_id_vends_id_fk" FOREIGN KEY ("vend_id") REFERENCES "public"."vends"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_topup_settings" ADD CONSTRAINT "auto_topup_settings_corporate_id_corporates_id_fk" FOREIGN KEY ("corporate_id") REFERENCES "public"."corporates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_topup_settings" ADD CONSTRAINT "auto_topup_settings_updated_by_id_users_id_fk" FOREIGN KEY ("updated_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_topup_spend" ADD CONSTRAINT "auto_topup_spend_corporate_id_corporates_id_fk" FOREIGN KEY ("corporate_id") REFERENCES "public"."corporates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_topup_subscribers" ADD CONSTRAINT "auto_topup_subscribers_corporate_id_corporates_id_fk" FOREIGN KEY ("corporate_id") REFERENCES "public"."corporates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_topup_subscribers" ADD CONSTRAINT "auto_topup_subscribers_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "auto_topup_runs_due_uq" ON "auto_topup_runs" USING btree ("subscriber_id","trigger","due_at");--> statement-breakpoint
CREATE INDEX "auto_topup_runs_corporate_idx" ON "auto_topup_runs" USING btree ("corporate_id","due_at");--> statement-breakpoint
CREATE INDEX "auto_topup_runs_open_idx" ON "auto_topup_runs" USING btree ("retry_at") WHERE "auto_topup_runs"."status" in ('QUEUED', 'RETRYING');--> statement-breakpoint
CREATE INDEX "auto_topup_runs_unnotified_idx" ON "auto_topup_runs" USING btree ("finished_at") WHERE "auto_topup_runs"."status" = 'VENDED' and "auto_topup_runs"."failure_notified_at" is null;--> statement-breakpoint
CREATE INDEX "auto_topup_subscribers_corporate_idx" ON "auto_topup_subscribers" USING btree ("corporate_id","created_at");--> statement-breakpoint
CREATE INDEX "auto_topup_subscribers_due_idx" ON "auto_topup_subscribers" USING btree ("next_run_at") WHERE "auto_topup_subscribers"."next_run_at" is not null and not "auto_topup_subscribers"."paused" and "auto_topup_subscribers"."removed_at" is null;