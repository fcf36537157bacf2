CREATE TABLE "vend_client_weekly_totals" (
	"week" date NOT NULL,
	"corporate_id" uuid NOT NULL,
	"status" text NOT NULL,
	"vend_count" integer NOT NULL,
	"amount_kobo" bigint NOT NULL,
	"commission_kobo" bigint NOT NULL,
	"charge_kobo" bigint NOT NULL,
	CONSTRAINT "vend_client_weekly_totals_week_corporate_id_status_pk" PRIMARY KEY("week","corporate_id","status")
);
--> statement-breakpoint
CREATE TABLE "vend_rollup_weeks" (
	"week" date PRIMARY KEY NOT NULL,
	"built_at" timestamp with time zone NOT NULL
);
