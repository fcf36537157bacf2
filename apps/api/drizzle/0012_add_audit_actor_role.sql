ALTER TABLE "audit_logs" ADD COLUMN "actor_role" text;--> statement-breakpoint
CREATE INDEX "audit_actor_idx" ON "audit_logs" USING btree ("actor_id","created_at");