-- Issue 36 (6): auto top-up gets a read-only permission. Viewing settings, subscribers and runs
-- needs autotopup.read (or manage); changes keep autotopup.manage. Every client role that could
-- see the area (it holds autotopup.manage) is granted autotopup.read, so no one loses a screen.
-- The system Owner role receives it from the seed, which keeps it in step with the catalogue.
UPDATE "roles"
   SET "permissions" = "permissions" || '["autotopup.read"]'::jsonb,
       "updated_at" = now()
 WHERE "area" = 'CORPORATE'
   AND "permissions" @> '["autotopup.manage"]'::jsonb
   AND NOT "permissions" @> '["autotopup.read"]'::jsonb;
