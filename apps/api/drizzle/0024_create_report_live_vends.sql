-- The reports module's read model of vends (scripts/table-owners.mjs: vends belong to vending,
-- this view to reports). Reports sum live vends by day, network, service, channel, client type,
-- status and client, rebuild their daily roll-ups from them, and value a client's successful
-- vends: they read these columns of the live vends, and nothing else of the table.
-- A plain projection with the mode filter every report applied itself: PostgreSQL inlines it into
-- each query, so the plans (the (corporate_id, mode, created_at) and created_at indexes) are the
-- ones the reports had on the table. The roll-ups' dirty marking stays the trigger on vends.
CREATE VIEW "report_live_vends" AS
SELECT "id", "corporate_id", "created_at", "network", "service_type", "channel", "client_type",
       "status", "amount_kobo", "commission_kobo", "charge_kobo"
  FROM "vends"
 WHERE "mode" = 'LIVE';
