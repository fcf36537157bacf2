-- Issue 36 point 23: a statement names each movement by the code the client sees everywhere else
-- (FR-..., VND-..., AF-...), not by the ledger's internal transfer reference (fund-request:<id>,
-- vend:<id>, admin-funding:<key>). Statements belong to reconciliation, which sits below funding
-- and vending (scripts/table-owners.mjs): these views are its read model of their codes, and
-- nothing else of the tables. Plain projections: PostgreSQL inlines them, so a lookup by id uses
-- the tables' primary keys (and admin_fundings' unique request key).
CREATE VIEW "statement_fund_request_codes" AS
SELECT "id", "code" FROM "fund_requests";
--> statement-breakpoint
CREATE VIEW "statement_vend_codes" AS
SELECT "id", "code" FROM "vends";
--> statement-breakpoint
CREATE VIEW "statement_admin_funding_codes" AS
SELECT "request_key", "code" FROM "admin_fundings";
