CREATE TABLE "verification_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"corporate_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"original_name" text NOT NULL,
	"mime" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"sha256" text NOT NULL,
	"storage_key" text NOT NULL,
	"uploaded_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "corporates" ADD COLUMN "verification_decline_reason" text;--> statement-breakpoint
ALTER TABLE "corporates" ADD COLUMN "verification_decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "corporates" ADD COLUMN "verification_decided_by_id" uuid;--> statement-breakpoint
ALTER TABLE "corporates" ADD COLUMN "test_mode_allowed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "verification_documents" ADD CONSTRAINT "verification_documents_corporate_id_corporates_id_fk" FOREIGN KEY ("corporate_id") REFERENCES "public"."corporates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_documents" ADD CONSTRAINT "verification_documents_uploaded_by_id_users_id_fk" FOREIGN KEY ("uploaded_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "verification_documents_corporate_idx" ON "verification_documents" USING btree ("corporate_id","created_at");--> statement-breakpoint
-- A client already in test mode was put there by the platform: it stays allowed.
UPDATE "corporates" SET "test_mode_allowed" = true WHERE "test_mode" = true;
