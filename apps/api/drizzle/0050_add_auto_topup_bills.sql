ALTER TABLE "auto_topup_runs" ADD COLUMN "customer_number" text;--> statement-breakpoint
ALTER TABLE "auto_topup_runs" ADD COLUMN "meter_type" text;--> statement-breakpoint
ALTER TABLE "auto_topup_runs" ADD COLUMN "subscription_type" text;--> statement-breakpoint
ALTER TABLE "auto_topup_subscribers" ADD COLUMN "customer_number" text;--> statement-breakpoint
ALTER TABLE "auto_topup_subscribers" ADD COLUMN "meter_type" text;--> statement-breakpoint
ALTER TABLE "auto_topup_subscribers" ADD COLUMN "subscription_type" text;--> statement-breakpoint
ALTER TABLE "auto_topup_subscribers" ADD COLUMN "verification_id" uuid;--> statement-breakpoint
ALTER TABLE "auto_topup_subscribers" ADD COLUMN "customer_name" text;--> statement-breakpoint
ALTER TABLE "auto_topup_subscribers" ADD CONSTRAINT "auto_topup_subscribers_verification_id_bill_verifications_id_fk" FOREIGN KEY ("verification_id") REFERENCES "public"."bill_verifications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_topup_subscribers" ADD CONSTRAINT "auto_topup_subscribers_bill_ck" CHECK ("auto_topup_subscribers"."service_type" in ('AIRTIME', 'DATA') or ("auto_topup_subscribers"."customer_number" is not null and "auto_topup_subscribers"."verification_id" is not null));