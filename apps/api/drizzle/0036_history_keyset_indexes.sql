DROP INDEX "audit_created_idx";--> statement-breakpoint
DROP INDEX "audit_corporate_idx";--> statement-breakpoint
DROP INDEX "auto_topup_runs_corporate_idx";--> statement-breakpoint
DROP INDEX "admin_fundings_corporate_idx";--> statement-breakpoint
DROP INDEX "auto_transfers_corporate_idx";--> statement-breakpoint
DROP INDEX "card_payments_corporate_idx";--> statement-breakpoint
DROP INDEX "fund_requests_corporate_idx";--> statement-breakpoint
DROP INDEX "vends_corporate_idx";--> statement-breakpoint
DROP INDEX "vends_mode_created_idx";--> statement-breakpoint
CREATE INDEX "admin_fundings_created_idx" ON "admin_fundings" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "auto_transfers_created_idx" ON "auto_transfers" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "card_payments_created_idx" ON "card_payments" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "fund_requests_created_idx" ON "fund_requests" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "audit_created_idx" ON "audit_logs" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "audit_corporate_idx" ON "audit_logs" USING btree ("corporate_id","created_at","id");--> statement-breakpoint
CREATE INDEX "auto_topup_runs_corporate_idx" ON "auto_topup_runs" USING btree ("corporate_id","due_at","id");--> statement-breakpoint
CREATE INDEX "admin_fundings_corporate_idx" ON "admin_fundings" USING btree ("corporate_id","created_at","id");--> statement-breakpoint
CREATE INDEX "auto_transfers_corporate_idx" ON "auto_transfers" USING btree ("corporate_id","created_at","id");--> statement-breakpoint
CREATE INDEX "card_payments_corporate_idx" ON "card_payments" USING btree ("corporate_id","created_at","id");--> statement-breakpoint
CREATE INDEX "fund_requests_corporate_idx" ON "fund_requests" USING btree ("corporate_id","created_at","id");--> statement-breakpoint
CREATE INDEX "vends_corporate_idx" ON "vends" USING btree ("corporate_id","mode","created_at","id","status","network");--> statement-breakpoint
CREATE INDEX "vends_mode_created_idx" ON "vends" USING btree ("mode","created_at","id");