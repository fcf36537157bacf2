CREATE TABLE "bill_bouquets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"biller_code" text NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"price_kobo" bigint NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bill_bouquets_price_positive" CHECK ("bill_bouquets"."price_kobo" > 0),
	CONSTRAINT "bill_bouquets_status" CHECK ("bill_bouquets"."status" in ('ACTIVE', 'INACTIVE'))
);
--> statement-breakpoint
CREATE TABLE "bill_verifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"corporate_id" uuid NOT NULL,
	"mode" text NOT NULL,
	"biller_code" text NOT NULL,
	"kind" text NOT NULL,
	"customer_number" text NOT NULL,
	"meter_type" text,
	"customer_name" text,
	"address" text,
	"current_bouquet" text,
	"current_bouquet_code" text,
	"renewal_amount_kobo" bigint,
	"due_date" text,
	"minimum_amount_kobo" bigint,
	"raw" jsonb,
	"verified_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vend_bills" (
	"vend_id" uuid PRIMARY KEY NOT NULL,
	"biller_code" text NOT NULL,
	"customer_number" text NOT NULL,
	"meter_type" text,
	"subscription_type" text,
	"bouquet_code" text,
	"bouquet_name" text,
	"customer_name" text,
	"customer_address" text,
	"phone" text NOT NULL,
	"email" text,
	"verification_id" uuid NOT NULL,
	"token" text,
	"units" text,
	"receipt_reference" text,
	"details" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bill_verifications" ADD CONSTRAINT "bill_verifications_corporate_id_corporates_id_fk" FOREIGN KEY ("corporate_id") REFERENCES "public"."corporates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vend_bills" ADD CONSTRAINT "vend_bills_verification_id_bill_verifications_id_fk" FOREIGN KEY ("verification_id") REFERENCES "public"."bill_verifications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bill_bouquets_code_uq" ON "bill_bouquets" USING btree ("biller_code",lower("code"));--> statement-breakpoint
CREATE INDEX "bill_verifications_corporate_idx" ON "bill_verifications" USING btree ("corporate_id","verified_at");--> statement-breakpoint
CREATE INDEX "vend_bills_customer_idx" ON "vend_bills" USING btree ("customer_number");