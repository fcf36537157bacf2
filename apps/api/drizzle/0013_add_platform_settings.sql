CREATE TABLE "balance_alerts" (
	"subject" text PRIMARY KEY NOT NULL,
	"alerted_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_preferences" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"preferences" jsonb NOT NULL,
	"updated_by_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "platform_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_by_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reconciliation_settings" (
	"corporate_id" uuid PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"frequency" text DEFAULT 'DAILY' NOT NULL,
	"emails" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"in_app" boolean DEFAULT true NOT NULL,
	"format" text DEFAULT 'CSV' NOT NULL,
	"low_balance_threshold_kobo" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "statements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"corporate_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"opening_kobo" bigint NOT NULL,
	"credits_kobo" bigint NOT NULL,
	"debits_kobo" bigint NOT NULL,
	"closing_kobo" bigint NOT NULL,
	"entry_count" integer NOT NULL,
	"csv" text NOT NULL,
	"created_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "statements_balance_check" CHECK ("statements"."opening_kobo" + "statements"."credits_kobo" - "statements"."debits_kobo" = "statements"."closing_kobo")
);
--> statement-breakpoint
ALTER TABLE "outbox_emails" ADD COLUMN "attachments" jsonb;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reconciliation_settings" ADD CONSTRAINT "reconciliation_settings_corporate_id_corporates_id_fk" FOREIGN KEY ("corporate_id") REFERENCES "public"."corporates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statements" ADD CONSTRAINT "statements_corporate_id_corporates_id_fk" FOREIGN KEY ("corporate_id") REFERENCES "public"."corporates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "statements_code_uq" ON "statements" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "statements_scheduled_uq" ON "statements" USING btree ("corporate_id","kind","period_start") WHERE "statements"."kind" <> 'ON_DEMAND';--> statement-breakpoint
CREATE INDEX "statements_corporate_idx" ON "statements" USING btree ("corporate_id","created_at");