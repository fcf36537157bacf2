CREATE TABLE "provider_calls" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "provider_calls_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"provider" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"outcome" text NOT NULL,
	"duration_ms" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "provider_health" (
	"provider" text PRIMARY KEY NOT NULL,
	"state" text DEFAULT 'CLOSED' NOT NULL,
	"since" timestamp with time zone DEFAULT now() NOT NULL,
	"reason" text,
	"forced" boolean DEFAULT false NOT NULL,
	"probe_at" timestamp with time zone,
	"window_from" timestamp with time zone,
	CONSTRAINT "provider_health_state_ck" CHECK ("provider_health"."state" in ('CLOSED', 'OPEN', 'HALF_OPEN'))
);
--> statement-breakpoint
CREATE INDEX "provider_calls_provider_at_idx" ON "provider_calls" USING btree ("provider","at");