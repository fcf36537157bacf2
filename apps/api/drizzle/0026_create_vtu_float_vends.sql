-- Issue 31: the vtu module's read model of vends (scripts/table-owners.mjs: vends belong to
-- vending, this view to vtu). A line's float by our books is its fundings less what its pending
-- and successful vends hold, and its consumption history lists those vends: vtu reads these
-- columns of the vends that used a line's float, and nothing else of the table. vending chooses a
-- line (vtu's pickLine) for a vend, so vtu sits below it and cannot ask it; this view is how vtu
-- reads the vends without importing vending. A plain projection: PostgreSQL inlines it, so the
-- plans (vends' float_line_id index) are the ones vtu had on the table.
CREATE VIEW "vtu_float_vends" AS
SELECT "id", "code", "corporate_id", "msisdn", "service_type", "amount_kobo", "status", "mode",
       "float_line_id", "created_at"
  FROM "vends"
 WHERE "float_line_id" IS NOT NULL;
