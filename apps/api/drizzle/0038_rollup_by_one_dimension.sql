CREATE TABLE "vend_daily_channel_totals" (
	"day" date NOT NULL,
	"channel" text NOT NULL,
	"status" text NOT NULL,
	"vend_count" integer NOT NULL,
	"amount_kobo" bigint NOT NULL,
	"commission_kobo" bigint NOT NULL,
	"charge_kobo" bigint NOT NULL,
	CONSTRAINT "vend_daily_channel_totals_day_channel_status_pk" PRIMARY KEY("day","channel","status")
);
--> statement-breakpoint
CREATE TABLE "vend_daily_client_type_totals" (
	"day" date NOT NULL,
	"client_type" text NOT NULL,
	"status" text NOT NULL,
	"vend_count" integer NOT NULL,
	"amount_kobo" bigint NOT NULL,
	"commission_kobo" bigint NOT NULL,
	"charge_kobo" bigint NOT NULL,
	CONSTRAINT "vend_daily_client_type_totals_day_client_type_status_pk" PRIMARY KEY("day","client_type","status")
);
--> statement-breakpoint
CREATE TABLE "vend_daily_network_totals" (
	"day" date NOT NULL,
	"network" text NOT NULL,
	"status" text NOT NULL,
	"vend_count" integer NOT NULL,
	"amount_kobo" bigint NOT NULL,
	"commission_kobo" bigint NOT NULL,
	"charge_kobo" bigint NOT NULL,
	CONSTRAINT "vend_daily_network_totals_day_network_status_pk" PRIMARY KEY("day","network","status")
);
--> statement-breakpoint
CREATE TABLE "vend_daily_service_totals" (
	"day" date NOT NULL,
	"service_type" text NOT NULL,
	"status" text NOT NULL,
	"vend_count" integer NOT NULL,
	"amount_kobo" bigint NOT NULL,
	"commission_kobo" bigint NOT NULL,
	"charge_kobo" bigint NOT NULL,
	CONSTRAINT "vend_daily_service_totals_day_service_type_status_pk" PRIMARY KEY("day","service_type","status")
);
--> statement-breakpoint
-- Days already built hold their vends in vend_daily_totals up to their watermark: the new tables
-- are its sums to fewer columns, so a built day stays clean and exact.
INSERT INTO "vend_daily_network_totals" SELECT "day", "network", "status", sum("vend_count"), sum("amount_kobo"), sum("commission_kobo"), sum("charge_kobo") FROM "vend_daily_totals" GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO "vend_daily_service_totals" SELECT "day", "service_type", "status", sum("vend_count"), sum("amount_kobo"), sum("commission_kobo"), sum("charge_kobo") FROM "vend_daily_totals" GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO "vend_daily_channel_totals" SELECT "day", "channel", "status", sum("vend_count"), sum("amount_kobo"), sum("commission_kobo"), sum("charge_kobo") FROM "vend_daily_totals" GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO "vend_daily_client_type_totals" SELECT "day", "client_type", "status", sum("vend_count"), sum("amount_kobo"), sum("commission_kobo"), sum("charge_kobo") FROM "vend_daily_totals" GROUP BY 1, 2, 3;
